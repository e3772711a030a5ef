/**
 * The books (issue 35): per Brasília day and per product, what players staked and what they got
 * back, read from the ledger, the one record of money. Every game posts through the wallet's
 * rules with its game in the posting's meta (docs/money.md, "Records name the game"), against the
 * house's sub-accounts; play money posts against 'play_house' and is not in the books.
 *
 * - stakes: the house's side of each 'bet' less each 'refund' (a stake given back: a provider's
 *   rollback, a shared round voided): a stake returned is not a stake kept.
 * - returns: the house's side of each 'win' less each 'correction' (a sport payout taken back).
 *   A void sport leg is paid back as a win of its stake, so a void single counts in both.
 * - ggr = stakes - returns = the house's net on the day, exactly.
 * - bets: 'bet' postings less 'refund' postings; players: those who placed a stake that day.
 * - bonusStakes: what the players' bonus accounts paid into bets, less what refunds gave back to them.
 *
 * A posting counts on the day it was made: a bet placed before midnight and paid after counts its
 * stake on the first day and its win on the second.
 */
import { CASINO_GAMES } from '../../../shared/contract/casino'
import { exactRtp } from '../../../shared/games/rounds/payTable'
import { ROUND_GAMES } from '../../../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId } from '../../../shared/games/rounds/types'
import type { Queryable } from '../../db/connection'
import type { GameProvider } from '../../providers/registry'
import { dayStart, nextDay } from '../../wallet/days'

/** One product's (or one day's) figures, centavos. */
export interface BookFigures {
  stakes: bigint
  bonusStakes: bigint
  returns: bigint
  bets: number
  players: number
  rtpTheoretical: number | null
}

interface BookDay {
  day: string
  products: (BookFigures & { product: string })[]
  totals: BookFigures
}

/**
 * The originals' return from their rules (src/shared/games): dice pays 99 / chance on 10,001
 * equally likely rolls (9900/10001 before the multiplier's rounding down); limbo's result is
 * 0.99 / float and mines pays 0.99 x C(25, gems) / C(25 - mines, gems), 0.99 at any target or
 * cash-out before rounding. What a player chooses moves these only in the fourth decimal.
 */
const ORIGINAL_RTP: Readonly<Record<string, number>> = { dice: 9900 / 10001, limbo: 0.99, mines: 0.99 }

/** A shared-round choice's exact return (its pay table over every roll), memoised. */
const choiceRtp = new Map<string, number>()
function roundChoiceRtp(game: RoundGameId, choice: string): number | null {
  const key = `${game}|${choice}`
  let rtp = choiceRtp.get(key)
  if (rtp === undefined) {
    const rules = ROUND_GAMES[game].rules
    if (!(rules.choices as readonly string[]).includes(choice)) return null
    const { numerator, denominator } = exactRtp(rules, choice)
    rtp = Number(numerator) / Number(denominator)
    choiceRtp.set(key, rtp)
  }
  return rtp
}

/** The product a posting's game counts under: an original or shared round by its id, 'sport', a provider's game ('PG:code') under 'provider:PG'. */
function productOf(game: string): string {
  const colon = game.indexOf(':')
  return colon > 0 ? `provider:${game.slice(0, colon)}` : game
}

const ORDER = [...CASINO_GAMES, ...ROUND_GAME_IDS, 'sport']
const rank = (product: string) => {
  const i = ORDER.indexOf(product)
  return i === -1 ? ORDER.length : i
}

interface LedgerRow {
  day: string
  game: string
  staked: bigint
  refunded: bigint
  won: bigint
  corrected: bigint
  bonus: bigint
  bets: bigint
  refunds: bigint
}

