import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import * as contract from '../../shared/contract/sport'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall, registerKeyedCall } from '../http/route'
import { opsTokenOf, requireOpsToken } from '../ops/opsToken'
import { centavosToReais } from '../../shared/money'
import { raceOutcome, type MatchOutcome } from '../../shared/sport/settle'
import type { Locale } from '../../shared/locales'
import { validate } from '../http/validate'
import { decimalOdds } from './bets'
import { wireMarkets } from './book'
import type { FeedMatch, OddsFeed } from './OddsFeed'
import { oddsToWire } from '../../shared/sport/odds'
import { SportPlay } from './SportPlay'
import type { SportSettler } from './SportSettler'
import { mainMarket } from './mainMarket'
import { SPORTS } from './sports'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The longest list a matches call returns. */
const LIST_MAX = 100

const wire = (m: FeedMatch) => ({ matchId: m.matchId, sport: m.sport, league: m.league, country: m.country, home: m.home, away: m.away, startsAt: m.startsAt, matchTime: m.matchTime, minute: m.minute, score: m.score, runners: [...(m.runners ?? [])], winner: m.winner ?? null })
const namesOf = (m: FeedMatch | null) => ({ home: m?.home ?? null, away: m?.away ?? null, sport: m?.sport ?? null, league: m?.league ?? null, runners: m ? [...(m.runners ?? [])] : null })

/**
 * The race's outcome an operator names by its winner: the runner's number in the field the feed
 * lists. A name not in the field (or a match that is no race) is refused as a validation error.
 */
function namedWinner(match: FeedMatch | null, name: string, locale: Locale): MatchOutcome {
  const runners = match?.runners ?? []
  const n = runners.indexOf(name) + 1
  if (n > 0) return raceOutcome(n, runners.length)
  validate(z.strictObject({ winner: z.string().check(z.refine(() => false, { message: 'invalid' })) }), { winner: name }, locale)
  throw new Error('unreachable: the validation refuses')
}
const isLive = (m: FeedMatch) => m.matchTime > 0
const isUpcoming = (m: FeedMatch, now: number) => m.matchTime === 0 && m.startsAt > now
const isOver = (m: FeedMatch) => m.matchTime < 0

/**
 * The sportsbook's calls. Without a feed (SPORT_FEED=none) the book is closed: every call answers
 * SPORT_CLOSED (its pages say so).
 */
