import type { Config } from '../config'
import type { Queryable } from '../db/connection'
import { BookFeed } from './book'
import type { OddsFeed } from './OddsFeed'
import { sportSecret } from './secret'
import { SimulatorFeed } from './SimulatorFeed'
import { OddsApiEmulator, ODDS_EMULATOR_PREFIX } from './theoddsapi/OddsApiEmulator'
import { TheOddsApiFeed } from './theoddsapi/TheOddsApiFeed'

/** The Odds API's parts when SPORT_FEED=theoddsapi: the adapter (it polls in the background) and, in demo mode without ODDS_API_URL, the emulator on this server. */
export interface OddsApiParts {
  feed: TheOddsApiFeed
  emulator: OddsApiEmulator | null
}

/** How long one call to The Odds API may take. */
const ODDS_API_TIMEOUT_MS = 10_000

/**
 * The feed SPORT_FEED names, or null when the sportsbook is closed (`none`: its calls answer
 * SPORT_CLOSED and its pages say so). The simulator draws its matches from the secret kept in the
 * database (or SPORT_SEED's, outside production) and reads SPORT_CLOCK's stopped clock if set; The
 * Odds API's adapter reads ODDS_API_URL, or in demo mode the emulator on this server (`selfUrl`,
 * known once it listens), which the simulator feeds. The book's price rule (BookFeed) applies to every feed.
 */
export async function sportFeedOf(config: Config, db: Queryable, now: () => number): Promise<OddsFeed | null> {
  return (await buildSportFeed(config, db, now))?.feed ?? null
}

/** sportFeedOf's feed, with The Odds API's adapter and emulator when SPORT_FEED=theoddsapi (their lifecycle is the sport domain's). */
export async function buildSportFeed(
  config: Config,
  db: Queryable,
  now: () => number,
  extra: { selfUrl?: () => string; log?: TheOddsApiFeedLog } = {},
): Promise<{ feed: OddsFeed; oddsApi: OddsApiParts | null } | null> {
  const { sport } = config
  if (sport.feed === 'none') return null
  const clock = sport.clock
  const simClock = clock === null ? now : () => clock
  if (sport.feed === 'theoddsapi') {
    const o = sport.oddsApi
    // The emulator only in demo mode (production refuses a missing ODDS_API_URL before this).
    const emulated = o.url === null && !config.production
    const emulator = emulated ? new OddsApiEmulator({ sim: new SimulatorFeed({ secret: await sportSecret(db, sport.seed), timeScale: sport.timeScale, margin: 0 }, simClock), now: simClock, apiKey: o.key, timeScale: sport.timeScale }) : null
    const selfUrl = extra.selfUrl ?? (() => 'http://127.0.0.1')
    const baseUrl = o.url === null ? () => `${selfUrl()}${ODDS_EMULATOR_PREFIX}` : () => o.url as string
    const feed = new TheOddsApiFeed({ baseUrl, apiKey: o.key, sports: o.sports, regions: o.regions, refreshMs: o.refreshMs, staleMs: o.staleMs, quotaFloor: o.quotaFloor, margin: sport.margin, timeoutMs: ODDS_API_TIMEOUT_MS }, emulated ? simClock : now, extra.log ?? silent)
    return { feed: new BookFeed(feed, sport.maxOdds), oddsApi: { feed, emulator } }
  }
  const secret = await sportSecret(db, sport.seed)
  return { feed: new BookFeed(new SimulatorFeed({ secret, timeScale: sport.timeScale, margin: sport.margin }, simClock), sport.maxOdds), oddsApi: null }
}

type TheOddsApiFeedLog = ConstructorParameters<typeof TheOddsApiFeed>[2]
const silent: TheOddsApiFeedLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
