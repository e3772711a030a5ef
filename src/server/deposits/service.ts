import { centavosToReais } from '../../shared/money'
import { randomCode, UNAMBIGUOUS } from '../auth/tokens'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { requireKyc } from '../kyc/identityChecks'
import type { PaymentEvent, PaymentProvider, PixReturn } from '../payments/PaymentProvider'
import { post, systemAccountId, userAccountId, type Entry } from '../wallet/ledger'
import { bookPixReturn, settlePixDebt } from '../wallet/debts'
import { isPromotional, openOffer } from '../wallet/offers'
import { lockRealUser } from '../wallet/players'
import { parseRecordId, recordId } from '../wallet/recordIds'
import { settleVipAwardsOf } from '../loyalty/vip/awards'
import { addTurnover, addWageringRequirement } from '../wallet/wagering'
import { pushWallet } from '../wallet/walletInfo'
import * as repo from './repository'
import { depositRoom, limitError } from '../protection/limits'
import { assertNotBlocked } from '../protection/blocks'
import { assertDepositAllowed, PLAIN_CURRENCIES } from '../protection/brazil'

export interface NewDeposit {
  pkgId: number
  /** 1: take the package's gift (bonus); 0: 'Não participe de promoções'. */
  gift: 0 | 1
  isapp: 0 | 1
  locale?: string
}

/** A charge opened at the PSP for an order about to be written (prePay's first step). */
export interface PreparedCharge {
  /** The order's id, taken from its sequence before the order is written (the charge names it). */
  id: bigint
  payNo: string
  url: string
  brCode: string
  createdAt: Date
  expiresAt: Date
}

/** The checks of a prePay, in order; the same ones run again under lock when the order is written. */
async function depositChecks(deps: Deps, q: Queryable, userId: bigint, d: NewDeposit, now: Date): Promise<{ pkg: repo.PackageRow; offerId: bigint | null }> {
  requireKyc(await lockRealUser(q, userId))
  await assertNotBlocked(q, userId, now.getTime())
  const pkg = await repo.findPackage(q, d.pkgId)
  if (!pkg || d.pkgId < 1) throw new AppError('PACKAGE_NOT_FOUND')
  await assertDepositAllowed(deps.config, q, userId, { gift: d.gift, plain: PLAIN_CURRENCIES.includes(pkg.currency) }, now)
  if (!deps.payments) throw new AppError('UNAVAILABLE')
  await repo.expireDeposits(q, userId, now)
  if (await repo.openDeposit(q, userId)) throw new AppError('ORDER_OPEN')
  // A deposit limit the player set is checked before any PIX charge (here, under the player's lock, and again when the order is written).
  const room = await depositRoom(q, userId, now)
  if (room !== null && room < BigInt(pkg.price)) throw await limitError(q, userId, 'LIMIT_DEPOSIT', now)
  // A promotional package only against an open offer the server made to this player.
  let offerId: bigint | null = null
  if (isPromotional(pkg.currency)) {
    offerId = await openOffer(q, userId, pkg.currency, now)
    if (offerId === null) throw new AppError('PROMO_OFFER_REQUIRED')
  }
  return { pkg, offerId }
}

/**
 * prePay, first step (outside the order's transaction: no row is held while the PSP answers): the
 * checks, then the charge at the PSP under a new txid. A PSP that cannot be reached answers
 * UNAVAILABLE and nothing is written.
 */
export async function prepareDeposit(deps: Deps, userId: bigint, d: NewDeposit, log: { error(obj: object, msg: string): void }): Promise<PreparedCharge> {
  const now = new Date(deps.now())
  const { pkg } = await deps.db.tx((q) => depositChecks(deps, q, userId, d, now))
  const id = await repo.nextOrderId(deps.db)
  const provider = deps.payments
  if (!provider) throw new AppError('UNAVAILABLE')
  // The payNo is the charge's txid (API Pix: 26 to 35 letters and digits) and the pay page's address: unguessable.
  const payNo = randomCode(UNAMBIGUOUS, 32)
  const expiresAt = new Date(now.getTime() + deps.config.wallet.depositTtlMs)
  try {
    const { url, brCode } = await provider.createCharge({ orderId: recordId('D', id), payNo, amount: BigInt(pkg.price), expiresAt, createdAt: now, locale: d.locale })
    return { id, payNo, url, brCode, createdAt: now, expiresAt }
  } catch (err) {
    log.error({ err, order: recordId('D', id) }, 'the PSP could not open a PIX charge')
    throw new AppError('UNAVAILABLE')
  }
}