export function sportRoutes(app: FastifyInstance, deps: Deps, book: { feed: OddsFeed; settler: SportSettler } | null): void {
  if (!book) {
    const closed = async (): Promise<never> => {
      throw new AppError('SPORT_CLOSED')
    }
    for (const call of [contract.sportList, contract.sportMatches, contract.sportMatch, contract.sportBets, contract.sportDevResult, contract.sportSettleByHand]) registerCall(app, deps, call, closed)
    registerKeyedCall(app, deps, contract.sportBet, closed)
    return
  }
  const { feed, settler } = book
  const { sport } = deps.config
  const limits = { minStake: centavosToReais(sport.minStake), maxStake: centavosToReais(sport.maxStake), maxLegs: sport.maxLegs, liveDelay: sport.liveDelayMs / 1000 }
  /** Of these matches, the ones settled by hand (outside production): they take no more bets, whatever the feed says, so their markets show closed. */
  const settledOf = async (ids: readonly string[]) =>
    new Set(ids.length ? (await deps.db.query<{ match_id: string }>('SELECT match_id FROM sport_results WHERE match_id = ANY($1::text[])', [ids])).rows.map((r) => r.match_id) : [])
  // The week's counts change by the minute: computed once per 15 s.
  let counts: { at: number; value: { sport: (typeof SPORTS)[number]['id']; live: number; upcoming: number }[] } | null = null
  registerCall(app, deps, contract.sportList, async () => {
    const now = feed.now()
    if (!counts || now - counts.at > 15_000) {
      const week = feed.matches(now, now + 7 * DAY)
      counts = { at: now, value: SPORTS.map((s) => ({ sport: s.id, live: week.filter((m) => m.sport === s.id && isLive(m)).length, upcoming: week.filter((m) => m.sport === s.id && isUpcoming(m, now)).length })) }
    }
    return counts.value
  })

  registerCall(app, deps, contract.sportMatches, async ({ query }) => {
    const now = feed.now()
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
    const shown = found.slice(0, LIST_MAX)
    const settled = await settledOf(shown.map((m) => m.matchId))
    // Each row's prices: the main market as the match page has it (the feed's price step is shared, so both agree).
    return shown.map((m) => {
      const main = mainMarket(m.sport, wireMarkets(feed.markets(m.matchId)))
      return { ...wire(m), main: main && settled.has(m.matchId) ? { ...main, status: 'closed' as const } : main }
    })
  })

  registerCall(app, deps, contract.sportMatch, async ({ params }) => {
    const match = feed.match(params.matchId)
    if (!match) throw new AppError('NOT_FOUND')
    // A match settled by hand (outside production) takes no more bets, whatever the feed says: its markets show closed.
    const settled = (await settledOf([match.matchId])).size > 0
    const markets = wireMarkets(feed.markets(match.matchId)).map((m) => (settled ? { ...m, status: 'closed' as const } : m))
    return { match: wire(match), halfTime: match.halfTime, corners: match.corners, quarters: match.quarters, markets, limits }
  })

  const play = new SportPlay(deps.db, feed, sport, deps.config.wallet, (size) => deps.metrics.batch('sport', size))
  registerKeyedCall(app, deps, contract.sportBet, async ({ body, session, key, hash, ctx }) => {
    const call = { userId: session.userId, key, hash, locale: ctx.locale, at: new Date(deps.now()) }
    const played = await play.bet(call, { type: body.type, stake: body.amount, selections: body.selections, acceptOdds: body.acceptOdds })
    if (played.moved) deps.realtime.toUser(session.userId, 'insBalance', { balance: centavosToReais(played.moved.balance), balanceVersion: Number(played.moved.version) })
    return played
  })

  registerCall(app, deps, contract.sportBets, async ({ query, session }) => {
    const filter = query.state === 'open' ? 'AND b.status = 0' : query.state === 'settled' ? 'AND b.status = 9999' : ''
    const bets = await deps.db.query<{ id: bigint; type: 'single' | 'parlay'; amount: bigint; payout: bigint; status: number; created_at: Date }>(
      `SELECT b.id, b.type, b.amount, b.payout, b.status, b.created_at FROM sport_bets b WHERE b.user_id = $1 ${filter} ORDER BY b.id DESC LIMIT 100`,
      [session.userId],
    )
    const ids = bets.rows.map((b) => BigInt(b.id))
    const legs = ids.length
      ? (
          await deps.db.query<{ bet_id: bigint; match_id: string; market_id: string; selection_id: string; market_type: string; period: number; line_quarters: number; selection: string; odds: number; result: number | null }>(
            'SELECT bet_id, match_id, market_id, selection_id, market_type, period, line_quarters, selection, odds, result FROM sport_bet_legs WHERE bet_id = ANY($1::bigint[]) ORDER BY bet_id, leg',
            [ids],
          )
        ).rows
      : []
    // Each leg names its match as the feed has it (one read per match): a real feed may have forgotten an old one (null, the page shows the id).
    const matches = new Map([...new Set(legs.map((l) => l.match_id))].map((id) => [id, feed.match(id)]))
    return bets.rows.map((b) => {
      const mine = legs.filter((l) => String(l.bet_id) === String(b.id))
      return {
        betId: String(b.id),
        type: b.type,
        amount: centavosToReais(BigInt(b.amount)),
        odds: decimalOdds(mine.map((l) => ({ odds: Number(l.odds) }))),
        payout: centavosToReais(BigInt(b.payout)),
        status: Number(b.status),
        createdAt: new Date(b.created_at).getTime(),
        legs: mine.map((l) => ({ matchId: l.match_id, ...namesOf(matches.get(l.match_id) ?? null), marketId: l.market_id, selectionId: l.selection_id, type: l.market_type, period: Number(l.period), line: Number(l.line_quarters) / 4, selection: l.selection, odds: oddsToWire(Number(l.odds)), result: l.result === null ? null : Number(l.result) })),
      }
    })
  })

  // The simulator's settlement by hand (outside production; with the operators' token): finish a
  // match now with a given result, as a feed would, and settle it.
  const opsToken = opsTokenOf(deps)
  registerCall(app, deps, contract.sportDevResult, async ({ params, body, request, ctx }) => {
    if (deps.config.production) throw new AppError('FORBIDDEN')
    requireOpsToken(deps, opsToken, request)
    const match = feed.match(params.matchId)
    if (!match) throw new AppError('NOT_FOUND')
    const outcome: MatchOutcome = 'matchTime' in body ? { status: 'void' } : 'winner' in body ? namedWinner(match, body.winner, ctx.locale) : { status: 'finished', fullTime: body.fullTime, halfTime: body.halfTime, corners: body.corners, ...(body.quarters ? { quarters: body.quarters } : {}) }
    return { settled: (await settleByHand(params.matchId, outcome)).settled }
  })

  // Manual settlement (any feed, production too): a match the feed knows, or one with bets on it
  // that the feed has forgotten (a cancelled event drops out of a real feed), with the reason, logged.
  registerCall(app, deps, contract.sportSettleByHand, async ({ params, body, request, ctx }) => {
    requireOpsToken(deps, opsToken, request)
    const match = feed.match(params.matchId)
    const known = match !== null || (await deps.db.query('SELECT 1 FROM sport_bet_legs WHERE match_id = $1 LIMIT 1', [params.matchId])).rows.length > 0
    if (!known) throw new AppError('NOT_FOUND')
    const outcome: MatchOutcome = 'void' in body ? { status: 'void' } : 'winner' in body ? namedWinner(match, body.winner, ctx.locale) : { status: 'finished', fullTime: body.fullTime, halfTime: body.halfTime ?? null, corners: body.corners ?? null, ...(body.quarters ? { quarters: body.quarters } : {}) }
    const done = await settleByHand(params.matchId, outcome)
    request.log.warn({ audit: 'sport-manual-settlement', matchId: params.matchId, outcome, reason: body.reason, ...done }, 'a match settled by hand')
    return done
  })

  /** Settles a match with an outcome given by hand, or corrects it when it was settled (only the differences move). */
  async function settleByHand(matchId: string, outcome: MatchOutcome): Promise<{ settled: number; corrected: boolean }> {
    const before = await deps.db.query('SELECT 1 FROM sport_results WHERE match_id = $1', [matchId])
    if (before.rows.length) return { settled: await settler.correct(matchId, outcome), corrected: true }
    return { settled: (await settler.settle(matchId, outcome)).length, corrected: false }
  }
}
