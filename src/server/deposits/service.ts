import { centavosToReais } from '../../shared/money'
import { randomCode, UNAMBIGUOUS } from '../auth/tokens'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { requireKyc } from '../kyc/identityChecks'
import type { PaymentEvent, PaymentProvider } from '../payments/PaymentProvider'
import { post, systemAccountId, userAccountId, userBalances, type Entry } from '../wallet/ledger'
import { isPromotional, openOffer } from '../wallet/offers'
import { lockRealUser } from '../wallet/players'
import { parseRecordId, recordId } from '../wallet/recordIds'
import { settleVipAwardsOf } from '../vip/awards'
import { addTurnover, addWageringRequirement } from '../wallet/wagering'
import { pushWallet } from '../wallet/walletInfo'
import * as repo from './repository'

export interface NewDeposit {
  pkgId: number
  /** 1: take the package's gift (bonus); 0: 'Não participe de promoções'. */
  gift: 0 | 1
  isapp: 0 | 1
  locale?: string
}

/** prePay: one open payment order per user; an order whose 30 minutes passed no longer counts. */
export async function createDeposit(deps: Deps, q: Queryable, userId: bigint, d: NewDeposit): Promise<{ orderId: string; payNo: string; url: string }> {
  requireKyc(await lockRealUser(q, userId))
  const pkg = await repo.findPackage(q, d.pkgId)
  if (!pkg || d.pkgId < 1) throw new AppError('PACKAGE_NOT_FOUND')
  const provider = deps.payments
  if (!provider) throw new AppError('UNAVAILABLE')
  const now = new Date(deps.now())
  await repo.expireDeposits(q, userId, now)
  if (await repo.openDeposit(q, userId)) throw new AppError('ORDER_OPEN')
  // A promotional package only against an open offer the server made to this player.
  let offerId: bigint | null = null
  if (isPromotional(pkg.curreny)) {
    offerId = await openOffer(q, userId, pkg.curreny, now)
    if (offerId === null) throw new AppError('PROMO_OFFER_REQUIRED')
  }
  // The payNo is the charge's txid (25 characters at most) and the sandbox page's address: unguessable.
  const payNo = randomCode(UNAMBIGUOUS, 24)
  const expiresAt = new Date(now.getTime() + deps.config.wallet.depositTtlMs)
  const id = await repo.insertDeposit(q, {
    userId,
    pkg,
    gift: d.gift === 1 ? pkg.gift : 0n,
    isapp: d.isapp,
    provider: provider.name,
    payNo,
    createdAt: now,
    expiresAt,
    offerId,
    turnoverX: pkg.turnover_x ?? deps.config.wallet.depositTurnover,
  })
  const orderId = recordId('D', id)
  const { url } = await provider.createCharge({ orderId, payNo, amount: BigInt(pkg.price), expiresAt, locale: d.locale })
  await repo.setPayUrl(q, id, url)
  return { orderId, payNo, url }
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
  }
  // Read back: a payment confirmed meanwhile wins over the cancel.
  const now = await repo.findDeposit(deps.db, BigInt(order.id), userId)
  if (now?.status === '10') throw new AppError('ORDER_NOT_CANCELLABLE')
  return '01'
}

export type EventOutcome = 'credited' | 'already_paid' | 'expired' | 'ignored' | 'duplicate'

interface Credited {
  userId: bigint
  orderId: string
  amount: bigint
  czflag: 0 | 1
}

/**
 * Applies a verified provider event. Exactly once per event id, and a payment credits its order
 * once whatever else arrives: a replayed event, or an 'expired' after 'paid', changes nothing;
 * a 'paid' after the order expired or was cancelled still credits it, since the money did arrive.
 */
export async function applyPaymentEvent(deps: Deps, provider: PaymentProvider, event: PaymentEvent): Promise<EventOutcome> {
  const receivedAt = new Date(deps.now())
  const result = await deps.db.tx(async (q) => {
    const fresh = await repo.recordPaymentEvent(q, { provider: provider.name, eventId: event.eventId, payNo: event.payNo, type: event.type, outcome: 'pending', at: receivedAt })
    if (!fresh) return { outcome: 'duplicate' as const, credited: null }
    const order = await repo.lockDepositByPayNo(q, provider.name, event.payNo)
    if (!order) throw new AppError('WEBHOOK_REJECTED')
    let outcome: EventOutcome
    let credited: Credited | null = null
    if (event.type === 'expired') {
      outcome = order.status === '00' ? 'expired' : 'ignored'
      if (order.status === '00') await repo.closeDeposit(q, order.id, '01', event.at, 'expired')
    } else if (order.status === '10') {
      outcome = 'already_paid'
    } else {
      if (event.amount !== BigInt(order.amount)) throw new AppError('WEBHOOK_REJECTED')
      credited = await creditDeposit(deps, q, order, receivedAt)
      outcome = 'credited'
    }
    await repo.setEventOutcome(q, provider.name, event.eventId, outcome)
    return { outcome, credited }
  })
  if (result.credited) {
    const c = result.credited
    deps.realtime.toUser(c.userId, 'paySuccess', { czflag: c.czflag, orderId: c.orderId, amount: centavosToReais(c.amount) })
    await pushWallet(deps.db, deps.realtime, c.userId).catch(() => undefined)
    await settleVipAwardsOf(deps, c.userId).catch(() => undefined)
  }
  return result.outcome
}

/**
 * The deposit's posting: the paid amount to cash, the gift to bonus with its wagering (or to cash
 * when it needs none), and the deposit's turnover. The gift is paid once per offer (a second
 * order of the same offer, paid late, credits its amount without the gift) and within the
 * account's lifetime gift cap.
 */
async function creditDeposit(deps: Deps, q: Queryable, order: repo.DepositRow, at: Date): Promise<Credited> {
  const userId = BigInt(order.user_id)
  const amount = BigInt(order.amount)
  const czflag = (await repo.hasPaidDeposit(q, userId)) ? 1 : 0
  let gift = BigInt(order.gift)
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
  const bonusBefore = (await userBalances(q, userId)).bonus
  await post(q, { kind: 'deposit', userId, ref: orderId, meta: { gift: gift.toString() }, entries }, at)
  if (giftToBonus) await addWageringRequirement(q, userId, gift * BigInt(order.gift_wager_x), bonusBefore, at)
  await addTurnover(q, userId, amount, order.turnover_x)
  // Toward the VIP levels (paySumAmount); an award reached here is credited once this commits.
  await q.query('SELECT vip_add($1, $2, 0, $3)', [userId, amount, at])
  await repo.closeDeposit(q, order.id, '10', at, order.status === '01' ? 'paid_after_close' : null, gift)
  return { userId, orderId, amount, czflag }
}