/** prePay, second step (in the Idempotency-Key's transaction): the checks again under lock, and the order with its charge. */
export async function createDeposit(deps: Deps, q: Queryable, userId: bigint, d: NewDeposit, charge: PreparedCharge): Promise<{ orderId: string; payNo: string; url: string }> {
  const { pkg, offerId } = await depositChecks(deps, q, userId, d, new Date(deps.now()))
  const provider = deps.payments
  if (!provider) throw new AppError('UNAVAILABLE')
  const id = await repo.insertDeposit(q, {
    id: charge.id,
    userId,
    pkg,
    gift: d.gift === 1 ? pkg.gift : 0n,
    isapp: d.isapp,
    provider: provider.name,
    payNo: charge.payNo,
    createdAt: charge.createdAt,
    expiresAt: charge.expiresAt,
    offerId,
    turnoverX: pkg.turnover_x ?? deps.config.wallet.depositTurnover,
  })
  await repo.setPayUrl(q, id, charge.url, charge.brCode)
  return { orderId: recordId('D', id), payNo: charge.payNo, url: charge.url }
}

/** A charge opened for an order that was then refused, or replayed: withdrawn at the PSP (best effort). */
export async function discardCharge(deps: Deps, charge: PreparedCharge): Promise<void> {
  await deps.payments?.cancelCharge(charge.payNo).catch(() => undefined)
}

/** The user's open deposit (an expired one is closed first), to show its payment page again after a reload. */
export async function pendingDeposit(deps: Deps, userId: bigint): Promise<{ orderId: string; payNo: string; url: string; amount: number; expiresAt: number } | null> {
  await repo.expireDeposits(deps.db, userId, new Date(deps.now()))
  const open = await repo.openDeposit(deps.db, userId)
  if (!open) return null
  if (!open.pay_no || !open.pay_url || !open.expires_at) return null
  return { orderId: recordId('D', BigInt(open.id)), payNo: open.pay_no, url: open.pay_url, amount: centavosToReais(open.amount), expiresAt: new Date(open.expires_at).getTime() }
}

/** A deposit of the user's, with a pending order past its window shown (and stored) as cancelled. */
export async function depositStatus(deps: Deps, userId: bigint, orderId: string): Promise<repo.DepositRow> {
  const parsed = parseRecordId(orderId)
  if (!parsed || parsed.source !== 'D') throw new AppError('ORDER_NOT_FOUND')
  await repo.expireDeposits(deps.db, userId, new Date(deps.now()))
  const order = await repo.findDeposit(deps.db, parsed.id, userId)
  if (!order) throw new AppError('ORDER_NOT_FOUND')
  return order
}

/** Cancels the user's pending deposit (a payment that still arrives later is credited all the same). */
export async function cancelDeposit(deps: Deps, userId: bigint, orderId: string): Promise<'01'> {
  const order = await depositStatus(deps, userId, orderId)
  if (order.status === '00') {
    await deps.db.query(`UPDATE orders SET status = '01', closed_at = $2, close_reason = 'cancelled' WHERE id = $1 AND status = '00'`, [order.id, new Date(deps.now())])
    // The charge is withdrawn at the PSP too; should that fail, a payment that still comes is credited all the same.
    if (order.pay_no && deps.payments?.name === order.provider) await deps.payments.cancelCharge(order.pay_no).catch(() => undefined)
  }
  // Read back: a payment confirmed meanwhile wins over the cancel.
  const now = await repo.findDeposit(deps.db, BigInt(order.id), userId)
  if (now?.status === '10') throw new AppError('ORDER_NOT_CANCELLABLE')
  return '01'
}

/**
 * credited: the order's money went to the player; refund: the Pix goes back to its payer (a second
 * payment of a paid charge, or a payment for no charge of ours); duplicate: told before.
 */
export type EventOutcome = 'credited' | 'refund' | 'duplicate'

interface Credited {
  userId: bigint
  orderId: string
  amount: bigint
  czflag: 0 | 1
}

