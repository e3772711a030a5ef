/**
 * The cashier's actions: deposit (prices, pre-pay, status polling, cancel), the KYC detour,
 * withdraw and transfer. Money-moving calls go through moneyCall (one Idempotency-Key per user
 * action, a lost answer retried with it).
 */
import type { z } from 'zod/mini'
import { navigate } from 'wouter/use-browser-location'
import type { BonusTerms, PricePackage, WireBalance } from '../../../shared/contract'
import { bonusTerms, cancelPay, getPrices, getStatus, getWithdraw as getWithdrawCall, pendingPay, prePay, withdraw as withdrawCall } from '../../../shared/contract/order'
import { updateKyc as updateKycCall } from '../../../shared/contract/user'
import { transfer as transferCall } from '../../../shared/contract/wallet'
import { ERROR_CODES } from '../../../shared/contract/errors'
import { i18n } from '../../i18n/i18n'
import { applyBalance } from '../balance'
import { CallFailed } from '../errors'
import { moneyCall } from '../moneyCall'
import { store, type DepositVariant, type KycReturn } from '../store'
import { api, apiMessage, fetchUserInfo, refreshBalance } from './session'
import { offerNudge } from './nudges'
import { closeOverlay, openOverlay, pushAlert, pushToast } from './ui'

/** The payment status is asked this often while the deposit overlay is open (3 s). */
export const STATUS_POLL_MS = 3000

// The protection and sign-in actions take their keys from here.
export { newIdempotencyKey } from '../moneyCall'

// ---- deposit ----------------------------------------------------------------------------

/** The packages of one deposit overlay: the compensation deposit asks for INSBRL. */
export function loadPrices(variant: DepositVariant): Promise<PricePackage[]> {
  const curreny = variant === 'gameDeposit' ? 'INSBRL' : variant === 'boostDeposit' ? 'EXPPAY' : undefined
  return api<PricePackage[]>(getPrices, { query: curreny ? { curreny } : {} })
}

let termsOnce: Promise<BonusTerms> | null = null

/** The bonus terms (the server's wagering settings), asked once per page load. */
export function loadBonusTerms(): Promise<BonusTerms> {
  termsOnce ??= api<BonusTerms>(bonusTerms, { query: { loading: false } }).catch((err: unknown) => {
    termsOnce = null
    throw err
  })
  return termsOnce
}

export function setGiftAvailable(available: boolean): void {
  store.cashier.giftAvailable = available
}

/**
 * The KYC detour: opening the deposit overlay while kyc is not 1, and not coming from editBank,
 * switches to editBank; submitting KYC returns here. Returns true when it switched.
 */
export function kycDetour(variant: DepositVariant): boolean {
  // fromKyc lasts until this deposit overlay closes, so a second run of the check (React's
  // strict-mode remount) decides the same way.
  if (variant !== 'deposit' || store.cashier.fromKyc || !store.user || store.user.kyc === 1) return false
  store.cashier.kycReturn = variant
  openOverlay('editBank')
  return true
}

/**
 * The server refused a deposit, withdrawal or transfer for want of KYC (its message is alerted by
 * the error catalogue): open the KYC form, which comes back to `back` once submitted.
 */
export function kycAfterRefusal(err: unknown, back: KycReturn): void {
  if (!(err instanceof CallFailed) || err.status !== ERROR_CODES.KYC_REQUIRED.status) return
  store.cashier.kycReturn = back
  openOverlay('editBank')
}

/**
 * The package (and the 'no promotions' box) the player chose in a deposit overlay, kept in the
 * store so it outlives the overlay: the KYC detour unmounts the panel, and it comes back to this
 * choice, not to the default package.
 */
export function rememberChoice(variant: DepositVariant, pkgId: number | null, price: number | null, noPromotions: boolean): void {
  store.cashier.choice = { variant, pkgId, price, noPromotions }
}

