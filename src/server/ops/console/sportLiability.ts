/**
 * The sportsbook's open liability (issue 35): per match that still has unsettled legs of open
 * bets, the stakes riding on it and the most the house could pay because of it. Play money is left out.
 */
import type { Queryable } from '../../db/connection'
import type { OddsFeed } from '../../sport/OddsFeed'

interface MatchLiability {
  matchId: string
  sport: string | null
  league: string | null
  home: string | null
  away: string | null
  startsAt: number | null
  openStakes: bigint
  bets: number
  worstCase: bigint
}

/**
 * Every match with open bets, the largest worst case first.
 *
 * The worst case of a match: for each of its markets, the selection whose open bets would pay the
 * most (each bet its full potential payout), summed over the match's markets. Markets of one match
 * are settled by the same score, so their worst selections cannot always win together: the sum is
 * a bound the house can never exceed, not always a result that can happen. A parlay counts its
 * full potential payout against each of its open matches (it pays only if all of them go its way,
 * but each match is where it could still be stopped); a push or void would pay less than the
 * potential, so it never raises the bound.
 */
export async function sportLiability(q: Queryable, feed: OddsFeed | null): Promise<MatchLiability[]> {
  const r = await q.query<{ match_id: string; market_id: string; selection_id: string; bet_id: bigint; amount: bigint; potential: bigint }>(
    `SELECT l.match_id, l.market_id, l.selection_id, b.id AS bet_id, b.amount, b.potential
     FROM sport_bet_legs l JOIN sport_bets b ON b.id = l.bet_id JOIN users u ON u.id = b.user_id
     WHERE l.result IS NULL AND b.status = 0 AND NOT u.is_test`,
  )
  const matches = new Map<string, { bets: Map<string, bigint>; markets: Map<string, Map<string, bigint>> }>()
  for (const row of r.rows) {
    let m = matches.get(row.match_id)
    if (!m) matches.set(row.match_id, (m = { bets: new Map(), markets: new Map() }))
    m.bets.set(String(row.bet_id), BigInt(row.amount))
    let market = m.markets.get(row.market_id)
    if (!market) m.markets.set(row.market_id, (market = new Map()))
    market.set(row.selection_id, (market.get(row.selection_id) ?? 0n) + BigInt(row.potential))
  }
  const out: MatchLiability[] = []
  for (const [matchId, m] of matches) {
    let worstCase = 0n
    for (const market of m.markets.values()) worstCase += [...market.values()].reduce((most, v) => (v > most ? v : most), 0n)
    const info = feed?.match(matchId) ?? null
    out.push({
      matchId,
      sport: info?.sport ?? null,
      league: info?.league ?? null,
      home: info?.home ?? null,
      away: info?.away ?? null,
      startsAt: info?.startsAt ?? null,
      openStakes: [...m.bets.values()].reduce((s, v) => s + v, 0n),
      bets: m.bets.size,
      worstCase,
    })
  }
  return out.sort((a, b) => (a.worstCase > b.worstCase ? -1 : a.worstCase < b.worstCase ? 1 : a.matchId < b.matchId ? -1 : 1))
}
