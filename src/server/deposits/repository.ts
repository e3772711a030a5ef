import type { Queryable } from '../db/connection'
import { randomCode, UNAMBIGUOUS } from '../auth/tokens'
import { one } from '../db/one'

export interface PackageRow {
  id: number
  currency: string
  price: bigint
  gift: bigint
  gift_wager_x: number
  sort: number
  /** Times its cash must be staked before it may leave; null: the DEPOSIT_TURNOVER setting. */
  turnover_x: number | null
}

export interface DepositRow {
  id: bigint
  user_id: bigint
  status: '00' | '01' | '10'
  amount: bigint
  gift: bigint
  gift_wager_x: number
  provider: string | null
  pay_no: string | null
  expires_at: Date | null
  created_at: Date
  closed_at: Date | null
  close_reason: string | null
  /** The provider's payment page. */
  pay_url: string | null
  /** The promotional offer it was bought against. */
  offer_id: bigint | null
  turnover_x: number
  /** The charge's "copia e cola" code. */
  pay_code: string | null
}

const DEPOSIT_COLUMNS = 'id, user_id, status, amount, gift, gift_wager_x, provider, pay_no, expires_at, created_at, closed_at, close_reason, pay_url, offer_id, turnover_x, pay_code'

export async function listPackages(q: Queryable, currenies: readonly string[]): Promise<PackageRow[]> {
  const r = await q.query<PackageRow>(
    `SELECT id, currency, price, gift, gift_wager_x, sort, turnover_x FROM price_packages
     WHERE active AND currency = ANY($1::text[]) ORDER BY sort, id`,
    [currenies],
  )
  return r.rows
}

export async function findPackage(q: Queryable, id: number): Promise<PackageRow | null> {
  const r = await q.query<PackageRow>('SELECT id, currency, price, gift, gift_wager_x, sort, turnover_x FROM price_packages WHERE id = $1 AND active', [id])
  return r.rows[0] ?? null
}

/** Closes the user's pending deposits whose payment window has passed (they show as cancelled). */
export async function expireDeposits(q: Queryable, userId: bigint, now: Date): Promise<void> {
  await q.query(
    `UPDATE orders SET status = '01', closed_at = expires_at, close_reason = 'expired'
     WHERE user_id = $1 AND type = 10 AND status = '00' AND expires_at <= $2`,
    [userId, now],
  )
}

export async function openDeposit(q: Queryable, userId: bigint): Promise<DepositRow | null> {
  const r = await q.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM orders WHERE user_id = $1 AND type = 10 AND status = '00'`, [userId])
  return r.rows[0] ?? null
}

/** An order id from the orders' sequence, for an order written a moment later. */
export async function nextOrderId(q: Queryable): Promise<bigint> {
  const r = await q.query<{ id: bigint }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id`)
  return BigInt(one(r.rows, 'nextval(orders)').id)
}

export async function insertDeposit(
  q: Queryable,
  d: {
    id: bigint
    userId: bigint
    pkg: PackageRow
    gift: bigint
    isapp: number
    provider: string
    payNo: string
    createdAt: Date
    expiresAt: Date
    offerId: bigint | null
    turnoverX: number
  },
): Promise<bigint> {
  const r = await q.query<{ id: bigint }>(
    `INSERT INTO orders (id, user_id, type, status, amount, pkg_id, gift, gift_wager_x, isapp, provider, pay_no, expires_at, created_at, offer_id, turnover_x)
     VALUES ($13, $1, 10, '00', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [d.userId, d.pkg.price, d.pkg.id, d.gift, d.pkg.gift_wager_x, d.isapp, d.provider, d.payNo, d.expiresAt, d.createdAt, d.offerId, d.turnoverX, d.id],
  )
  return BigInt(one(r.rows, 'INSERT INTO orders (deposit)').id)
}

export async function findDeposit(q: Queryable, id: bigint, userId: bigint): Promise<DepositRow | null> {
  const r = await q.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2 AND type = 10`, [id, userId])
  return r.rows[0] ?? null
}

/** The deposit a provider's payment number points at, locked for the webhook's update. */
export async function lockDepositByPayNo(q: Queryable, provider: string, payNo: string): Promise<DepositRow | null> {
  const r = await q.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM orders WHERE pay_no = $1 AND provider = $2 AND type = 10 FOR NO KEY UPDATE`,
    [payNo, provider],
  )
  return r.rows[0] ?? null
}

export async function findDepositByPayNo(q: Queryable, provider: string, payNo: string): Promise<DepositRow | null> {
  const r = await q.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM orders WHERE pay_no = $1 AND provider = $2 AND type = 10`, [payNo, provider])
  return r.rows[0] ?? null
}

/** Closes a deposit; a paid one records the gift it really credited (the gift cap and offers may lower it). */
export async function closeDeposit(q: Queryable, id: bigint, status: '01' | '10', at: Date, reason: string | null, gift?: bigint): Promise<void> {
  if (gift === undefined) await q.query('UPDATE orders SET status = $2, closed_at = $3, close_reason = $4 WHERE id = $1', [id, status, at, reason])
  else await q.query('UPDATE orders SET status = $2, closed_at = $3, close_reason = $4, gift = $5 WHERE id = $1', [id, status, at, reason, gift])
}