/**
 * Applies a payment the PSP reported (webhook or reconciliation). Exactly once per end-to-end id,
 * and an order is credited once whatever else arrives: a payment after the order expired or was
 * cancelled still credits it (the player's money arrived); one of another amount than the charge's
 * credits what arrived, without the gift, and is flagged; a second payment of a paid charge, or one
 * for no charge of ours, is returned to its payer (a refund through the PSP), never kept.
 */
export async function applyPaymentEvent(deps: Deps, provider: PaymentProvider, event: PaymentEvent): Promise<EventOutcome> {
  const receivedAt = new Date(deps.now())
  const result = await deps.db.tx(async (q) => {
    const fresh = await repo.recordPaymentEvent(q, { provider: provider.name, eventId: event.eventId, payNo: event.payNo, type: event.type, outcome: 'pending', at: receivedAt })
    if (!fresh) return { outcome: 'duplicate' as const, credited: null, refused: null }
    // Credited before, and its event row purged by the retention job since: told again, not paid again.
    if (await repo.wasCredited(q, provider.name, event.eventId)) {
      await repo.setEventOutcome(q, provider.name, event.eventId, 'duplicate')
      return { outcome: 'duplicate' as const, credited: null, refused: null }
    }
    const order = await repo.lockDepositByPayNo(q, provider.name, event.payNo)
    let outcome: EventOutcome
    let credited: Credited | null = null
    let refused: { userId: bigint; orderId: string } | null = null
    if (!order || order.status === '10') {
      await repo.queueRefund(q, { provider: provider.name, e2eId: event.eventId, payNo: event.payNo, amount: event.amount, reason: order ? 'paid_twice' : 'no_such_charge', at: receivedAt })
      outcome = 'refund'
    } else if (deps.config.jurisdiction.code === 'BR' && !(await paidByOwner(q, order, event))) {
      // The BR profile: only the player's own money. A Pix from another CPF (or one the PSP does
      // not say the payer of) is not credited: it goes back to its payer, the order says why.
      await repo.queueRefund(q, { provider: provider.name, e2eId: event.eventId, payNo: event.payNo, amount: event.amount, reason: 'payer_not_owner', at: receivedAt })
      await q.query("UPDATE orders SET status = '01', closed_at = $2, close_reason = 'payer_not_owner', payer_tax_id = $3 WHERE id = $1", [order.id, receivedAt, event.payerTaxId])
      refused = { userId: BigInt(order.user_id), orderId: recordId('D', BigInt(order.id)) }
      outcome = 'refund'
    } else {
      credited = await creditDeposit(deps, q, provider.name, order, event, receivedAt)
      outcome = 'credited'
    }
    await repo.setEventOutcome(q, provider.name, event.eventId, outcome)
    return { outcome, credited, refused }
  })
  if (result.refused) deps.realtime.toUser(result.refused.userId, 'payRefused', { orderId: result.refused.orderId, reason: 'payer_not_owner' })
  if (result.credited) {
    const c = result.credited
    deps.metrics.money('deposit', c.amount)
    deps.realtime.toUser(c.userId, 'paySuccess', { czflag: c.czflag, orderId: c.orderId, amount: centavosToReais(c.amount) })
    await pushWallet(deps.db, deps.realtime, c.userId).catch(() => undefined)
    await settleVipAwardsOf(deps, c.userId).catch(() => undefined)
  }
  return result.outcome
}

/** Whether the payer the PSP recorded is the player: their verified CPF (the BR profile's own-money rule). */
async function paidByOwner(q: Queryable, order: repo.DepositRow, event: PaymentEvent): Promise<boolean> {
  const r = await q.query<{ card_no: string }>('SELECT card_no FROM users WHERE id = $1', [order.user_id])
  const cpf = r.rows[0]?.card_no ?? ''
  return cpf !== '' && event.payerTaxId === cpf
}

/** booked: taken back now; seen: booked before; pending: not settled at the PSP yet (or never will be); not_credited: a Pix we never credited. */
type ReturnOutcome = 'booked' | 'seen' | 'pending' | 'not_credited'

/**
 * Applies a MED return the PSP reported (reconciliation): once it is settled (DEVOLVIDO) the
 * money it took left our account, so the ledger takes it back from the player whose deposit that
 * Pix credited (wallet/debts.ts: cash first, the rest a debt; the bonus forfeited). Once per
 * devolução id; never more than the payment credited. A return of a Pix we never credited (one
 * refunded, or none of ours) moves nothing here: the caller logs it for a person.
 */
