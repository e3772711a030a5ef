import { ORDER_TYPE, ORDER_TYPE_OURS } from '../../shared/codes'
import type { Queryable } from '../db/connection'
import { one } from '../db/one'
import { roundBetOf } from '../rounds/roundBets'

/**
 * Every wallet record of a user, from where each kind lives: deposit and withdrawal orders,
 * transfers (out or in), and the ledger's bets, wins, prizes and refunds (posted by the games
 * through wallet_bet and wallet_credit_win, and by a voided shared round). $1 is the user id.
 */
const RECORDS = `
  SELECT CASE WHEN o.type = 10 THEN 'D' ELSE 'W' END || o.id AS id, o.type::int AS type, o.status,
         o.amount, o.created_at, o.id AS row_id, NULL::text AS game
  FROM orders o WHERE o.user_id = $1
  UNION ALL
  SELECT 'T' || t.id, CASE WHEN t.from_user = $1 THEN ${ORDER_TYPE_OURS.TRANSFER_OUT} ELSE ${ORDER_TYPE_OURS.TRANSFER_IN} END,
         '10', t.amount, t.created_at, t.id, NULL
  FROM transfers t WHERE t.from_user = $1 OR t.to_user = $1
  UNION ALL
  SELECT 'L' || lt.id,
         CASE lt.kind WHEN 'bet' THEN ${ORDER_TYPE_OURS.CASINO_BET} WHEN 'win' THEN ${ORDER_TYPE_OURS.CASINO_WIN}
           WHEN 'refund' THEN ${ORDER_TYPE_OURS.CASINO_REFUND} WHEN 'correction' THEN ${ORDER_TYPE_OURS.BET_CORRECTION} ELSE ${ORDER_TYPE.PRIZE} END,
         '10',
         (SELECT abs(COALESCE(SUM(e.amount), 0))::bigint FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.tx_id = lt.id AND a.user_id = $1),
         lt.created_at, lt.id,
         -- Every bet path names its game in the posting's meta (wallet_bet's callers, creditWin's, a refund's).
         CASE WHEN lt.kind <> 'prize' THEN lt.meta->>'game' END
  FROM ledger_transactions lt WHERE lt.user_id = $1 AND lt.kind IN ('bet', 'win', 'prize', 'refund', 'correction')`

export interface RecordRow {
  id: string
  type: number
  status: '00' | '01' | '10'
  amount: bigint
  created_at: Date
  /** A bet's, win's, refund's or correction's game: 'dice', 'double', 'sport', or a provider's 'PG:code'; null otherwise. */
  game: string | null
}

export interface CasinoBetRow {
  id: bigint
  game: string
  state: 'active' | 'won' | 'lost'
  amount: bigint
  multiplier: bigint
  payout: bigint
  nonce: number
}

export interface RecordFilter {
  types: number[] | null
  from: Date | null
  /** Exclusive. */
  to: Date | null
  limit: number
  offset: number
}

