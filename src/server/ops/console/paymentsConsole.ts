/**
 * The payments queue (issue 35): what of the Pix rails needs a person. Deposits credited for
 * another amount than their charge's (amount_mismatch), deposits paid after their order closed
 * (paid_after_close), refunds the PSP refused (pix_refunds 'failed'). An operator resolves an item
 * with a reason (no money moves) or returns a deposit to its payer (deposits/returns.ts: the amount
 * leaves the player's cash at once, a devolução goes to the PSP, a refusal gives the cash back).
 * Each item is handled once (payment_reviews); every action is an audit line.
 */
import * as ops from '../../../shared/contract/opsConsole'
import { centavosToReais } from '../../../shared/money'
import type { Deps } from '../../deps'
import { AppError } from '../../AppError'
import { askReturn, OPS_RETURN_REASON } from '../../deposits/returns'
import { parseRecordId, recordId } from '../../wallet/recordIds'
import { pushWallet } from '../../wallet/walletInfo'
import type { Queryable } from '../../db/connection'
import { taxIdFor } from './mask'
import type { OpsRouter } from './opsRoute'

type Kind = (typeof ops.PAYMENT_KINDS)[number]
const DEPOSIT_KINDS: Record<string, Kind> = { amount_mismatch: 'amountMismatch', paid_after_close: 'paidAfterClose' }

interface Player {
  uid: bigint | null
  email: string | null
  name: string | null
  card_no: string | null
}
interface DepositItem extends Player {
  id: bigint
  close_reason: string
  pay_no: string
  amount: bigint
  paid_amount: bigint
  e2e_id: string
  payer_tax_id: string | null
  closed_at: Date
  handled: boolean
}
interface RefundItem extends Player {
  id: string
  pay_no: string
  e2e_id: string
  amount: bigint
  reason: string
  failure: string | null
  updated_at: Date
  order_id: bigint | null
  expected: bigint | null
  payer_tax_id: string | null
  handled: boolean
}

const PLAYER_COLUMNS = 'u.uid, u.email, u.name, u.card_no'

