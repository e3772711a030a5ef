import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { requireKyc, requireNoPasswordHold } from '../kyc/identityChecks'
import { startOfToday } from '../wallet/days'
import { pixDebt, requireNoPixDebt } from '../wallet/debts'
import { post, systemAccountId, userAccountId, userBalances } from '../wallet/ledger'
import { bonusWagerLeft, withdrawableCash } from '../wallet/wagering'
import { lockRealUser } from '../wallet/players'
import { recordId } from '../wallet/recordIds'
import { pushWallet } from '../wallet/walletInfo'
import { withdrawalOptions } from '../protection/brazil'
import { destinationFailure, firstWithdrawFailure, withdrawDestination, type WithdrawState, withdrawTypesFor } from './checks'
import * as repo from './repository'
import { reviewReasons } from './review'

/** What the user sees before withdrawing, and what the checks judge. */
async function withdrawState(deps: Deps, q: Queryable, userId: bigint): Promise<WithdrawState> {
  const { withdrawMin, withdrawMax, withdrawPerDay } = deps.config.wallet
  const used = await repo.withdrawalsSince(q, userId, startOfToday(deps.now()))
  return {
    locked: await repo.hasGameLock(q, userId),
    remaining: Math.max(0, withdrawPerDay - used),
    // Cash less the deposits' turnover still owed (anti-money-laundering): wdAmount shows it.
    withdrawable: (await withdrawableCash(q, userId)).withdrawable,
    min: withdrawMin,
    max: withdrawMax,
  }
}

/**
 * Why the withdrawable amount is below the balance, centavos: the bonus (not cash until its
 * wagering is met), the deposited cash its turnover still holds, and beside the balance what
 * pending withdrawals hold and a MED return's debt. Read from the same rules the checks use
 * (withdrawableCash), so balance = withdrawable + bonus + turnover.
 */
async function heldParts(q: Queryable, userId: bigint) {
  const [b, cash, wagerLeft, debt] = await Promise.all([userBalances(q, userId), withdrawableCash(q, userId), bonusWagerLeft(q, userId), pixDebt(q, userId)])
  return {
    // Cash as withdrawableCash read it, so the parts add up within this reply.
    balance: centavosToReais(cash.cash + b.bonus),
    bonus: centavosToReais(b.bonus),
    wagerLeft: centavosToReais(wagerLeft),
    turnover: centavosToReais(cash.cash - cash.withdrawable),
    turnoverLeft: centavosToReais(cash.turnoverLeft),
    pending: centavosToReais(b.hold),
    debt: centavosToReais(debt),
  }
}

/** The verified identity a CPF withdrawal goes to (the form fills it in); null before KYC. */
async function verifiedIdentity(q: Queryable, userId: bigint): Promise<{ name: string; cpf: string } | null> {
  const r = await q.query<{ name: string; card_no: string; kyc: number }>('SELECT name, card_no, kyc FROM users WHERE id = $1', [userId])
  const u = r.rows[0]
  return u && Number(u.kyc) === 1 && u.card_no ? { name: u.name, cpf: u.card_no } : null
}

/** getWithdraw: the limits, what can be withdrawn now and why not more, the identity, and the accounts used before (by type). */
export async function withdrawLimits(deps: Deps, userId: bigint) {
  const state = await withdrawState(deps, deps.db, userId)
  const cardInfo: Record<string, { ifsc: string; payCardNo: string; name: string; whatsapp: string }> = {}
  for (const c of await repo.cards(deps.db, userId)) {
    cardInfo[c.type] = { ifsc: c.ifsc, payCardNo: c.pay_card_no, name: c.holder_name, whatsapp: c.whatsapp }
  }
  const lx = (await deps.db.query<{ lx: string }>('SELECT lx FROM users WHERE id = $1', [userId])).rows[0]?.lx ?? ''
  return {
    types: withdrawTypesFor(withdrawalOptions(deps.config, lx)),
    limitAmount: centavosToReais(state.min),
    maxAmount: centavosToReais(state.max),
    number: state.remaining,
    lock: state.locked,
    wdAmount: centavosToReais(state.withdrawable),
    usdtRate: deps.config.wallet.usdtRate,
    cardInfo,
    held: await heldParts(deps.db, userId),
    identity: await verifiedIdentity(deps.db, userId),
  }
}

export interface WithdrawInput {
  payCardBank?: 'CPF' | 'CNPJ' | 'USDT' | ''
  payCardNo?: string
  ifsc?: string
  name?: string
  amount?: bigint | null
  whatsapp?: string
}

/**
 * withdraw, inside the call's transaction: the user row is locked first, so one user's requests
 * run one after another and the day's count and the balance cannot be raced. After the spec's six
 * checks come ours: a verified identity, no password change in the last 24 h, no debt left by a
 * MED return, a CPF withdrawal only to the user's own CPF, a CNPJ one (WITHDRAW_CNPJ=on) with the
 * holder's name and a person's approval before it is paid. The amount moves from cash to hold at
 * once (order type 11, status '00'); the payout processor settles it later.
 */
