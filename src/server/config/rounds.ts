// The shared rounds' settings (ROUNDS, phases, chains, caps).
import { CASINO_LIMIT_DEFAULTS } from '../../shared/contract/casino'
import { largestPayout } from '../../shared/games/rounds/payTable'
import type { SaltPlan } from '../rounds/RoundChain'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId, type RoundTimings } from '../../shared/games/rounds/types'
import { centavosToReais } from '../../shared/money'
import { ConfigError, numberEnv, reaisEnv } from './env'

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
  const switchText = (env.ROUNDS ?? 'on').trim()
  if (switchText !== 'on' && switchText !== 'off') throw new ConfigError(`ROUNDS must be on or off, not "${switchText}"`)
  const timings = Object.fromEntries(ROUND_GAME_IDS.map((g) => [g, { ...ROUND_GAMES[g].timings }])) as Record<RoundGameId, RoundTimings>
  for (const part of (env.ROUND_TIMINGS ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [, game, ...secs] = /^(\w+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(part) ?? []
    if (game === undefined || !(ROUND_GAME_IDS as readonly string[]).includes(game)) {
      throw new ConfigError(`ROUND_TIMINGS must read like double=15/6/4,luckyColor=55/3/2 (seconds of betting/draw/result), not "${part}"`)
    }
    const [betting, draw, result] = secs.map((x) => Math.round(Number(x) * 1000)) as [number, number, number]
    if (betting <= 0) throw new ConfigError(`ROUND_TIMINGS: ${game} needs some betting time`)
    // Each phase is a timer: past setTimeout's 24.8 days it would fire at once.
    if (Math.max(betting, draw, result) > MAX_ROUND_PHASE_MS) throw new ConfigError(`ROUND_TIMINGS: ${game}'s phases must each be at most ${MAX_ROUND_PHASE_MS / 1000} seconds`)
    timings[game as RoundGameId] = { bettingMs: betting, drawMs: draw, resultMs: result }
  }
  const chainLength = numberEnv(env, 'ROUND_CHAIN_LENGTH', 1_000_000, true, { max: 100_000_000 })
  const chainEvery = numberEnv(env, 'ROUND_CHAIN_CHECKPOINT', 1_000, true, { max: 100_000_000 })
  if (!Number.isInteger(chainLength) || chainLength < 2 || !Number.isInteger(chainEvery) || chainEvery < 1) {
    throw new ConfigError('ROUND_CHAIN_LENGTH must be a whole number of at least 2, ROUND_CHAIN_CHECKPOINT at least 1')
  }
  const maxBetsPerPlayer = numberEnv(env, 'ROUND_MAX_BETS_PER_PLAYER', 50)
  if (maxBetsPerPlayer < 1 || maxBetsPerPlayer > 10_000) throw new ConfigError(`ROUND_MAX_BETS_PER_PLAYER must be a whole number from 1 to 10000, not "${env.ROUND_MAX_BETS_PER_PLAYER}"`)
  const maxStake = reaisEnv(env, 'ROUND_MAX_STAKE', CASINO_LIMIT_DEFAULTS.maxStake)
  const maxPayout = reaisEnv(env, 'ROUND_MAX_PAYOUT', '100000.00')
  // A cap below one bet's largest payout would refuse a single largest bet on the best-paying choice.
  const bestPay = ROUND_GAME_IDS.map((g) => largestPayout(ROUND_GAMES[g].rules, maxStake)).reduce((a, b) => (b > a ? b : a), 0n)
  if (maxPayout < bestPay) throw new ConfigError(`ROUND_MAX_PAYOUT must be at least what one largest bet can pay (${centavosToReais(bestPay)} with ROUND_MAX_STAKE), not ${centavosToReais(maxPayout)}`)
  const saltMethod = (env.ROUND_SALT ?? '').trim() || 'seeds'
  let salt: SaltPlan
  if (saltMethod === 'seeds') {
    const seeds = numberEnv(env, 'ROUND_SALT_SEEDS', 3)
    if (seeds < 1 || seeds > 100) throw new ConfigError(`ROUND_SALT_SEEDS must be a whole number from 1 to 100, not "${env.ROUND_SALT_SEEDS}"`)
    const waitSeconds = numberEnv(env, 'ROUND_SALT_WAIT_SECONDS', 30, false)
    if (waitSeconds > 86_400) throw new ConfigError(`ROUND_SALT_WAIT_SECONDS must be at most 86400 (a day), not "${env.ROUND_SALT_WAIT_SECONDS}"`)
    salt = { method: 'seeds', seeds, waitMs: Math.round(waitSeconds * 1000) }
  } else if (saltMethod === 'public') {
    const source = (env.ROUND_SALT_SOURCE ?? '').trim()
    if (source.length < 3 || source.length > 200) {
      throw new ConfigError('ROUND_SALT=public needs ROUND_SALT_SOURCE: the public value each new chain\'s salt will come from, named before it exists (e.g. "hash of Bitcoin block 880000"), 3 to 200 characters')
    }
    salt = { method: 'public', source }
  } else {
    throw new ConfigError(`ROUND_SALT must be seeds or public, not "${saltMethod}"`)
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