export function paymentsConsoleRoutes(route: OpsRouter, deps: Deps): void {
  const { db } = deps
  // The BR profile credits only the player's own Pix (deposits/service.ts): a credited payment's payer is the player.
  const ownPayer = deps.config.jurisdiction.code === 'BR'

  route(ops.opsPayments, async ({ query, operator }) => {
    const open = query.all === '1' ? '' : 'AND r.item IS NULL'
    const [deposits, refunds] = await Promise.all([
      db.query<DepositItem>(
        `SELECT o.id, o.close_reason, o.pay_no, o.amount, o.paid_amount, o.e2e_id, o.payer_tax_id, o.closed_at, ${PLAYER_COLUMNS}, r.item IS NOT NULL AS handled
         FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN payment_reviews r ON r.item = 'D' || o.id
         WHERE o.type = 10 AND o.status = '10' AND o.close_reason IN ('amount_mismatch', 'paid_after_close') ${open}
         ORDER BY o.closed_at, o.id LIMIT 500`,
      ),
      // A refund's order by its charge (an automatic one names no order id; one of no charge has none).
      db.query<RefundItem>(
        `SELECT f.id, f.pay_no, f.e2e_id, f.amount, f.reason, f.failure, f.updated_at, o.id AS order_id, o.amount AS expected, o.payer_tax_id, ${PLAYER_COLUMNS}, r.item IS NOT NULL AS handled
         FROM pix_refunds f LEFT JOIN orders o ON o.pay_no = f.pay_no AND o.provider = f.provider LEFT JOIN users u ON u.id = o.user_id
         LEFT JOIN payment_reviews r ON r.item = f.id
         WHERE f.state = 'failed' ${open}
         ORDER BY f.updated_at, f.id LIMIT 500`,
      ),
    ])
    const taxId = (v: string | null) => taxIdFor(operator.role, v ?? '')
    const player = (p: Player) => (p.uid === null ? null : { uId: String(p.uid), email: p.email ?? '', name: p.name ?? '' })
    const items = [
      ...deposits.rows.map((d) => ({
        id: recordId('D', BigInt(d.id)),
        kind: DEPOSIT_KINDS[d.close_reason] ?? 'amountMismatch',
        orderId: recordId('D', BigInt(d.id)),
        payNo: d.pay_no,
        player: player(d),
        expected: centavosToReais(BigInt(d.amount)),
        paid: centavosToReais(BigInt(d.paid_amount)),
        e2eId: d.e2e_id,
        payer: taxId(d.payer_tax_id ?? (ownPayer ? d.card_no : null)),
        state: d.close_reason,
        failure: null,
        at: new Date(d.closed_at).getTime(),
        handled: d.handled,
      })),
      ...refunds.rows.map((f) => ({
        id: f.id,
        kind: 'refundFailed' as const,
        orderId: f.order_id === null ? null : recordId('D', BigInt(f.order_id)),
        payNo: f.pay_no,
        player: player(f),
        expected: f.expected === null ? null : centavosToReais(BigInt(f.expected)),
        paid: centavosToReais(BigInt(f.amount)),
        e2eId: f.e2e_id,
        // The payer of the payment refunded, where its order knows it (an automatic refund of a second payment is another Pix's).
        payer: taxId(f.reason === 'payer_not_owner' || f.reason === OPS_RETURN_REASON ? (f.payer_tax_id ?? (ownPayer && f.reason === OPS_RETURN_REASON ? f.card_no : null)) : null),
        state: 'failed',
        failure: f.failure,
        at: new Date(f.updated_at).getTime(),
        handled: f.handled,
      })),
    ]
    return items.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
  })

  // Idempotent: the work runs in the Idempotency-Key's transaction (q); the devolução is sent once
  // it committed (the refunds job, which follows it to its end), never for a replay.
  route(ops.opsPaymentReturn, async ({ params, body, operator, audit, q, afterCommit }) => {
    const parsed = parseRecordId(params.id)
    if (!parsed || parsed.source !== 'D') throw new AppError('NOT_FOUND')
    const asked = await askReturn(q, deps, { orderId: parsed.id, amount: body.amount, operatorId: operator.operatorId })
    // A queue item returned leaves the queue (a second, partial return of it is still allowed).
    await q.query(`INSERT INTO payment_reviews (item, action, operator_id, reason, at) VALUES ($1, 'returned', $2, $3, $4) ON CONFLICT (item) DO NOTHING`, [
      params.id,
      operator.operatorId,
      body.reason,
      new Date(deps.now()),
    ])
    const left = asked.paid - asked.returnedBefore - asked.amount
    await audit(q, {
      action: 'payment.return',
      target: `payment:${params.id}`,
      reason: body.reason,
      before: { paid: asked.paid, returned: asked.returnedBefore, cash: asked.cashBefore },
      after: { returnId: asked.returnId, amount: asked.amount, returned: asked.returnedBefore + asked.amount, cash: asked.cashBefore - asked.amount, e2eId: asked.e2eId },
    })
    afterCommit(async () => {
      deps.pixJobs?.kick()
      await pushWallet(deps.db, deps.realtime, asked.userId).catch(() => undefined)
    })
    return { id: params.id, returnId: asked.returnId, amount: centavosToReais(asked.amount), left: centavosToReais(left) }
  })

  route(ops.opsPaymentResolve, async ({ params, body, operator, audit }) =>
    db.tx(async (q) => {
      const before = await queueItem(q, params.id)
      const done = await q.query(`INSERT INTO payment_reviews (item, action, operator_id, reason, at) VALUES ($1, 'resolved', $2, $3, $4) ON CONFLICT (item) DO NOTHING RETURNING 1`, [
        params.id,
        operator.operatorId,
        body.reason,
        new Date(deps.now()),
      ])
      if (!done.rows.length) throw new AppError('OPS_ALREADY_DECIDED')
      await audit(q, { action: 'payment.resolve', target: `payment:${params.id}`, reason: body.reason, before: { ...before, handled: false }, after: { handled: true } })
      return { id: params.id, handled: true as const }
    }),
  )
}

/** A queue item as it stands, its row locked (two operators resolving it at once: one does, the other reads OPS_ALREADY_DECIDED); NOT_FOUND when the id is no item of the queue. */
async function queueItem(q: Queryable, id: string): Promise<{ kind: Kind; amount: bigint }> {
  const deposit = parseRecordId(id)
  if (deposit) {
    if (deposit.source !== 'D') throw new AppError('NOT_FOUND')
    const r = await q.query<{ close_reason: string; paid_amount: bigint }>(
      `SELECT close_reason, paid_amount FROM orders WHERE id = $1 AND type = 10 AND status = '10' AND close_reason IN ('amount_mismatch', 'paid_after_close') FOR UPDATE`,
      [deposit.id],
    )
    const row = r.rows[0]
    if (!row) throw new AppError('NOT_FOUND')
    return { kind: DEPOSIT_KINDS[row.close_reason] ?? 'amountMismatch', amount: BigInt(row.paid_amount) }
  }
  const r = await q.query<{ amount: bigint }>(`SELECT amount FROM pix_refunds WHERE id = $1 AND state = 'failed' FOR UPDATE`, [id])
  const row = r.rows[0]
  if (!row) throw new AppError('NOT_FOUND')
  return { kind: 'refundFailed', amount: BigInt(row.amount) }
}
