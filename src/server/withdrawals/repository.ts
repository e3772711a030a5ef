import type { Queryable } from '../db/connection'
import { one } from '../db/one'

export interface WithdrawalRow {
  id: bigint
  user_id: bigint
  status: '00' | '01' | '10'
  amount: bigint
  created_at: Date
}

/**
 * The withdrawal lock of unsettled games (getWithdraw's `lock`, the spec's 'Sua fatura do jogo
 * está sendo gerada'): an open mines game holds one under its bet, taken with the stake
 * (casino_new_bet) and released when the game ends (casino_mines_move).
 */
export async function hasGameLock(q: Queryable, userId: bigint): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM open_game_locks WHERE user_id = $1 LIMIT 1', [userId])
  return r.rows.length > 0
}

/** Withdrawals asked for since `since` (a refused payout, status '01', gives its turn back). */
export async function withdrawalsSince(q: Queryable, userId: bigint, since: Date): Promise<number> {
  const r = await q.query<{ n: bigint }>(
    `SELECT count(*)::bigint AS n FROM orders WHERE user_id = $1 AND type = 11 AND status <> '01' AND created_at >= $2`,
    [userId, since],
  )
  return Number(one(r.rows, 'count of withdrawals').n)
}

export async function insertWithdrawal(
  q: Queryable,
  w: { userId: bigint; amount: bigint; type: string; account: string; ifsc: string; name: string; whatsapp: string; at: Date; reviewReasons: readonly string[] },
): Promise<bigint> {
  // A withdrawal with reasons for review waits ('waiting') for an operator; the payout processor never sends it before.
  const waiting = w.reviewReasons.length > 0
  const r = await q.query<{ id: bigint }>(
    `INSERT INTO orders (user_id, type, status, amount, pay_card_bank, pay_card_no, ifsc, holder_name, whatsapp, created_at, approval, review_reasons)
     VALUES ($1, 11, '00', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [w.userId, w.amount, w.type, w.account, w.ifsc, w.name, w.whatsapp, w.at, waiting ? 'waiting' : null, waiting ? [...w.reviewReasons] : null],
  )
  return BigInt(one(r.rows, 'INSERT INTO orders (withdrawal)').id)
}

export async function saveCard(
  q: Queryable,
  c: { userId: bigint; type: string; account: string; ifsc: string; name: string; whatsapp: string; at: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO withdraw_cards (user_id, type, pay_card_no, ifsc, holder_name, whatsapp, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, type) DO UPDATE SET pay_card_no = EXCLUDED.pay_card_no, ifsc = EXCLUDED.ifsc,
       holder_name = EXCLUDED.holder_name, whatsapp = EXCLUDED.whatsapp, updated_at = EXCLUDED.updated_at`,
    [c.userId, c.type, c.account, c.ifsc, c.name, c.whatsapp, c.at],
  )
}

export async function cards(q: Queryable, userId: bigint): Promise<{ type: string; pay_card_no: string; ifsc: string; holder_name: string; whatsapp: string }[]> {
  const r = await q.query<{ type: string; pay_card_no: string; ifsc: string; holder_name: string; whatsapp: string }>(
    'SELECT type, pay_card_no, ifsc, holder_name, whatsapp FROM withdraw_cards WHERE user_id = $1 ORDER BY type',
    [userId],
  )
  return r.rows
}

export async function lockWithdrawal(q: Queryable, id: bigint): Promise<WithdrawalRow | null> {
  const r = await q.query<WithdrawalRow>('SELECT id, user_id, status, amount, created_at FROM orders WHERE id = $1 AND type = 11 FOR NO KEY UPDATE', [id])
  return r.rows[0] ?? null
}

export async function closeWithdrawal(q: Queryable, id: bigint, status: '01' | '10', at: Date, reason: string | null): Promise<void> {
  await q.query('UPDATE orders SET status = $2, closed_at = $3, close_reason = $4 WHERE id = $1', [id, status, at, reason])
}

/** A pending withdrawal with where its money goes: what a payout provider is sent. */
export interface PendingWithdrawal extends WithdrawalRow {
  pay_card_bank: 'CPF' | 'CNPJ' | 'USDT'
  pay_card_no: string
  ifsc: string
  holder_name: string
}

/** Pending withdrawals a payout may be sent for: not those waiting for a person's approval. */
const PENDING_WITHDRAWALS = `SELECT id, user_id, status, amount, created_at, pay_card_bank, pay_card_no, coalesce(ifsc, '') AS ifsc,
  coalesce(holder_name, '') AS holder_name FROM orders WHERE type = 11 AND status = '00' AND (approval IS NULL OR approval = 'approved')`

/** Pending withdrawals asked for before `before`, oldest first: what a payout run picks up. */
export async function pendingWithdrawals(q: Queryable, before: Date, limit: number): Promise<PendingWithdrawal[]> {
  const r = await q.query<PendingWithdrawal>(`${PENDING_WITHDRAWALS} AND created_at <= $1 ORDER BY created_at, id LIMIT $2`, [before, limit])
  return r.rows
}

/** One withdrawal, while it is pending (and not waiting for approval). */
export async function pendingWithdrawal(q: Queryable, id: bigint): Promise<PendingWithdrawal | null> {
  const r = await q.query<PendingWithdrawal>(`${PENDING_WITHDRAWALS} AND id = $1`, [id])
  return r.rows[0] ?? null
}
