// The sportsbook's settings (SPORT_FEED, caps, the in-play delay).
import { SPORT_FEED_KINDS, type AppMode, type SportFeedKind } from '../../shared/contract/appInfo'
import { SPORT_LIMIT_DEFAULTS } from '../../shared/contract/sport'
import { instantEnv, numberEnv, problem, reaisEnv } from './env'

/** Where the sportsbook's matches come from (SPORT_FEED): the built-in simulator (demo only), or none (the sportsbook is closed). */
const SPORT_FEEDS = SPORT_FEED_KINDS

export interface SportConfig {
  /** SPORT_FEED: `simulator` by default in demo mode, `none` in production (which refuses the simulator). */
  feed: SportFeedKind
  /** SPORT_SEED (demo only): the simulator plays the matches of this seed instead of its secret's, the same in every run. */
  seed: string | null
  /** SPORT_TIME_SCALE: the simulator's clock speed (1 real time); SPORT_MARGIN: its margin (0.05). */
  timeScale: number
  margin: number
  /** One selection's stake limits, centavos (SPORT_MIN_STAKE, SPORT_MAX_STAKE in reais: 0.10, 1000.00); a parlay's most legs (SPORT_MAX_LEGS, 10). */
  minStake: bigint
  maxStake: bigint
  maxLegs: number
  /** The largest payout of one bet, centavos (SPORT_MAX_PAYOUT in reais, 100000.00): a bet that could pay more is refused. */
  maxPayout: bigint
  /** The largest potential payout of one player's open bets on one match, centavos (SPORT_MAX_MATCH_PAYOUT in reais, 100000.00). */
  maxMatchPayout: bigint
  /** The largest price offered, thousandths (SPORT_MAX_ODDS, 1000): a market with a dearer selection is suspended. */
  maxOdds: number
  /** How long an in-play bet waits before it is accepted at the same or a better price (SPORT_LIVE_DELAY_SECONDS, 5). */
  liveDelayMs: number
  /** How often finished matches are settled (SPORT_SETTLE_SECONDS, 10; 0: never by itself) and watched matches' changes pushed (SPORT_PUSH_MS, 1000). */
  settleEveryMs: number
  pushEveryMs: number
  /** SPORT_CLOCK (an ISO instant, demo only) stops the simulator's clock there, for visual snapshots of the sports pages. */
  clock: number | null
}

export function loadSportConfig(env: NodeJS.ProcessEnv, mode: AppMode): SportConfig {
  const named = (env.SPORT_FEED ?? '').trim() || (mode === 'demo' ? 'simulator' : 'none')
  const feed = (SPORT_FEEDS as readonly string[]).includes(named) ? named : problem(`SPORT_FEED must be ${SPORT_FEEDS.join(' or ')}, not "${env.SPORT_FEED}"`, 'none')
  const given = (env.SPORT_SEED ?? '').trim()
  const seed = given === '' || /^[\w.-]{1,64}$/.test(given) ? given : problem(`SPORT_SEED must be letters, digits, dots or dashes (at most 64), not "${env.SPORT_SEED}"`, '')
  const timeScale = numberEnv(env, 'SPORT_TIME_SCALE', 1, false, { min: 0.001, max: 10_000 })
  const margin = numberEnv(env, 'SPORT_MARGIN', 0.05, false, { min: 0.01, max: 0.5 })
  const maxOdds = numberEnv(env, 'SPORT_MAX_ODDS', 1000, false, { min: 1.5, max: 10_000 })
  return {
    feed: feed as SportFeedKind,
    seed: seed || null,
    timeScale,
    margin,
    minStake: reaisEnv(env, 'SPORT_MIN_STAKE', SPORT_LIMIT_DEFAULTS.minStake),
    maxStake: reaisEnv(env, 'SPORT_MAX_STAKE', SPORT_LIMIT_DEFAULTS.maxStake),
    maxLegs: numberEnv(env, 'SPORT_MAX_LEGS', 10, true, { min: 2, max: 30 }),
    maxPayout: reaisEnv(env, 'SPORT_MAX_PAYOUT', '100000'),
    maxMatchPayout: reaisEnv(env, 'SPORT_MAX_MATCH_PAYOUT', '100000'),
    maxOdds: Math.round(maxOdds * 1000),
    liveDelayMs: numberEnv(env, 'SPORT_LIVE_DELAY_SECONDS', 5, false, { max: 60 }) * 1000,
    settleEveryMs: numberEnv(env, 'SPORT_SETTLE_SECONDS', 10, false, { max: 3600 }) * 1000,
    // How often watched matches' odds and scores are pushed (SPORT_PUSH_MS; 0: never).
    pushEveryMs: numberEnv(env, 'SPORT_PUSH_MS', 1000, true, { max: 60_000 }),
    clock: instantEnv(env, 'SPORT_CLOCK'),
  }
}
