/**
 * The withdrawals review (issue 35): the queue of withdrawals waiting for an operator
 * (withdrawals/review.ts says why each waits) and the decision. Approved, it goes to the payout
 * provider as any other; rejected, its hold returns to the player's cash through the ledger with
 * the reason typed, which the player reads on the withdrawal. The order's row is locked and its
 * state checked before either, so of two operators deciding at once one decides and the other is
 * told OPS_ALREADY_DECIDED (nothing moves twice).
 */
import * as ops from '../../../shared/contract/opsConsole'
import { centavosToReais } from '../../../shared/money'
import type { Deps } from '../../deps'
import { AppError } from '../../AppError'
import { parseRecordId, recordId } from '../../wallet/recordIds'
import { afterWithdrawalClosed, closeWithdrawalIn, type ClosedWithdrawal } from '../../withdrawals/service'
import { taxIdFor } from './mask'
import type { OpsRouter } from './opsRoute'

interface QueueRow {
  id: bigint
  amount: bigint
  pay_card_bank: string
  pay_card_no: string
  holder_name: string | null
  review_reasons: string[] | null
  created_at: Date
  uid: bigint
  email: string
  name: string | null
}

export function withdrawalReviewRoutes(route: OpsRouter, deps: Deps): void {
  const { db } = deps

  route(ops.opsWithdrawals, async ({ operator }) => {
    const r = await db.query<QueueRow>(
      `SELECT o.id, o.amount, o.pay_card_bank, o.pay_card_no, o.holder_name, o.review_reasons, o.created_at, u.uid, u.email, u.name
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.type = 11 AND o.status = '00' AND o.approval = 'waiting' ORDER BY o.created_at, o.id LIMIT 500`,
    )
    return r.rows.map((w) => ({
      orderId: recordId('W', BigInt(w.id)),
      player: { uId: String(w.uid), email: w.email, name: w.name ?? '' },
      amount: centavosToReais(BigInt(w.amount)),
      type: w.pay_card_bank,
      account: taxIdFor(operator.role, w.pay_card_no),
      holderName: w.holder_name ?? '',
      reasons: (w.review_reasons ?? []).filter((x): x is (typeof ops.REVIEW_REASONS)[number] => (ops.REVIEW_REASONS as readonly string[]).includes(x)),
      createdAt: new Date(w.created_at).getTime(),
    }))
  })

  // Idempotent: the work runs in the Idempotency-Key's transaction (q); the payout and the player's
  // notice only once it committed, and never for a replay.
  route(ops.opsWithdrawalDecide, async ({ params, body, operator, audit, q, afterCommit }) => {
    const parsed = parseRecordId(params.orderId)
    if (!parsed) throw new AppError('NOT_FOUND')
    const id = parsed.id
    const approve = body.decision === 'approve'
    const row = (
      await q.query<{ status: string; approval: string | null; amount: bigint; review_reasons: string[] | null }>(
        'SELECT status, approval, amount, review_reasons FROM orders WHERE id = $1 AND type = 11 FOR UPDATE',
        [id],
      )
    ).rows[0]
    if (!row) throw new AppError('NOT_FOUND')
    if (row.status !== '00' || row.approval !== 'waiting') throw new AppError('OPS_ALREADY_DECIDED')
    const at = new Date(deps.now())
    await q.query(`UPDATE orders SET reviewed_by = $2, reviewed_at = $3${approve ? ", approval = 'approved'" : ''} WHERE id = $1`, [id, operator.operatorId, at])
    const closed: ClosedWithdrawal | null = approve ? null : await closeWithdrawalIn(q, deps, id, 'failed', body.reason)
    await audit(q, {
      action: approve ? 'withdrawal.approve' : 'withdrawal.reject',
      target: `withdrawal:${params.orderId}`,
      reason: body.reason,
      before: { status: row.status, approval: row.approval, amount: BigInt(row.amount), reasons: row.review_reasons ?? [] },
      after: approve ? { status: '00', approval: 'approved' } : { status: '01', refunded: BigInt(row.amount) },
    })
    afterCommit(async () => {
      if (approve) deps.payouts?.submit(id)
      else if (closed) await afterWithdrawalClosed(deps, closed, 'failed', false)
    })
    return { orderId: params.orderId, status: approve ? ('00' as const) : ('01' as const) }
  })
}
