import type { Config } from '../config'
import type { Queryable } from '../db/connection'
import { BookFeed } from './book'
import type { OddsFeed } from './OddsFeed'
import { sportSecret } from './secret'
import { SimulatorFeed } from './SimulatorFeed'

/**
 * The feed SPORT_FEED names, or null when the sportsbook is closed (`none`: its calls answer
 * SPORT_CLOSED and its pages say so). The simulator draws its matches from the secret kept in the
 * database (or SPORT_SEED's, outside production) and reads SPORT_CLOCK's stopped clock if set. The
 * book's price rule (BookFeed) applies to every feed.
 */
export async function sportFeedOf(config: Config, db: Queryable, now: () => number): Promise<OddsFeed | null> {
  const { sport } = config
  if (sport.feed === 'none') return null
  const secret = await sportSecret(db, sport.seed)
  const clock = sport.clock
  return new BookFeed(new SimulatorFeed({ secret, timeScale: sport.timeScale, margin: sport.margin }, clock === null ? now : () => clock), sport.maxOdds)
}
