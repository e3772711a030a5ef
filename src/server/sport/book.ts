import { oddsToWire } from '../../shared/sport/odds'
import type { FeedMarket, FeedMatch, OddsFeed } from './OddsFeed'
import type { SportId } from './sports'

/**
 * The book's own price rule over whatever feed it reads: a market with a selection dearer than
 * SPORT_MAX_ODDS (thousandths) is suspended instead of offered (a late-match long shot at 19.671,25
 * was on offer before). Everything the book shows or takes reads the feed through this.
 */
export class BookFeed implements OddsFeed {
  constructor(
    private readonly feed: OddsFeed,
    private readonly maxOdds: number,
  ) {}

  now(): number {
    return this.feed.now()
  }

  matches(from: number, to: number, sport?: SportId): FeedMatch[] {
    return this.feed.matches(from, to, sport)
  }

  match(matchId: string): FeedMatch | null {
    return this.feed.match(matchId)
  }

  markets(matchId: string): FeedMarket[] {
    return this.feed.markets(matchId).map((m) => (m.status === 'open' && m.selections.some((s) => s.odds > this.maxOdds) ? { ...m, status: 'suspended' as const } : m))
  }

  outcome(matchId: string) {
    return this.feed.outcome(matchId)
  }
}

/** The feed's markets as the wire has them (the match call, the socket): odds decimal. */
export const wireMarkets = (markets: readonly FeedMarket[]) => markets.map((m) => ({ ...m, selections: m.selections.map((s) => ({ ...s, odds: oddsToWire(s.odds) })) }))
