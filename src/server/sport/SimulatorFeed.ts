import type { MatchOutcome } from '../../shared/sport/settle'
import type { FeedMarket, FeedMatch, OddsFeed } from './OddsFeed'
import { marketsAt, matchById, matchesBetween, outcomeAt, stateAt, type SimMatch, type SimOptions } from './simulator/model'
import { countryOf } from './simulator/names'
import type { SportId } from './sports'

/** The built-in feed: the simulator's calendar, scores and prices at the server's clock. */
export class SimulatorFeed implements OddsFeed {
  constructor(
    private readonly options: SimOptions,
    private readonly clock: () => number,
  ) {}

  now(): number {
    return this.clock()
  }

  private view(m: SimMatch): FeedMatch {
    const s = stateAt(this.options, m, this.now())
    return { matchId: m.matchId, sport: m.sport, league: m.league, country: countryOf(m.sport, m.league), home: m.home, away: m.away, startsAt: m.startsAt, matchTime: s.matchTime, minute: Math.floor(s.minute), score: s.score, halfTime: s.halfTime, corners: s.corners, quarters: s.quarters, ...(m.runners ? { runners: m.runners, winner: s.winner } : {}) }
  }

  matches(from: number, to: number, sport?: SportId): FeedMatch[] {
    return matchesBetween(this.options, from, to, sport).map((m) => this.view(m))
  }

  match(matchId: string): FeedMatch | null {
    const m = matchById(this.options, matchId)
    return m ? this.view(m) : null
  }

  markets(matchId: string): FeedMarket[] {
    const m = matchById(this.options, matchId)
    return m ? marketsAt(this.options, m, this.now()) : []
  }

  outcome(matchId: string): MatchOutcome | null {
    const m = matchById(this.options, matchId)
    return m ? outcomeAt(this.options, m, this.now()) : null
  }
}
