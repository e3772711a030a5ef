import { MATCH_TIME } from '../../src/shared/codes'
import { sportSecret } from '../../src/server/sport/secret'
import { SimulatorFeed } from '../../src/server/sport/SimulatorFeed'
import type { TestApp } from './testApp'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/**
 * Moves a test app's clock (`advance`) to the first moment from now, in 5-minute steps, when its
 * simulator has at least `live` football matches in play (one of them early in its first half, so a
 * test can bet in play for minutes) and `upcoming` more kicking off within a day. The simulator's
 * calendar keeps real hours (no football at 5 in the morning, none on most Monday afternoons): the
 * suites stand where the book has both, whatever day they run on. Returns the offset moved.
 */
export async function toFootballHours(t: TestApp, { live = 3, upcoming = 20 } = {}): Promise<number> {
  let at = 0
  // The simulator itself, whichever feed the app serves (The Odds API's emulator plays its matches).
  const feed = new SimulatorFeed({ secret: await sportSecret(t.db, t.config.sport.seed), timeScale: t.config.sport.timeScale, margin: t.config.sport.margin }, () => at)
  const start = t.app.deps.now()
  for (at = start; at < start + 14 * DAY; at += 5 * MINUTE) {
    const playing = feed.matches(at, at + 1, 'football').filter((m) => m.matchTime > 0 && m.matchTime !== MATCH_TIME.FINISHED)
    if (playing.length < live || !playing.some((m) => m.matchTime === MATCH_TIME.FIRST_HALF && m.minute >= 3 && m.minute < 25)) continue
    if (feed.matches(at, at + DAY, 'football').filter((m) => m.matchTime === MATCH_TIME.NOT_OPEN && m.startsAt > at + 5 * MINUTE).length < upcoming) continue
    t.advance(at - start)
    return at - start
  }
  throw new Error('no moment with football in play within two weeks')
}

/**
 * Moves a test app's clock to the first moment from now, in 5-minute steps, when a race (played,
 * not postponed) kicks off between 20 and 60 minutes later: races run on Thursday evenings and
 * weekend afternoons in Brasília, and `racesAfter` other races are open within the day after it
 * (the last race of a meeting has none). Returns the race's id.
 */
export async function toRaceHours(t: TestApp, racesAfter = 0): Promise<string> {
  let at = 0
  const feed = new SimulatorFeed({ secret: await sportSecret(t.db, t.config.sport.seed), timeScale: t.config.sport.timeScale, margin: t.config.sport.margin }, () => at)
  const start = t.app.deps.now()
  const open = (m: ReturnType<typeof feed.matches>[number]) => m.startsAt >= at + 20 * MINUTE && m.matchTime === MATCH_TIME.NOT_OPEN && feed.markets(m.matchId)[0]?.status === 'open'
  for (at = start; at < start + 14 * DAY; at += 5 * MINUTE) {
    const race = feed.matches(at + 20 * MINUTE, at + 60 * MINUTE, 'racing').find(open)
    if (!race) continue
    // Other races open after it within the day the upcoming list shows (a suite that settles some and needs others open).
    if (feed.matches(race.startsAt + 1, at + DAY - 60 * MINUTE, 'racing').filter(open).length < racesAfter) continue
    t.advance(at - start)
    return race.matchId
  }
  throw new Error('no race within two weeks')
}
