// The sportsbook's settings (SPORT_FEED, caps, the in-play delay).
import { SPORT_FEED_KINDS, type AppMode, type SportFeedKind } from '../../shared/contract/appInfo'
import { SPORT_LIMIT_DEFAULTS } from '../../shared/contract/sport'
import { instantEnv, numberEnv, problem, reaisEnv } from './env'

/** Where the sportsbook's matches come from (SPORT_FEED): the built-in simulator (demo only), The Odds API (theoddsapi), or none (the sportsbook is closed). */
const SPORT_FEEDS = SPORT_FEED_KINDS

export interface SportConfig {
  /** SPORT_FEED: `simulator` by default in demo mode, `none` in production (which refuses the simulator); `theoddsapi`: The Odds API v4 (its emulator in demo mode without ODDS_API_URL). */
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
  /** The Odds API's settings (SPORT_FEED=theoddsapi; read whatever the feed, checked only with it). */
  oddsApi: OddsApiConfig
}

/** SPORT_FEED=theoddsapi: The Odds API v4 (its ODDS_API_* settings). */
export interface OddsApiConfig {
  /** ODDS_API_KEY; in demo mode with the emulator, the emulator's own key by default. */
  key: string
  /** ODDS_API_URL: the API's root (https://api.the-odds-api.com); null: this server's emulator (demo mode only). */
  url: string | null
  /** ODDS_API_SPORTS: the sport keys followed (a trailing * takes every active key with that prefix). */
  sports: string[]
  /** ODDS_API_REGIONS: the bookmakers' regions (each one more costs as much again). */
  regions: string[]
  /** ODDS_API_REFRESH_SECONDS ("pre-match,live"): how often a key's prices are read. */
  refreshMs: { preMatch: number; live: number }
  /** ODDS_API_STALE_SECONDS ("pre-match,live"): a market whose freshest price is older is suspended. */
  staleMs: { preMatch: number; live: number }
  /** ODDS_API_QUOTA_FLOOR: polling stops while x-requests-remaining is under it. */
  quotaFloor: number
}

/** The Odds API's default sport keys: the Brazilian and the big European leagues, the US leagues, boxing, tennis tours, T20 cricket. */
export const ODDS_API_DEFAULT_SPORTS = [
  'soccer_brazil_campeonato',
  'soccer_brazil_serie_b',
  'soccer_conmebol_copa_libertadores',
  'soccer_epl',
  'soccer_spain_la_liga',
  'basketball_nba',
  'americanfootball_nfl',
  'baseball_mlb',
  'boxing_boxing',
  'tennis_atp_*',
  'tennis_wta_*',
  'cricket_international_t20',
]
const ODDS_API_REGIONS = ['us', 'us2', 'uk', 'eu', 'au']
/** The emulator's own key (it lives on this server; production refuses it): ODDS_API_KEY's default with it. */
export const ODDS_EMULATOR_KEY = 'emulator-odds-api-key'

/** Two whole numbers of seconds, "pre-match,live" (one number: both), as milliseconds. */
function pairEnv(env: NodeJS.ProcessEnv, name: string, fallback: [number, number], range: { min: number; max: number }): { preMatch: number; live: number } {
  const raw = (env[name] ?? '').trim()
  const parts = raw === '' ? fallback : raw.split(',').map((x) => Number(x.trim()))
  const [pre, live = pre] = parts
  if (parts.length > 2 || ![pre, live].every((n) => Number.isInteger(n) && (n as number) >= range.min && (n as number) <= range.max)) {
    return problem(`${name} must be two whole numbers of seconds from ${range.min} to ${range.max}, pre-match and live ("${fallback.join(',')}"), not "${env[name]}"`, { preMatch: fallback[0] * 1000, live: fallback[1] * 1000 })
  }
  return { preMatch: (pre as number) * 1000, live: (live as number) * 1000 }
}

function loadOddsApiConfig(env: NodeJS.ProcessEnv, mode: AppMode): OddsApiConfig {
  const url = (env.ODDS_API_URL ?? '').trim().replace(/\/+$/, '')
  if (url !== '' && !/^https?:\/\/[^\s/]+/.test(url)) problem(`ODDS_API_URL must be an http(s) address such as https://api.the-odds-api.com, not "${env.ODDS_API_URL}"`, null)
  const list = (name: string, fallback: string[]) => {
    const raw = (env[name] ?? '').trim()
    return raw === '' ? fallback : [...new Set(raw.split(',').map((x) => x.trim()).filter(Boolean))]
  }
  const sports = list('ODDS_API_SPORTS', ODDS_API_DEFAULT_SPORTS)
  for (const k of sports.filter((k) => !/^[a-z0-9_]{2,80}\*?$/.test(k))) problem(`ODDS_API_SPORTS: "${k}" is not a sport key (letters, digits and _, an optional trailing *)`, null)
  const regions = list('ODDS_API_REGIONS', ['eu'])
  for (const r of regions.filter((r) => !ODDS_API_REGIONS.includes(r))) problem(`ODDS_API_REGIONS: "${r}" is not one of ${ODDS_API_REGIONS.join(', ')}`, null)
  const refreshMs = pairEnv(env, 'ODDS_API_REFRESH_SECONDS', [300, 30], { min: 5, max: 86_400 })
  const staleMs = pairEnv(env, 'ODDS_API_STALE_SECONDS', [1200, 90], { min: 10, max: 86_400 })
  const emulator = url === '' && mode === 'demo'
  return {
    key: (env.ODDS_API_KEY ?? '').trim() || (emulator ? ODDS_EMULATOR_KEY : ''),
    url: url === '' ? null : url,
    sports,
    regions,
    refreshMs,
    staleMs,
    quotaFloor: numberEnv(env, 'ODDS_API_QUOTA_FLOOR', 100, true, { max: 100_000_000 }),
  }
}

export function loadSportConfig(env: NodeJS.ProcessEnv, mode: AppMode): SportConfig {
  const named = (env.SPORT_FEED ?? '').trim() || (mode === 'demo' ? 'simulator' : 'none')
  const feed = (SPORT_FEEDS as readonly string[]).includes(named) ? named : problem(`SPORT_FEED must be ${SPORT_FEEDS.join(' or ')}, not "${env.SPORT_FEED}"`, 'none')
  const given = (env.SPORT_SEED ?? '').trim()
  const seed = given === '' || /^[\w.-]{1,64}$/.test(given) ? given : problem(`SPORT_SEED must be letters, digits, dots or dashes (at most 64), not "${env.SPORT_SEED}"`, '')
  const timeScale = numberEnv(env, 'SPORT_TIME_SCALE', 1, false, { min: 0.001, max: 10_000 })
  const margin = numberEnv(env, 'SPORT_MARGIN', 0.05, false, { min: 0.01, max: 0.5 })
  const maxOdds = numberEnv(env, 'SPORT_MAX_ODDS', 1000, false, { min: 1.5, max: 10_000 })
  const oddsApi = loadOddsApiConfig(env, mode)
  if (feed === 'theoddsapi' && mode === 'demo' && oddsApi.url !== null && oddsApi.key === '') problem('ODDS_API_KEY is unset: ODDS_API_URL names a real Odds API, which answers every call without a key 401.', null)
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
    oddsApi,
  }
}
