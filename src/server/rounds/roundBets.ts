/**
 * A player's shared-round bets as the bet history and the records show them: the round, the
 * choice, the spec's bet-result code; the round's hash and number only once it is settled.
 */
import { BET_RESULT } from '../../shared/codes'
import { multiplierToNumber } from '../../shared/games/payout'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'

interface RoundBetRow {
  id: bigint
  game: string
  choice: string
  amount: bigint
  state: 'open' | 'won' | 'lost' | 'refunded'
  multiplier: bigint
  payout: bigint
  created_at: Date
  settled_at: Date | null
  round_id: string
  phase: 'betting' | 'drawing' | 'settled' | 'void'
  hash: string | null
  roll: number | null
}

const ROUND_BET_SELECT = `SELECT b.id, b.game, b.choice, b.amount, b.state, b.multiplier, b.payout, b.created_at, b.settled_at,
  r.round_id, r.phase, r.hash, r.roll
  FROM round_bets b JOIN rounds r ON r.id = b.round_pk`

/** The spec's bet-result code of a round bet: to be drawn, won, lost, or its stake refunded (a voided round). */
function roundBetResult(state: RoundBetRow['state']): number {
  return state === 'won' ? BET_RESULT.WIN : state === 'lost' ? BET_RESULT.LOSE : state === 'refunded' ? BET_RESULT.PRINCIPAL_REFUND : BET_RESULT.TO_BE_DRAWN
}

export function roundBetView(row: RoundBetRow) {
  // The round's hash tells its number: never before the round is settled.
  const closed = row.phase === 'settled' || row.phase === 'void'
  return {
    betId: String(row.id),
    game: row.game as 'double' | 'rowDouble' | 'luckyColor',
    roundId: row.round_id,
    choice: row.choice,
    amount: centavosToReais(BigInt(row.amount)),
    state: row.state,
    resultCode: roundBetResult(row.state),
    multiplier: multiplierToNumber(BigInt(row.multiplier)),
    payout: centavosToReais(BigInt(row.payout)),
    roll: closed && row.roll !== null ? Number(row.roll) : null,
    hash: closed ? row.hash : null,
    createdAt: new Date(row.created_at).getTime(),
    settledAt: row.settled_at ? new Date(row.settled_at).getTime() : null,
  }
}

/** The user's round bets with these ids (any order). */
export async function roundBetsById(q: Queryable, userId: bigint, ids: bigint[]) {
  if (ids.length === 0) return []
  const r = await q.query<RoundBetRow>(`${ROUND_BET_SELECT} WHERE b.user_id = $1 AND b.id = ANY($2::bigint[])`, [userId, ids])
  return r.rows
}

/** One of the user's round bets, by id. */
export async function roundBetOf(q: Queryable, userId: bigint, id: bigint) {
  return (await roundBetsById(q, userId, [id]))[0] ?? null
}