/** The choice kept for this deposit overlay, if the player made one there. */
export function keptChoice(variant: DepositVariant) {
  const choice = store.cashier.choice
  return choice?.variant === variant ? choice : null
}

/**
 * Confirming a deposit while the identity is not verified: the KYC form comes first, inside the
 * deposit flow (no refusal round trip), and submitting it returns to this overlay with the choice
 * kept. Returns true when it switched.
 */
export function kycBeforeDeposit(variant: DepositVariant): boolean {
  if (!store.user || store.user.kyc === 1) return false
  store.cashier.kycReturn = variant
  openOverlay('editBank')
  return true
}

/** The open order of the signed-in user, if any. */
export function currentOrder() {
  const order = store.cashier.order
  return order && order.uId === store.user?.uId ? order : null
}

/** Confirm: pre-pay the package; the payment page then opens in the frame. */
export async function startDeposit(variant: DepositVariant, pkgId: number, noPromotions: boolean): Promise<void> {
  const body: Record<string, unknown> = { gift: noPromotions ? 0 : 1, pkgId }
  if (variant === 'deposit') body.isapp = store.session.isapp
  let reply
  try {
    reply = await moneyCall<{ orderId: string; payNo: string; url: string }>(prePay, { params: { pkgId }, body, form: true })
  } catch (err) {
    kycAfterRefusal(err, variant)
    throw err
  }
  store.cashier.order = { uId: store.user?.uId ?? 0, ...reply, variant, step: 'page' }
  store.cashier.choice = null
}

/**
 * After a reload the app has forgotten the open order the server still holds (one per user):
 * ask for it, so the payment page and its cancel button come back instead of a refusal.
 */
export async function resumeOrder(variant: DepositVariant): Promise<boolean> {
  if (currentOrder() || !store.user) return Boolean(currentOrder())
  const uId = store.user.uId
  let open
  try {
    open = await api<{ orderId: string; payNo: string; url: string } | null>(pendingPay, { loading: false }, true)
  } catch {
    return false
  }
  if (!open || store.user?.uId !== uId || currentOrder()) return Boolean(currentOrder())
  store.cashier.order = { uId, orderId: open.orderId, payNo: open.payNo, url: open.url, variant, step: 'waiting' }
  return true
}

export function setPayStep(step: 'page' | 'waiting'): void {
  if (store.cashier.order) store.cashier.order.step = step
}

async function paid(): Promise<void> {
  store.cashier.order = null
  store.cashier.fromKyc = false
  store.cashier.choice = null
  store.ui.bonusBoost = null
  const overlay = store.ui.overlay
  if (overlay === 'deposit' || overlay === 'secondDeposit' || overlay === 'gameDeposit' || overlay === 'boostDeposit') closeOverlay()
  pushAlert({ text: i18n.t('cashier.deposit.success') })
  await fetchUserInfo()
}

/**
 * One status poll: '10' paid -> user info refreshed, overlay closed, success shown; '01' (or
 * '-01') cancelled -> the order is cleared and the panel resets; anything else is pending.
 * Transient failures are quiet (the next poll tries again); an unknown order is dropped.
 */
export async function checkOrder(): Promise<void> {
  const order = currentOrder()
  if (!order) return
  let status: string
  try {
    ;({ status } = await api<{ status: string }>(getStatus, { params: { orderId: order.orderId }, loading: false }, true))
  } catch (err) {
    if (err instanceof CallFailed && err.status === ERROR_CODES.ORDER_NOT_FOUND.status && store.cashier.order?.orderId === order.orderId) store.cashier.order = null
    return
  }
  if (store.cashier.order?.orderId !== order.orderId) return
  if (status === '10') await paid()
  else if (status === '01' || status === '-01') {
    store.cashier.order = null
    pushToast(i18n.t('cashier.deposit.cancelled'))
  }
}

