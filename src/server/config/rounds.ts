// The shared rounds' settings (ROUNDS, phases, chains, caps).
import { CASINO_LIMIT_DEFAULTS } from '../../shared/contract/casino'
import { largestPayout } from '../../shared/games/rounds/payTable'
import type { SaltPlan } from '../rounds/RoundChain'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId, type RoundTimings } from '../../shared/games/rounds/types'
import { centavosToReais } from '../../shared/money'
import { numberEnv, problem, reaisEnv } from './env'

export interface RoundsConfig {
  /** ROUNDS: 'on' (default) runs every game's round loop in this process; 'off' runs none. */
  enabled: boolean
  /** ROUND_CHAIN_LENGTH: links in a new hash chain (1,000,000); a checkpoint every ROUND_CHAIN_CHECKPOINT (1,000). */
  chainLength: number
  chainEvery: number
  /** ROUND_TIMINGS: each game's betting, draw and result times, e.g. double=15/6/4 (seconds). */
  timings: Record<RoundGameId, RoundTimings>
  /** ROUND_MIN_STAKE / ROUND_MAX_STAKE: one bet's limits, reais (0.10 / 1000.00), in centavos. */
  minStake: bigint
  maxStake: bigint
  /** ROUND_MAX_BETS_PER_PLAYER: bets one player may make on one round (50: every Lucky Color choice three times over). */
  maxBetsPerPlayer: number
  /** ROUND_MAX_PAYOUT: the most one round may pay over its possible results, all players' bets together (reais, 100000.00), in centavos. */
  maxPayout: bigint
  /**
   * How a new chain's salt is made once its terminating hash is published: ROUND_SALT=seeds (default:
   * the seeds of the first ROUND_SALT_SEEDS (3) players to send one, or those come within
   * ROUND_SALT_WAIT_SECONDS (30)) or public (a value named by ROUND_SALT_SOURCE, given by the operators).
   */
  salt: SaltPlan
}

/** The longest betting, draw or result phase of a shared round. */
const MAX_ROUND_PHASE_MS = 3_600_000

export function loadRoundsConfig(env: NodeJS.ProcessEnv): RoundsConfig {
  const switchRaw = (env.ROUNDS ?? 'on').trim()
  const switchText = switchRaw === 'on' || switchRaw === 'off' ? switchRaw : problem(`ROUNDS must be on or off, not "${switchRaw}"`, 'on')
  const timings = Object.fromEntries(ROUND_GAME_IDS.map((g) => [g, { ...ROUND_GAMES[g].timings }])) as Record<RoundGameId, RoundTimings>
  for (const part of (env.ROUND_TIMINGS ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [, game, ...secs] = /^(\w+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(part) ?? []
    if (game === undefined || !(ROUND_GAME_IDS as readonly string[]).includes(game)) {
      problem(`ROUND_TIMINGS must read like double=15/6/4,luckyColor=55/3/2 (seconds of betting/draw/result), not "${part}"`, null)
      continue
    }
    const [betting, draw, result] = secs.map((x) => Math.round(Number(x) * 1000)) as [number, number, number]
    // Each phase is a timer: past setTimeout's 24.8 days it would fire at once.
    if (betting <= 0) problem(`ROUND_TIMINGS: ${game} needs some betting time`, null)
    else if (Math.max(betting, draw, result) > MAX_ROUND_PHASE_MS) problem(`ROUND_TIMINGS: ${game}'s phases must each be at most ${MAX_ROUND_PHASE_MS / 1000} seconds`, null)
    else timings[game as RoundGameId] = { bettingMs: betting, drawMs: draw, resultMs: result }
  }
  const chainLength = numberEnv(env, 'ROUND_CHAIN_LENGTH', 1_000_000, true, { min: 2, max: 100_000_000 })
  const chainEvery = numberEnv(env, 'ROUND_CHAIN_CHECKPOINT', 1_000, true, { min: 1, max: 100_000_000 })
  const maxBetsPerPlayer = numberEnv(env, 'ROUND_MAX_BETS_PER_PLAYER', 50, true, { min: 1, max: 10_000 })
  const maxStake = reaisEnv(env, 'ROUND_MAX_STAKE', CASINO_LIMIT_DEFAULTS.maxStake)
  const maxPayout = reaisEnv(env, 'ROUND_MAX_PAYOUT', '100000.00')
  // A cap below one bet's largest payout would refuse a single largest bet on the best-paying choice.
  const bestPay = ROUND_GAME_IDS.map((g) => largestPayout(ROUND_GAMES[g].rules, maxStake)).reduce((a, b) => (b > a ? b : a), 0n)
  if (maxPayout < bestPay) problem(`ROUND_MAX_PAYOUT must be at least what one largest bet can pay (${centavosToReais(bestPay)} with ROUND_MAX_STAKE), not ${centavosToReais(maxPayout)}`, null)
  const saltMethod = (env.ROUND_SALT ?? '').trim() || 'seeds'
  let salt: SaltPlan
  if (saltMethod === 'seeds') {
    const seeds = numberEnv(env, 'ROUND_SALT_SEEDS', 3, true, { min: 1, max: 100 })
    const waitSeconds = numberEnv(env, 'ROUND_SALT_WAIT_SECONDS', 30, false, { max: 86_400 })
    salt = { method: 'seeds', seeds, waitMs: Math.round(waitSeconds * 1000) }
  } else if (saltMethod === 'public') {
    const source = (env.ROUND_SALT_SOURCE ?? '').trim()
    if (source.length < 3 || source.length > 200) {
      problem('ROUND_SALT=public needs ROUND_SALT_SOURCE: the public value each new chain\'s salt will come from, named before it exists (e.g. "hash of Bitcoin block 880000"), 3 to 200 characters', null)
    }
    salt = { method: 'public', source }
  } else {
    salt = problem(`ROUND_SALT must be seeds or public, not "${saltMethod}"`, { method: 'seeds', seeds: 3, waitMs: 30_000 })
  }
  return {
    enabled: switchText === 'on',
    salt,
    chainLength,
    chainEvery,
    timings,
    minStake: reaisEnv(env, 'ROUND_MIN_STAKE', CASINO_LIMIT_DEFAULTS.minStake),
    maxStake,
    maxBetsPerPlayer,
    maxPayout,
  }
}