/** One page of records, newest first, and how many match in all. */
export async function listRecords(q: Queryable, userId: bigint, f: RecordFilter): Promise<{ rows: RecordRow[]; total: number }> {
  const where: string[] = []
  const params: unknown[] = [userId]
  if (f.types) {
    params.push(f.types)
    where.push(`type = ANY($${params.length}::int[])`)
  }
  if (f.from) {
    params.push(f.from)
    where.push(`created_at >= $${params.length}`)
  }
  if (f.to) {
    params.push(f.to)
    where.push(`created_at < $${params.length}`)
  }
  params.push(f.limit, f.offset)
  const r = await q.query<RecordRow & { total: bigint }>(
    `SELECT id, type, status, amount, created_at, game, count(*) OVER () AS total FROM (${RECORDS}) r
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY created_at DESC, row_id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  )
  let total = r.rows[0] ? Number(r.rows[0].total) : 0
  if (!r.rows.length && f.offset > 0) {
    const c = await q.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM (${RECORDS}) r ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params.slice(0, -2))
    total = Number(one(c.rows, 'count of records').n)
  }
  return { rows: r.rows, total }
}

/** One record of the user's, with what its source knows besides. */
export async function findRecord(q: Queryable, userId: bigint, source: 'D' | 'W' | 'T' | 'L', id: bigint) {
  const base = await q.query<RecordRow>(`SELECT id, type, status, amount, created_at, game FROM (${RECORDS}) r WHERE id = $2`, [userId, `${source}${id}`])
  const row = base.rows[0]
  if (!row) return null
  if (source === 'D' || source === 'W') {
    const o = await q.query<{ gift: bigint; pay_no: string | null; closed_at: Date | null; pay_card_bank: string | null; pay_card_no: string | null }>(
      'SELECT gift, pay_no, closed_at, pay_card_bank, pay_card_no FROM orders WHERE id = $1',
      [id],
    )
    return { kind: 'order' as const, row, order: one(o.rows, `the order behind record ${source}${id}`) }
  }
  if (source === 'T') {
    // The other side by its public uId, never its internal id.
    const t = await q.query<{ other: bigint; email: string }>(
      `SELECT u.uid AS other, u.email FROM transfers t JOIN users u ON u.id = CASE WHEN t.from_user = $2 THEN t.to_user ELSE t.from_user END
       WHERE t.id = $1`,
      [id, userId],
    )
    return { kind: 'transfer' as const, row, counterpart: one(t.rows, `the counterpart of transfer ${id}`) }
  }
  const l = await q.query<{ ref: string | null }>('SELECT ref FROM ledger_transactions WHERE id = $1', [id])
  const ref = l.rows[0]?.ref ?? null
  // A casino bet's stake or win: the bet itself, the user's own.
  const betId = /^casino:(\d{1,19})$/.exec(ref ?? '')?.[1]
  const bet = betId
    ? ((
        await q.query<CasinoBetRow>('SELECT id, game, state, amount, multiplier, payout, nonce FROM casino_bets WHERE id = $1 AND user_id = $2', [BigInt(betId), userId])
      ).rows[0] ?? null)
    : null
  // A shared round's stake, win or refund: the round bet, the user's own.
  const roundBetId = /^round:(\d{1,19})$/.exec(ref ?? '')?.[1]
  const roundBet = roundBetId ? await roundBetOf(q, userId, BigInt(roundBetId)) : null
  // A game provider's stake, win or refund: that round's bet, the user's own.
  const provider = /^provider:([A-Z0-9]{2,16}):(.+)$/s.exec(ref ?? '')
  const [, providerCode, providerTx] = provider ?? []
  const providerRound = providerCode && providerTx ? await providerRoundOf(q, userId, providerCode, providerTx) : null
  return { kind: 'ledger' as const, row, ref, bet, roundBet, providerRound }
}

export interface ProviderRound {
  provider: string
  game: string
  roundId: string
  betTransactionId: string
  state: 'open' | 'settled' | 'rolled_back'
  stake: bigint
  /** What its wins paid (0 while open, or for a round lost). */
  payout: bigint
}

/** The provider round a wallet transaction belongs to: its bet, and what its wins paid. */
async function providerRoundOf(q: Queryable, userId: bigint, provider: string, transactionId: string): Promise<ProviderRound | null> {
  const own = await q.query<{ kind: string; transaction_id: string; reference_id: string | null }>(
    'SELECT kind, transaction_id, reference_id FROM provider_transactions WHERE provider = $1 AND transaction_id = $2 AND user_id = $3',
    [provider, transactionId, userId],
  )
  const tx = own.rows[0]
  const betId = tx ? (tx.kind === 'bet' ? tx.transaction_id : tx.reference_id) : null
  if (!betId) return null
  const r = await q.query<{ game: string; round_id: string; state: string; amount: bigint; paid: bigint }>(
    `SELECT b.game, b.round_id, b.state, b.amount,
            (SELECT COALESCE(SUM(w.amount), 0)::bigint FROM provider_transactions w
             WHERE w.provider = b.provider AND w.reference_id = b.transaction_id AND w.kind = 'win' AND w.user_id = $3) AS paid
     FROM provider_transactions b WHERE b.provider = $1 AND b.transaction_id = $2 AND b.user_id = $3 AND b.kind = 'bet'`,
    [provider, betId, userId],
  )
  const b = r.rows[0]
  if (!b || (b.state !== 'open' && b.state !== 'settled' && b.state !== 'rolled_back')) return null
  return { provider, game: b.game, roundId: b.round_id, betTransactionId: betId, state: b.state, stake: BigInt(b.amount), payout: BigInt(b.paid) }
}
