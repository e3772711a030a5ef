/**
 * The Odds API's events, prices and scores as the book's feed has them: pure functions (the feed
 * class keeps the data and the clock). Sport keys map to our sports by their prefix; a match id is
 * a stable number made from the event id; h2h is our 1X2 (with a Draw outcome) or win only, spreads
 * our Asian handicap, totals our over/under, each priced as the bookmakers' consensus with our margin.
 */
import { createHash } from 'node:crypto'
import { MATCH_TIME, SUB_PERIOD } from '../../../shared/codes'
import { liftedByFloor, marginOdds } from '../../../shared/sport/pricing'
import { quarters, type MarketType, type MatchOutcome, type Score, type SelectionName } from '../../../shared/sport/settle'
import type { FeedMarket } from '../OddsFeed'
import { SPORTS, type SportId } from '../sports'
import type { OddsApiEvent, OddsApiScore } from './wire'

/** The Odds API's sport-key prefixes of our sports (the rest of its sports, ice hockey, MMA, rugby ..., are not among our twelve). */
const PREFIXES: readonly [string, SportId][] = [
  ['soccer_', 'football'],
  ['basketball_', 'basketball'],
  ['tennis_', 'tennis'],
  ['boxing_', 'boxing'],
  ['baseball_', 'baseball'],
  ['americanfootball_', 'americanFootball'],
  ['cricket_', 'cricket'],
]

/** Our sport of an Odds API sport key, or null for a sport we do not offer. */
export function sportOfKey(key: string): SportId | null {
  return PREFIXES.find(([p]) => key.startsWith(p))?.[1] ?? null
}

/** Where a sport key's league is played, as the lists group it (ISO 3166, GB-ENG for England, SA for CONMEBOL's competitions); INT for the rest. */
const COUNTRIES: Record<string, string> = {
  soccer_brazil_campeonato: 'BR',
  soccer_brazil_serie_b: 'BR',
  soccer_brazil_copa_do_brasil: 'BR',
  soccer_epl: 'GB-ENG',
  soccer_efl_champ: 'GB-ENG',
  soccer_fa_cup: 'GB-ENG',
  soccer_spain_la_liga: 'ES',
  soccer_italy_serie_a: 'IT',
  soccer_germany_bundesliga: 'DE',
  soccer_france_ligue_one: 'FR',
  soccer_portugal_primeira_liga: 'PT',
  soccer_argentina_primera_division: 'AR',
  soccer_usa_mls: 'US',
  soccer_conmebol_copa_libertadores: 'SA',
  soccer_conmebol_copa_sudamericana: 'SA',
  basketball_nba: 'US',
  basketball_wnba: 'US',
  basketball_ncaab: 'US',
  americanfootball_nfl: 'US',
  americanfootball_ncaaf: 'US',
  baseball_mlb: 'US',
}
export const countryOfKey = (key: string): string => COUNTRIES[key] ?? 'INT'

/**
 * Our match id of an event: 15 digits from SHA-256 of its id, never a simulator id (those have at
 * most 12) and the same in every process and after a restart.
 */
export function matchIdOf(eventId: string): string {
  const h = createHash('sha256').update(`theoddsapi|${eventId}`).digest()
  return String(1e14 + (h.readUIntBE(0, 6) % 9e14))
}

/** The markets of the odds endpoint this feed prices: its featured ones. Corners, halves and quarters are never offered. */
export const FEED_MARKETS = ['h2h', 'spreads', 'totals'] as const

export interface PriceLimits {
  margin: number
  /** A price older than this (ms) is stale: pre-match and in play. */
  staleMs: { preMatch: number; live: number }
}

/** One bookmaker's prices of one of our markets, its outcomes in our selections' order. */
interface Quote {
  at: number
  prices: number[]
}

interface Candidate {
  type: MarketType
  line: number
  names: SelectionName[]
  quotes: Quote[]
}