/** Days `from` .. `to` (YYYY-MM-DD, Brasília, both included), each with its products in a fixed order and the day's totals. */
export async function bookDays(q: Queryable, from: string, to: string, providers: ReadonlyMap<string, GameProvider>): Promise<BookDay[]> {
  const start = dayStart(from)
  const end = dayStart(nextDay(to))
  // The house's and the bonus's side of each game posting, then summed per day and game.
  const ledger = await q.query<LedgerRow>(
    `WITH p AS (
       SELECT t.id, t.kind, t.user_id, t.meta->>'game' AS game, (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
         sum(e.amount) FILTER (WHERE a.is_system AND a.kind = 'house') AS house,
         COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'bonus' AND NOT a.is_system), 0) AS bonus
       FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE t.created_at >= $1 AND t.created_at < $2 AND t.kind IN ('bet', 'win', 'refund', 'correction') AND t.meta->>'game' IS NOT NULL
       GROUP BY t.id
     )
     SELECT day::text AS day, game,
       COALESCE(sum(house) FILTER (WHERE kind = 'bet'), 0) AS staked,
       COALESCE(-sum(house) FILTER (WHERE kind = 'refund'), 0) AS refunded,
       COALESCE(-sum(house) FILTER (WHERE kind = 'win'), 0) AS won,
       COALESCE(sum(house) FILTER (WHERE kind = 'correction'), 0) AS corrected,
       COALESCE(-sum(bonus) FILTER (WHERE kind IN ('bet', 'refund')), 0) AS bonus,
       count(*) FILTER (WHERE kind = 'bet') AS bets,
       count(*) FILTER (WHERE kind = 'refund') AS refunds
     FROM p WHERE house IS NOT NULL GROUP BY day, game`,
    [start, end],
  )
  // Players are counted per day and product (a player of two provider games is one player of the provider).
  const players = await q.query<{ day: string; game: string; user_id: bigint }>(
    `SELECT DISTINCT (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date::text AS day, t.meta->>'game' AS game, t.user_id
     FROM ledger_transactions t JOIN users u ON u.id = t.user_id AND NOT u.is_test
     WHERE t.created_at >= $1 AND t.created_at < $2 AND t.kind = 'bet' AND t.meta->>'game' IS NOT NULL`,
    [start, end],
  )
  // The theoretical return of a shared-round game depends on the choices staked on (Lucky Color's run from 88 % to 98 %).
  const choices = await q.query<{ day: string; game: string; choice: string; staked: bigint }>(
    `SELECT (b.created_at AT TIME ZONE 'America/Sao_Paulo')::date::text AS day, b.game, b.choice, sum(b.amount) AS staked
     FROM round_bets b JOIN users u ON u.id = b.user_id AND NOT u.is_test
     WHERE b.created_at >= $1 AND b.created_at < $2 AND b.state <> 'refunded'
     GROUP BY 1, 2, 3`,
    [start, end],
  )

  const rows = new Map<string, BookFigures & { product: string; day: string; weights: [number, number | null][] }>()
  const rowOf = (day: string, product: string) => {
    const key = `${day}|${product}`
    let r = rows.get(key)
    if (!r) rows.set(key, (r = { day, product, stakes: 0n, bonusStakes: 0n, returns: 0n, bets: 0, players: 0, rtpTheoretical: null, weights: [] }))
    return r
  }
  const catalogues = new Map<string, Promise<Map<string, number>>>()
  const catalogue = (code: string) => {
    let c = catalogues.get(code)
    if (!c) {
      c = (providers.get(code)?.listGames() ?? Promise.resolve([])).then((gs) => new Map(gs.map((g) => [g.code, g.rtp])), () => new Map<string, number>())
      catalogues.set(code, c)
    }
    return c
  }
  for (const l of ledger.rows) {
    const r = rowOf(l.day, productOf(l.game))
    const stakes = BigInt(l.staked) - BigInt(l.refunded)
    r.stakes += stakes
    r.returns += BigInt(l.won) - BigInt(l.corrected)
    r.bonusStakes += BigInt(l.bonus)
    r.bets += Number(l.bets) - Number(l.refunds)
    const colon = l.game.indexOf(':')
    // A provider game's return as its catalogue reports it, weighed by its stakes; unknown: the provider's is unknown.
    if (colon > 0) r.weights.push([Number(stakes), (await catalogue(l.game.slice(0, colon))).get(l.game.slice(colon + 1)) ?? null])
  }
  const seen = new Set<string>()
  for (const p of players.rows) {
    const key = `${p.day}|${productOf(p.game)}|${p.user_id}`
    if (seen.has(key)) continue
    seen.add(key)
    rowOf(p.day, productOf(p.game)).players++
  }
  for (const c of choices.rows) {
    if (!(ROUND_GAME_IDS as readonly string[]).includes(c.game)) continue
    rowOf(c.day, c.game).weights.push([Number(c.staked), roundChoiceRtp(c.game as RoundGameId, c.choice)])
  }
  for (const r of rows.values()) {
    if (ORIGINAL_RTP[r.product] !== undefined) r.rtpTheoretical = ORIGINAL_RTP[r.product] as number
    else if (r.weights.length > 0 && r.weights.every(([, rtp]) => rtp !== null)) {
      const total = r.weights.reduce((s, [w]) => s + w, 0)
      r.rtpTheoretical = total > 0 ? r.weights.reduce((s, [w, rtp]) => s + w * (rtp as number), 0) / total : null
    }
  }

  const out: BookDay[] = []
  for (let day = from; day <= to; day = nextDay(day)) {
    const products = [...rows.values()]
      .filter((r) => r.day === day)
      .sort((a, b) => rank(a.product) - rank(b.product) || (a.product < b.product ? -1 : a.product > b.product ? 1 : 0))
      .map(({ product, stakes, bonusStakes, returns, bets, players, rtpTheoretical }) => ({ product, stakes, bonusStakes, returns, bets, players, rtpTheoretical }))
    const totals: BookFigures = { stakes: 0n, bonusStakes: 0n, returns: 0n, bets: 0, players: 0, rtpTheoretical: null }
    for (const p of products) {
      totals.stakes += p.stakes
      totals.bonusStakes += p.bonusStakes
      totals.returns += p.returns
      totals.bets += p.bets
    }
    totals.players = new Set(players.rows.filter((p) => p.day === day).map((p) => String(p.user_id))).size
    out.push({ day, products, totals })
  }
  return out
}
