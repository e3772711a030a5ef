import type { UserInfo, WireBalance } from '../../shared/contract'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import type { Realtime } from '../realtime/realtime'
import { userBalances } from './ledger'

/** The balance as every reply and event shows it: cash plus bonus in reais, beside its version. */
function wireBalanceOf(b: { cash: bigint; bonus: bigint; version: bigint }): WireBalance {
  return { balance: centavosToReais(b.cash + b.bonus), balanceVersion: Number(b.version) }
}

/** A user's balance for the wire, read now (see wireBalanceOf). */
export async function readWireBalance(q: Queryable, userId: bigint): Promise<WireBalance> {
  return wireBalanceOf(await userBalances(q, userId))
}

interface WalletTotals {
  /** The last paid deposit. */
  payAmount: bigint
  /** Every paid deposit (the VIP progress counts it). */
  paySumAmount: bigint
  /** Every withdrawal paid out. */
  wdSumAmount: bigint
}

/** Deposit and withdrawal sums from the orders, in centavos. */
async function walletTotals(q: Queryable, userId: bigint): Promise<WalletTotals> {
  const r = await q.query<{ pay_sum: bigint; wd_sum: bigint; last_pay: bigint | null }>(
    `SELECT COALESCE(SUM(amount) FILTER (WHERE type = 10), 0)::bigint AS pay_sum,
            COALESCE(SUM(amount) FILTER (WHERE type = 11), 0)::bigint AS wd_sum,
            (SELECT amount FROM orders WHERE user_id = $1 AND type = 10 AND status = '10'
             ORDER BY closed_at DESC, id DESC LIMIT 1) AS last_pay
     FROM orders WHERE user_id = $1 AND status = '10'`,
    [userId],
  )
  const row = r.rows[0]
  return {
    payAmount: row?.last_pay != null ? BigInt(row.last_pay) : 0n,
    paySumAmount: row ? BigInt(row.pay_sum) : 0n,
    wdSumAmount: row ? BigInt(row.wd_sum) : 0n,
  }
}

/** The user-info fields the wallet owns, in reais: what a balance change pushes to the socket. */
async function walletFields(q: Queryable, userId: bigint): Promise<Pick<UserInfo, 'balance' | 'balanceVersion' | 'payAmount' | 'paySumAmount' | 'wdSumAmount'>> {
  const [b, totals] = await Promise.all([userBalances(q, userId), walletTotals(q, userId)])
  return {
    ...wireBalanceOf(b),
    payAmount: centavosToReais(totals.payAmount),
    paySumAmount: centavosToReais(totals.paySumAmount),
    wdSumAmount: centavosToReais(totals.wdSumAmount),
  }
}

/**
 * Tells a user's open sockets their balance changed: `updateUserInfo` with the wallet's fields and
 * `insBalance` with the balance, each with its version. Called after the movement is committed;
 * the balance is read then, so an event sent late carries an older version than a newer reply.
 */
export async function pushWallet(q: Queryable, realtime: Realtime, userId: bigint): Promise<void> {
  const fields = await walletFields(q, userId)
  realtime.toUser(userId, 'updateUserInfo', fields)
  realtime.toUser(userId, 'insBalance', { balance: fields.balance, balanceVersion: fields.balanceVersion })
}