/**
 * Each bookmaker's prices of our markets in an event: h2h as 1X2 (it has a Draw) or win only (a
 * sport without draws), spreads as the Asian handicap at the home side's point (the away side's
 * must be its opposite), totals as over/under at their shared point. Lines must be multiples of
 * 0.25 (the book settles quarters); anything else is left out.
 */
function candidates(e: OddsApiEvent, sport: SportId): Candidate[] {
  const draws = SPORTS.find((s) => s.id === sport)?.draws ?? false
  const byKey = new Map<string, Candidate>()
  const add = (type: MarketType, line: number, names: SelectionName[], quote: Quote) => {
    const key = `${type}|${line}`
    let c = byKey.get(key)
    if (!c) byKey.set(key, (c = { type, line, names, quotes: [] }))
    c.quotes.push(quote)
  }
  const quarterLine = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x) && Math.abs(x * 4 - Math.round(x * 4)) < 1e-9 && Math.abs(x) <= 500
  for (const b of e.bookmakers) {
    const bookAt = Date.parse(b.last_update)
    for (const m of b.markets) {
      const at = m.last_update ? Date.parse(m.last_update) : bookAt
      const find = (name: string) => m.outcomes.find((o) => o.name === name)
      if (m.key === 'h2h') {
        const home = find(e.home_team)
        const away = find(e.away_team)
        const draw = find('Draw')
        if (!home || !away) continue
        if (draw && m.outcomes.length === 3) add('1x2', 0, ['home', 'draw', 'away'], { at, prices: [home.price, draw.price, away.price] })
        // Win only where a level score cannot end a match (it pushes); a football h2h without its draw is not ours.
        else if (!draw && !draws && m.outcomes.length === 2) add('winner', 0, ['home', 'away'], { at, prices: [home.price, away.price] })
      } else if (m.key === 'spreads') {
        const home = find(e.home_team)
        const away = find(e.away_team)
        if (!home || !away || m.outcomes.length !== 2 || !quarterLine(home.point) || !quarterLine(away.point) || home.point + away.point !== 0) continue
        add('ah', home.point, ['home', 'away'], { at, prices: [home.price, away.price] })
      } else if (m.key === 'totals') {
        const over = find('Over')
        const under = find('Under')
        if (!over || !under || m.outcomes.length !== 2 || !quarterLine(over.point) || over.point !== under.point || over.point <= 0) continue
        add('ou', over.point, ['over', 'under'], { at, prices: [over.price, under.price] })
      }
    }
  }
  return [...byKey.values()]
}

/**
 * The consensus of bookmakers' prices: each bookmaker's overround taken out (its implied
 * probabilities 1/price scaled to sum to 1), the fair probabilities averaged over the bookmakers.
 */
export function consensus(quotes: readonly (readonly number[])[]): number[] {
  const n = quotes[0]?.length ?? 0
  const sum = new Array<number>(n).fill(0)
  for (const prices of quotes) {
    const implied = prices.map((p) => 1 / p)
    const book = implied.reduce((a, b) => a + b, 0)
    implied.forEach((q, i) => (sum[i] = (sum[i] as number) + q / book))
  }
  return sum.map((s) => s / quotes.length)
}

/** Our price of a fair probability with our margin, o = 1 / (p (1 + m)), in thousandths floored to the hundredth (as the simulator prices). */
export const ourOdds = (p: number, margin: number): number => marginOdds(1 / p, margin)

const ORDER: Record<MarketType, number> = { '1x2': 0, winner: 0, ah: 1, ou: 2, oddEven: 3, corners: 4 }

/**
 * The event's markets priced at `now`. Per market, the consensus is taken over the bookmakers whose
 * price is within its limit (in play, only prices seen after the kick-off count); with none, over
 * all of them, and the market is suspended. Suspended as well: a market whose price could not carry
 * the margin (liftedByFloor, as the simulator does), and every market of a match in play while
 * `scoresFresh` is false. Closed: all, once the match is over.
 */