/** Deposit gifts the user has received in all, centavos (the lifetime gift cap counts them). */
export async function giftsReceived(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ total: bigint }>(`SELECT COALESCE(SUM(gift), 0)::bigint AS total FROM orders WHERE user_id = $1 AND type = 10 AND status = '10'`, [userId])
  return BigInt(r.rows[0]?.total ?? 0n)
}

export async function hasPaidDeposit(q: Queryable, userId: bigint): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM orders WHERE user_id = $1 AND type = 10 AND status = '10' LIMIT 1`, [userId])
  return r.rows.length > 0
}

/** Records a provider's event once; false when it was seen before (a replayed webhook). */
export async function recordPaymentEvent(
  q: Queryable,
  e: { provider: string; eventId: string; payNo: string; type: string; outcome: string; at: Date },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO payment_events (provider, event_id, pay_no, type, outcome, received_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [e.provider, e.eventId, e.payNo, e.type, e.outcome, e.at],
  )
  return r.rows.length > 0
}

/** A payment credited before, by its end-to-end id: kept for good (credited_payments), unlike its event row. */
/** Which of these payment events (end-to-end ids) this server has applied before: recorded, or credited (whose event row the retention job may have purged). */
export async function knownPaymentEvents(q: Queryable, provider: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set()
  const r = await q.query<{ id: string }>(
    `SELECT event_id AS id FROM payment_events WHERE provider = $1 AND event_id = ANY($2::text[])
     UNION SELECT e2e_id FROM credited_payments WHERE provider = $1 AND e2e_id = ANY($2::text[])`,
    [provider, [...eventIds]],
  )
  return new Set(r.rows.map((row) => row.id))
}

export async function wasCredited(q: Queryable, provider: string, e2eId: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM credited_payments WHERE provider = $1 AND e2e_id = $2', [provider, e2eId])
  return r.rows.length > 0
}

/** Whose deposit a credited payment made, and how much it credited. */
export async function creditedPayment(q: Queryable, provider: string, e2eId: string): Promise<{ user_id: bigint; order_id: bigint; amount: bigint } | null> {
  const r = await q.query<{ user_id: bigint; order_id: bigint; amount: bigint }>(
    'SELECT user_id, order_id, amount FROM credited_payments WHERE provider = $1 AND e2e_id = $2',
    [provider, e2eId],
  )
  return r.rows[0] ?? null
}

export async function recordCredited(q: Queryable, c: { provider: string; e2eId: string; userId: bigint; orderId: bigint; amount: bigint; at: Date }): Promise<void> {
  await q.query(
    'INSERT INTO credited_payments (provider, e2e_id, user_id, order_id, amount, credited_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [c.provider, c.e2eId, c.userId, c.orderId, c.amount, c.at],
  )
}

export async function setEventOutcome(q: Queryable, provider: string, eventId: string, outcome: string): Promise<void> {
  await q.query('UPDATE payment_events SET outcome = $3 WHERE provider = $1 AND event_id = $2', [provider, eventId, outcome])
}

/** Keeps the deposit's pay page and its charge's "copia e cola" code (shown again after a reload). */
export async function setPayUrl(q: Queryable, id: bigint, url: string, code: string): Promise<void> {
  await q.query('UPDATE orders SET pay_url = $2, pay_code = $3 WHERE id = $1', [id, url, code])
}

/** What the payment really brought, its end-to-end id, and its payer as the PSP recorded it (kept when the PSP did not say). */
export async function setPayment(q: Queryable, id: bigint, amount: bigint, e2eId: string, payerTaxId: string | null): Promise<void> {
  await q.query('UPDATE orders SET paid_amount = $2, e2e_id = $3, payer_tax_id = COALESCE($4, payer_tax_id) WHERE id = $1', [id, amount, e2eId, payerTaxId])
}

/** A received Pix to send back to its payer, once per payment (its end-to-end id). */
export async function queueRefund(
  q: Queryable,
  r: { provider: string; e2eId: string; payNo: string; amount: bigint; reason: string; at: Date },
): Promise<void> {
  // The devolução's id: letters and digits, at most 35 (ours: R and 30 more). One automatic refund
  // per payment (user_id NULL: money never credited); an operator's returns are deposits/returns.ts'.
  await q.query(
    `INSERT INTO pix_refunds (id, provider, e2e_id, pay_no, amount, reason, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'new', $7, $7) ON CONFLICT (provider, e2e_id) WHERE user_id IS NULL DO NOTHING`,
    [`R${randomCode(UNAMBIGUOUS, 30)}`, r.provider, r.e2eId, r.payNo, r.amount, r.reason, r.at],
  )
}

export interface RefundRow {
  id: string
  e2e_id: string
  amount: bigint
  reason: string
  state: 'new' | 'pending' | 'returned' | 'failed'
}

export async function openRefunds(q: Queryable, provider: string, limit: number): Promise<RefundRow[]> {
  const r = await q.query<RefundRow>(`SELECT id, e2e_id, amount, reason, state FROM pix_refunds WHERE provider = $1 AND state IN ('new', 'pending') ORDER BY created_at LIMIT $2`, [provider, limit])
  return r.rows
}