/** The cancel button: cancels the open order (a payment that already arrived wins). */
export async function cancelOrder(): Promise<void> {
  const order = currentOrder()
  if (!order) return
  try {
    await moneyCall(cancelPay, { params: { orderId: order.orderId }, body: {} })
    if (store.cashier.order?.orderId === order.orderId) store.cashier.order = null
    pushToast(i18n.t('cashier.deposit.cancelled'))
  } catch (err) {
    if (!(err instanceof CallFailed)) throw err
    await checkOrder()
  }
}

/** Closing the normal deposit overlay while a gift is available offers the second deposit (spec). */
export function closeDeposit(variant: DepositVariant): void {
  store.cashier.fromKyc = false
  store.cashier.choice = null
  closeOverlay()
  // Not at once (never a sheet opening as another closes): offered, for when a sheet may show.
  if (variant === 'deposit' && store.cashier.giftAvailable && !currentOrder()) offerNudge('gift', () => !currentOrder() && openOverlay('secondDeposit'))
}

// ---- KYC ----------------------------------------------------------------------------------

/** What the BR profile's KYC asks beside the name and CPF (the server checks each). */
export interface KycMore {
  birthDate?: string
  phone?: string
  gender?: 'F' | 'M' | 'O' | 'N'
  address?: { cep: string; street: string; number: string; complement?: string; city: string; state: string }
  /** A photo of the face, checked against the document's where the identity provider can. */
  selfie?: { base64: string; format: 'JPG' }
}

/**
 * updateKyc: a toast of the reply's message (or 'Terminar'), then back to the deposit overlay
 * (or the withdraw or transfer panel that sent the player here).
 * User info is refreshed either way; on failure the form stays (the error was alerted).
 */
export async function submitKyc(name: string, cardNo: string, more: KycMore = {}): Promise<boolean> {
  try {
    const msg = await apiMessage(updateKycCall, { body: { name: name.trim(), cardNo: cardNo.trim(), ...more } })
    pushToast(msg || i18n.t('cashier.kyc.done'))
    await fetchUserInfo()
    const back = store.cashier.kycReturn
    if (back !== 'withdraw' && back !== 'transfer') store.cashier.fromKyc = true
    openOverlay(back)
    return true
  } catch (err) {
    void fetchUserInfo()
    if (err instanceof CallFailed) return false
    throw err
  }
}

// ---- withdraw -----------------------------------------------------------------------------

/** getWithdraw's reply: the limits, the types offered, why wdAmount is below the balance (held), the verified identity, the saved accounts. */
export type WithdrawInfo = z.output<typeof getWithdrawCall.reply>

export function loadWithdraw(): Promise<WithdrawInfo> {
  return api<WithdrawInfo>(getWithdrawCall)
}

export interface WithdrawForm {
  payCardBank: 'CPF' | 'CNPJ' | 'USDT'
  payCardNo: string
  ifsc: string
  name: string
  /** Reais as text, '30.00'. */
  amount: string
  whatsapp: string
}

/** withdraw: success alert, overlay closed, balance refreshed, home (spec). */
export async function requestWithdraw(form: WithdrawForm): Promise<boolean> {
  try {
    await moneyCall(withdrawCall, { body: { ...form } })
  } catch (err) {
    kycAfterRefusal(err, 'withdraw')
    if (err instanceof CallFailed) return false
    throw err
  }
  pushAlert({ text: i18n.t('cashier.withdraw.success') })
  closeOverlay()
  await refreshBalance()
  navigate('/home')
  return true
}

// ---- transfer -----------------------------------------------------------------------------

/** transfer: the reply carries the sender's new balance; an alert says it is done. */
export async function transferTo(toUser: string, amount: string): Promise<boolean> {
  let reply: WireBalance
  try {
    reply = await moneyCall<{ id: string } & WireBalance>(transferCall, { body: { toUser: toUser.trim(), amount } })
  } catch (err) {
    kycAfterRefusal(err, 'transfer')
    if (err instanceof CallFailed) return false
    throw err
  }
  applyBalance(reply)
  closeOverlay()
  pushAlert({ text: i18n.t('cashier.transfer.success') })
  void refreshBalance()
  return true
}
