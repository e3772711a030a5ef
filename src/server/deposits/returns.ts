/**
 * Returns of credited deposits to their payers (API Pix devolução, natureza ORIGINAL), asked by an
 * operator (issue 35), and the end of every refund the PSP settles. The money moves through the
 * ledger in two steps, so the player's cash is never spent twice and never lost:
 * - asked: the amount leaves the player's cash for pix_outgoing at once, in the asking
 *   transaction (refused, with nothing moved, when the cash is not there);
 * - settled: DEVOLVIDO, it leaves pix_outgoing for clearing (the money left our account);
 *   NAO_REALIZADO, it goes back to the player's cash. Each once: the refund's state changes from
 *   open to final in the same transaction as the posting, under a guard that only one can pass.
 * The automatic refunds (a second payment, a payment of no order: money never credited) have no
 * player (user_id NULL) and move nothing here.
 */
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { randomCode, UNAMBIGUOUS } from '../auth/tokens'
import { requireNoPixDebt } from '../wallet/debts'
import { post, systemAccountId, userAccountId } from '../wallet/ledger'
import { recordId } from '../wallet/recordIds'
import type { RefundRow } from './repository'

/** The reason a return carries (pix_refunds.reason): its descricao is the default words (server.pixRefund.other). */
export const OPS_RETURN_REASON = 'ops_return'

interface ReturnAsked {
  returnId: string
  userId: bigint
  amount: bigint
  /** What the payment brought, what had been returned of it before this one, the cash before. */
  paid: bigint
  returnedBefore: bigint
  cashBefore: bigint
  e2eId: string
}

/**
 * Takes a return of (part of) a credited deposit from the player's cash and queues its devolução,
 * in the caller's transaction. The order's row is locked first, so of two operators returning one
 * payment at once the second counts the first's return: together they never exceed the payment.
 */
export async function askReturn(q: Queryable, deps: Pick<Deps, 'now' | 'payments'>, r: { orderId: bigint; amount: bigint; operatorId: bigint }): Promise<ReturnAsked> {
  const provider = deps.payments
  if (!provider) throw new AppError('UNAVAILABLE')
  const order = (
    await q.query<{ user_id: bigint; status: string; provider: string | null; pay_no: string | null; e2e_id: string | null; paid_amount: bigint | null }>(
      'SELECT user_id, status, provider, pay_no, e2e_id, paid_amount FROM orders WHERE id = $1 AND type = 10 FOR UPDATE',
      [r.orderId],
    )
  ).rows[0]
  // Only a deposit a Pix of this provider credited has a payment to return.
  if (!order || order.status !== '10' || order.provider !== provider.name || !order.e2e_id || !order.pay_no || order.paid_amount === null) throw new AppError('NOT_FOUND')
  const userId = BigInt(order.user_id)
  const paid = BigInt(order.paid_amount)
  // The user's row, as withdrawals lock it: money may not leave while a MED return's debt is open.
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
  await requireNoPixDebt(q, userId)
  // Returned already: our returns not refused, and the MED's returns of the same Pix.
  const before = await q.query<{ total: bigint }>(
    `SELECT (SELECT COALESCE(SUM(amount), 0) FROM pix_refunds WHERE provider = $1 AND e2e_id = $2 AND state <> 'failed')
          + (SELECT COALESCE(SUM(amount), 0) FROM pix_returns WHERE provider = $1 AND e2e_id = $2) AS total`,
    [provider.name, order.e2e_id],
  )
  const returnedBefore = BigInt(before.rows[0]?.total ?? 0n)
  const left = paid - returnedBefore
  if (r.amount > left) throw new AppError('OPS_RETURN_OVER', { amount: left > 0n ? left : 0n })
  const cash = await userAccountId(q, userId, 'cash')
  const cashBefore = BigInt((await q.query<{ balance: bigint }>('SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE', [cash])).rows[0]?.balance ?? 0n)
  if (cashBefore < r.amount) throw new AppError('OPS_RETURN_NO_CASH', { amount: cashBefore })
  const at = new Date(deps.now())
  // The devolução's id: letters and digits, at most 35 (ours: R and 30 more), as the automatic refunds'.
  const returnId = `R${randomCode(UNAMBIGUOUS, 30)}`
  const ref = recordId('D', r.orderId)
  await post(q, { kind: 'pix_refund', userId, ref, meta: { devolucao: returnId, operator: r.operatorId.toString() }, entries: [{ accountId: cash, amount: -r.amount }, { accountId: await systemAccountId(q, 'pix_outgoing'), amount: r.amount }] }, at)
  await q.query(
    `INSERT INTO pix_refunds (id, provider, e2e_id, pay_no, amount, reason, state, created_at, updated_at, user_id, order_id, operator_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'new', $7, $7, $8, $9, $10)`,
    [returnId, provider.name, order.e2e_id, order.pay_no, r.amount, OPS_RETURN_REASON, at, userId, r.orderId, r.operatorId],
  )
  return { returnId, userId, amount: r.amount, paid, returnedBefore, cashBefore, e2eId: order.e2e_id }
}

/**
 * A refund's new state as the PSP tells it. A final state (returned, failed) is taken once: the
 * row changes only from an open state, and a return taken from a player's cash is settled on the
 * ledger in the same transaction (to clearing, or back to the cash). Answers the player whose
 * cash came back, if any.
 */
export async function refundMoved(deps: Pick<Deps, 'db' | 'now'>, r: Pick<RefundRow, 'id' | 'state'>, next: 'pending' | 'returned' | 'failed', failure: string | null): Promise<{ backTo: bigint | null }> {
  if (next === r.state) return { backTo: null }
  const at = new Date(deps.now())
  return deps.db.tx(async (q) => {
    const moved = await q.query<{ user_id: bigint | null; order_id: bigint | null; amount: bigint }>(
      `UPDATE pix_refunds SET state = $2, failure = $3, updated_at = $4 WHERE id = $1 AND state IN ('new', 'pending') AND state <> $2 RETURNING user_id, order_id, amount`,
      [r.id, next, failure, at],
    )
    const row = moved.rows[0]
    if (!row || row.user_id === null || next === 'pending') return { backTo: null }
    const userId = BigInt(row.user_id)
    const amount = BigInt(row.amount)
    const ref = row.order_id === null ? null : recordId('D', BigInt(row.order_id))
    const outgoing = { accountId: await systemAccountId(q, 'pix_outgoing'), amount: -amount }
    if (next === 'returned') {
      await post(q, { kind: 'pix_refund_sent', userId, ref, meta: { devolucao: r.id }, entries: [outgoing, { accountId: await systemAccountId(q, 'clearing'), amount }] }, at)
      return { backTo: null }
    }
    await post(q, { kind: 'pix_refund_back', userId, ref, meta: { devolucao: r.id, failure }, entries: [outgoing, { accountId: await userAccountId(q, userId, 'cash'), amount }] }, at)
    return { backTo: userId }
  })
}