export async function applyPixReturn(deps: Deps, provider: PaymentProvider, r: PixReturn): Promise<ReturnOutcome> {
  if (r.state !== 'returned') return 'pending'
  const at = new Date(deps.now())
  const done = await deps.db.tx(async (q) => {
    const paid = await repo.creditedPayment(q, provider.name, r.e2eId)
    if (!paid) return 'not_credited' as const
    const userId = BigInt(paid.user_id)
    const ref = recordId('D', BigInt(paid.order_id))
    const booked = await bookPixReturn(q, { provider: provider.name, e2eId: r.e2eId, id: r.id, rtrId: r.rtrId, natureza: r.natureza, amount: r.amount, credited: BigInt(paid.amount), userId, ref }, at)
    return booked ? { userId } : ('seen' as const)
  })
  if (typeof done === 'string') return done
  deps.metrics.money('pix_return', r.amount)
  await pushWallet(deps.db, deps.realtime, done.userId).catch(() => undefined)
  return 'booked'
}

/**
 * The deposit's posting: the paid amount to cash, the gift to bonus with its wagering (or to cash
 * when it needs none), and the deposit's turnover. The gift is paid once per offer (a second
 * order of the same offer, paid late, credits its amount without the gift) and within the
 * account's lifetime gift cap.
 */
async function creditDeposit(deps: Deps, q: Queryable, provider: string, order: repo.DepositRow, event: PaymentEvent, at: Date): Promise<Credited> {
  const userId = BigInt(order.user_id)
  // What arrived is what is credited; another amount than the charge's (which a dynamic charge
  // should never allow) earns no gift, and the order says so for a person to look at.
  const amount = event.amount
  const mismatch = amount !== BigInt(order.amount)
  const czflag = (await repo.hasPaidDeposit(q, userId)) ? 1 : 0
  let gift = mismatch ? 0n : BigInt(order.gift)
  if (gift > 0n && order.offer_id !== null) {
    const used = await q.query('UPDATE promo_offers SET used_at = $2, used_order_id = $3 WHERE id = $1 AND used_at IS NULL RETURNING id', [order.offer_id, at, order.id])
    if (!used.rows.length) gift = 0n
  }
  if (gift > 0n) {
    const room = deps.config.wallet.giftCap - (await repo.giftsReceived(q, userId))
    if (gift > room) gift = room > 0n ? room : 0n
  }
  const cash = await userAccountId(q, userId, 'cash')
  const giftToBonus = gift > 0n && order.gift_wager_x > 0
  const entries: Entry[] = [
    { accountId: await systemAccountId(q, 'clearing'), amount: -amount },
    { accountId: cash, amount: giftToBonus ? amount : amount + gift },
  ]
  if (gift > 0n) {
    entries.push({ accountId: await systemAccountId(q, 'promotions'), amount: -gift })
    if (giftToBonus) entries.push({ accountId: await userAccountId(q, userId, 'bonus'), amount: gift })
  }
  const orderId = recordId('D', order.id)
  await post(q, { kind: 'deposit', userId, ref: orderId, meta: { gift: gift.toString() }, entries }, at)
  if (giftToBonus) await addWageringRequirement(q, userId, gift * BigInt(order.gift_wager_x), gift, at)
  // A MED return's debt is paid first from what arrived; only the rest is the player's to stake.
  const settled = await settlePixDebt(q, userId, amount, orderId, at)
  await addTurnover(q, userId, amount - settled, order.turnover_x)
  // Toward the VIP levels (paySumAmount); an award reached here is credited once this commits.
  await q.query('SELECT vip_add($1, $2, 0, $3)', [userId, amount, at])
  const reason = mismatch ? 'amount_mismatch' : order.status === '01' ? 'paid_after_close' : null
  await repo.closeDeposit(q, order.id, '10', at, reason, gift)
  await repo.setPayment(q, order.id, amount, event.eventId, event.payerTaxId)
  await repo.recordCredited(q, { provider, e2eId: event.eventId, userId, orderId: BigInt(order.id), amount, at })
  return { userId, orderId, amount, czflag }
}
