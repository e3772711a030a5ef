import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/sport'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { registerCall } from '../http/route'
import type { FeedMatch, OddsFeed } from './OddsFeed'
import { SPORTS } from './sports'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The longest list a matches call returns. */
const LIST_MAX = 100

const wire = (m: FeedMatch) => ({ matchId: m.matchId, sport: m.sport, league: m.league, home: m.home, away: m.away, startsAt: m.startsAt, matchTime: m.matchTime, minute: m.minute, score: m.score })
const isLive = (m: FeedMatch) => m.matchTime > 0
const isUpcoming = (m: FeedMatch, now: number) => m.matchTime === 0 && m.startsAt > now
const isOver = (m: FeedMatch) => m.matchTime < 0

export function sportRoutes(app: FastifyInstance, deps: Deps, feed: OddsFeed): void {
  // The week's counts change by the minute: computed once per 15 s.
  let counts: { at: number; value: { sport: (typeof SPORTS)[number]['id']; live: number; upcoming: number }[] } | null = null
  registerCall(app, deps, contract.sportList, async () => {
    const now = deps.now()
    if (!counts || now - counts.at > 15_000) {
      const week = feed.matches(now, now + 7 * DAY)
      counts = { at: now, value: SPORTS.map((s) => ({ sport: s.id, live: week.filter((m) => m.sport === s.id && isLive(m)).length, upcoming: week.filter((m) => m.sport === s.id && isUpcoming(m, now)).length })) }
    }
    return counts.value
  })

  registerCall(app, deps, contract.sportMatches, async ({ query }) => {
    const now = deps.now()
    const state = query.state ?? 'live'
    const found =
      state === 'live'
        ? feed.matches(now, now + 1, query.sport).filter(isLive)
        : state === 'upcoming'
          ? feed.matches(now, now + DAY, query.sport).filter((m) => isUpcoming(m, now))
          : feed
              .matches(now - DAY, now, query.sport)
              .filter(isOver)
              .reverse()
    return found.slice(0, LIST_MAX).map(wire)
  })

  registerCall(app, deps, contract.sportMatch, async ({ params }) => {
    const match = feed.match(params.matchId)
    if (!match) throw new AppError('NOT_FOUND')
    return { match: wire(match), halfTime: match.halfTime, corners: match.corners, markets: feed.markets(match.matchId) }
  })
}