export function marketsOf(e: OddsApiEvent, sport: SportId, matchId: string, state: { live: boolean; over: boolean; scoresFresh: boolean }, now: number, limits: PriceLimits): FeedMarket[] {
  const startsAt = Date.parse(e.commence_time)
  const limit = state.live ? limits.staleMs.live : limits.staleMs.preMatch
  const fresh = (q: Quote) => now - q.at <= limit && (!state.live || q.at >= startsAt)
  const out: FeedMarket[] = []
  for (const c of candidates(e, sport).sort((a, b) => ORDER[a.type] - ORDER[b.type] || a.line - b.line)) {
    const current = c.quotes.filter(fresh)
    const used = current.length ? current : c.quotes
    const p = consensus(used.map((q) => q.prices))
    const marketId = `${matchId}-${c.type}-${SUB_PERIOD.FULL_GAME}-${quarters(c.line)}`
    const held = p.some((x) => !(x > 0) || liftedByFloor(1 / x, limits.margin))
    const status: FeedMarket['status'] = state.over ? 'closed' : !current.length || held || (state.live && !state.scoresFresh) ? 'suspended' : 'open'
    out.push({
      marketId,
      type: c.type,
      period: SUB_PERIOD.FULL_GAME,
      line: c.line,
      status,
      selections: c.names.map((name, i) => ({ selectionId: `${marketId}-${name}`, name, odds: (p[i] ?? 0) > 0 ? ourOdds(p[i] ?? 1, limits.margin) : 1010 })),
    })
  }
  return out
}

/** The freshest price of an event (ms), or null when it has none. */
export function freshestPrice(e: OddsApiEvent): number | null {
  let best: number | null = null
  for (const b of e.bookmakers) for (const m of b.markets) {
    const at = Date.parse(m.last_update ?? b.last_update)
    if (best === null || at > best) best = at
  }
  return best
}

/** A side's score as the scores endpoint writes it: whole numbers only ("245/6" in cricket is not one). */
const points = (text: string | undefined): number | null => (text !== undefined && /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null)

/** The score of a scores entry (home, away by the event's team names), or null when it has none the book can read. */
export function scoreOf(s: Pick<OddsApiScore, 'home_team' | 'away_team' | 'scores'>): Score | null {
  if (!s.scores) return null
  const home = points(s.scores.find((x) => x.name === s.home_team)?.score)
  const away = points(s.scores.find((x) => x.name === s.away_team)?.score)
  return home === null || away === null ? null : { home, away }
}

/**
 * The outcome of a completed scores entry: its final score settles 1X2, win only, handicap and over/
 * under. The API says nothing of halves or corners (this feed offers no such market: the half and
 * corners scores here are never read). Null while not completed, and for a completed entry whose
 * score is not two whole numbers. The API marks no cancellation: a match never completed stays
 * without an outcome, for an operator to settle by hand.
 */
export function outcomeOf(s: OddsApiScore | undefined): MatchOutcome | null {
  if (!s?.completed) return null
  const fullTime = scoreOf(s)
  return fullTime ? { status: 'finished', fullTime, halfTime: fullTime, corners: { home: 0, away: 0 } } : null
}

/** A match with no result this long after its kick-off is "to be determined" (-11): its markets close, its bets wait for a person. */
export const UNDECIDED_AFTER_MS = 12 * 3_600_000

/** The spec's match-time code of an event at `now`: not open, in play (the API gives no period: 1), finished, or to be determined. */
export function matchTimeOf(startsAt: number, s: OddsApiScore | undefined, now: number): number {
  if (s?.completed) return outcomeOf(s) ? MATCH_TIME.FINISHED : MATCH_TIME.TO_BE_DETERMINED
  if (now < startsAt) return MATCH_TIME.NOT_OPEN
  return now - startsAt > UNDECIDED_AFTER_MS ? MATCH_TIME.TO_BE_DETERMINED : MATCH_TIME.FIRST_HALF
}