export async function requestWithdrawal(deps: Deps, q: Queryable, userId: bigint, input: WithdrawInput): Promise<bigint> {
  const user = await lockRealUser(q, userId)
  const state = await withdrawState(deps, q, userId)
  const amount = input.amount ?? null
  const type = input.payCardBank ?? ''
  const account = input.payCardNo ?? ''
  const failure = firstWithdrawFailure(state, { amount, type, account })
  if (failure) throw failure
  if (amount === null || type === '') throw new Error('firstWithdrawFailure let a withdrawal without an amount or a type through')
  // Ours, after the spec's six: who may take money out, then where it may go.
  requireKyc(user)
  requireNoPasswordHold(user, deps.now(), deps.config.wallet.passwordChangeHoldMs)
  await requireNoPixDebt(q, userId)
  const dest = withdrawDestination(type, account, input.ifsc ?? '', { ...withdrawalOptions(deps.config, user.lx), usdtRate: deps.config.wallet.usdtRate })
  const wrongDestination = destinationFailure(dest, user.cardNo, input.name ?? '')
  if (wrongDestination) throw wrongDestination
  const at = new Date(deps.now())
  const card = { userId, type: dest.type, account: dest.account, ifsc: dest.ifsc, name: (input.name ?? '').trim(), whatsapp: (input.whatsapp ?? '').trim(), at }
  // A CNPJ withdrawal, one above WITHDRAW_REVIEW_OVER and one the review rules flag wait, held, for an operator's decision.
  const id = await repo.insertWithdrawal(q, { ...card, amount, reviewReasons: await reviewReasons(q, deps.config.wallet, { userId, amount, type: dest.type, at }) })
  await post(
    q,
    {
      kind: 'withdrawal_hold',
      userId,
      ref: recordId('W', id),
      entries: [
        { accountId: await userAccountId(q, userId, 'cash'), amount: -amount },
        { accountId: await userAccountId(q, userId, 'hold'), amount },
      ],
    },
    at,
  )
  await repo.saveCard(q, card)
  return id
}

export type PayoutOutcome = 'paid' | 'failed'

/**
 * Settles a pending withdrawal: paid, the held money leaves through clearing (status '10');
 * failed, it goes back to cash (status '01'). A withdrawal already settled is left as it is.
 * Returns the status it ends with, or null when there is no such withdrawal.
 */
export async function settleWithdrawal(deps: Deps, id: bigint, outcome: PayoutOutcome, reason: string | null = null): Promise<'01' | '10' | null> {
  const done = await deps.db.tx((q) => closeWithdrawalIn(q, deps, id, outcome, reason))
  if (!done) return null
  if (done.userId !== null) await afterWithdrawalClosed(deps, done, outcome, true)
  return done.status
}

export interface ClosedWithdrawal {
  status: '01' | '10'
  /** Null when it was closed already (nothing moved now). */
  userId: bigint | null
  amount: bigint
}

/**
 * settleWithdrawal's work in the caller's transaction (an operator's rejection closes it with the
 * audit line): paid, the held money leaves through clearing; failed, it goes back to cash. Null:
 * no such withdrawal. Call afterWithdrawalClosed once committed.
 */
export async function closeWithdrawalIn(q: Queryable, deps: Pick<Deps, 'now'>, id: bigint, outcome: PayoutOutcome, reason: string | null): Promise<ClosedWithdrawal | null> {
  const at = new Date(deps.now())
  const order = await repo.lockWithdrawal(q, id)
  if (!order) return null
  if (order.status !== '00') return { status: order.status as '01' | '10', userId: null, amount: 0n }
  const userId = BigInt(order.user_id)
  const amount = BigInt(order.amount)
  const hold = await userAccountId(q, userId, 'hold')
  const to = outcome === 'paid' ? await systemAccountId(q, 'clearing') : await userAccountId(q, userId, 'cash')
  await post(
    q,
    {
      kind: outcome === 'paid' ? 'withdrawal' : 'withdrawal_refund',
      userId,
      ref: recordId('W', id),
      entries: [
        { accountId: hold, amount: -amount },
        { accountId: to, amount },
      ],
    },
    at,
  )
  const status = outcome === 'paid' ? '10' : '01'
  await repo.closeWithdrawal(q, id, status, at, reason)
  return { status, userId, amount }
}

/** What follows a closed withdrawal's commit: the counters (a payout's outcome only when a payout was tried) and the player's wallet, live. */
export async function afterWithdrawalClosed(deps: Deps, done: ClosedWithdrawal, outcome: PayoutOutcome, byPayout: boolean): Promise<void> {
  if (done.userId === null) return
  if (byPayout) deps.metrics.payout(outcome)
  deps.metrics.money(outcome === 'paid' ? 'withdrawal' : 'withdrawal_refunded', done.amount)
  await pushWallet(deps.db, deps.realtime, done.userId).catch(() => undefined)
}
