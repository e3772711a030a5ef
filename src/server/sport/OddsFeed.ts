/**
 * Where the sportsbook's fixtures, scores, odds and results come from. A real provider plugs in
 * here; the built-in one is the simulator (SimulatorFeed). Reads are by query, at the moment of
 * the call: the book keeps no copy of the feed, only its own bets (which record the odds and lines
 * they were placed at) and the results it settled them with.
 */
import type { MarketType, MatchOutcome, Score, SelectionName } from '../../shared/sport/settle'
import type { SportId } from './sports'

export interface FeedMatch {
  matchId: string
  sport: SportId
  league: string
  /** Where the league is played (an ISO 3166 code such as BR or GB-ENG; INT for international): the lists group leagues under it. */
  country: string
  home: string
  away: string
  startsAt: number
  /** The spec's match-time code. */
  matchTime: number
  minute: number
  score: Score
  halfTime: Score
  corners: Score
  /** Each quarter's score so far, in the sports played in quarters (sub-periods 1001 to 1004); empty in the others. */
  quarters: Score[]
  /** A race's field (sport racing): the runners' names, runner n (selection `run<n>` of its winner market) the n-th; absent in other sports. */
  runners?: readonly string[]
  /** A race's winning runner (1 to 12) once it is over, null before; absent in other sports. */
  winner?: number | null
}

export interface FeedMarket {
  marketId: string
  type: MarketType
  period: number
  line: number
  status: 'open' | 'suspended' | 'closed'
  /** Odds in thousandths (1.950 is 1950). */
  selections: { selectionId: string; name: SelectionName; odds: number }[]
}

export interface OddsFeed {
  /** The feed's clock (ms): what "live" and "upcoming" are measured against. A real feed's is the time. */
  now(): number
  /** Matches kicking off in [from, to) and those playing at `from`, of one sport or all. */
  matches(from: number, to: number, sport?: SportId): FeedMatch[]
  match(matchId: string): FeedMatch | null
  markets(matchId: string): FeedMarket[]
  /** The final outcome (or the latest correction), or null while the match is not over. */
  outcome(matchId: string): MatchOutcome | null
}
