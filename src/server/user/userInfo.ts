import type { UserInfo } from '../../shared/contract'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'

type Sum = number | string

/** user_info_json's object (JSON: its integers are numbers, its times text). */
interface UserRow {
  /** The public id (uId on the wire); users.id stays internal. */
  uid: Sum
  email: string
  name: string
  phone: string
  country: string
  level: number
  header: number
  yqm: string
  created_at: string
  is_test: boolean
  test_password: string | null
  kyc: number
  lx: string
  spendable: Sum
  balance_version: Sum
  pay_sum: Sum
  wd_sum: Sum
  last_pay: Sum | null
  game_sum: Sum | null
  turnover: Sum | null
  wager_left: Sum | null
  next_pay_min: Sum
  next_game_min: Sum
  offer_pkg: number | null
  offer_price: Sum | null
  offer_gift: Sum | null
  offer_expires: string | null
  l1: Sum
  l2: Sum
  l3: Sum
  a1: Sum
  a2: Sum
  a3: Sum
}

/**
 * The deposit discount of a promotional package: the part of the chips the player does not pay,
 * gift / (price + gift), four decimals rounded down (R$ 10 paid for R$ 15: 0.3333).
 */
function discountOf(price: bigint, gift: bigint): number {
  return price + gift > 0n ? Number((gift * 10_000n) / (price + gift)) / 10_000 : 0
}

/**
 * Every field of the spec's user info. The wallet's sums come from the orders (payAmount: the
 * last paid deposit; paySumAmount: all paid deposits; wdSumAmount: all paid-out withdrawals).
 * gameSumAmount: the stakes counted toward the VIP levels; nextlevel: the next level's thresholds;
 * levelNAmount: the referral commissions earned from each level. payDiscount and paypackage: the
 * player's best open promotional offer (compensation or bonus boost: discountOf its package, until
 * the offer expires) and the package it buys; null without one. gamePayAmount: the stakes still
 * owed on deposited cash before it may leave (cash turnover); addPayAmount: the bonus's wagering
 * still to do.
 */
export async function loadUserInfo(q: Queryable, userId: bigint, now: Date): Promise<UserInfo> {
  // One round trip: the user, the spendable balance (cash + bonus) and its version, the paid deposit and
  // withdrawal sums with the last paid deposit, and the invitees on three referral levels. The query
  // is user_info_json (db/functions/accounts/user_info_json.sql: a function, so its plan is kept);
  // change it in that file. Its numbers arrive as JSON numbers, its times as text.
  const r = await q.query<{ info: UserRow | null }>('SELECT user_info_json($1, $2) AS info', [userId, now])
  const u = r.rows[0]?.info
  if (!u) throw new AppError('LOGGED_OUT')
  const balance = centavosToReais(BigInt(u.spendable))
  const totals = { payAmount: u.last_pay != null ? BigInt(u.last_pay) : 0n, paySumAmount: BigInt(u.pay_sum), wdSumAmount: BigInt(u.wd_sum) }
  const [level1Person, level2Person, level3Person] = [Number(u.l1), Number(u.l2), Number(u.l3)]
  return {
    uId: Number(u.uid),
    name: u.name,
    username: u.email,
    email: u.email,
    phone: u.phone,
    country: u.country,
    level: u.level,
    header: u.header,
    balance,
    balanceVersion: Number(u.balance_version),
    payAmount: centavosToReais(totals.payAmount),
    yqm: u.yqm,
    time: new Date(u.created_at).toISOString(),
    extendInfo: u.is_test ? { username: u.email, pwd: u.test_password ?? '', balance } : null,
    level1Amount: centavosToReais(BigInt(u.a1)),
    level2Amount: centavosToReais(BigInt(u.a2)),
    level3Amount: centavosToReais(BigInt(u.a3)),
    level1Person,
    level2Person,
    level3Person,
    paySumAmount: centavosToReais(totals.paySumAmount),
    wdSumAmount: centavosToReais(totals.wdSumAmount),
    gameSumAmount: centavosToReais(BigInt(u.game_sum ?? 0)),
    // The next level's thresholds (the top level's own at the top).
    nextlevel: { paySumAmount: centavosToReais(BigInt(u.next_pay_min)), gameSumAmount: centavosToReais(BigInt(u.next_game_min)) },
    payDiscount: u.offer_pkg != null ? { discount: discountOf(BigInt(u.offer_price ?? 0), BigInt(u.offer_gift ?? 0)), expiredTime: new Date(u.offer_expires ?? 0).getTime() } : null,
    paypackage: u.offer_pkg != null ? Number(u.offer_pkg) : null,
    kyc: u.kyc,
    testFlag: u.is_test ? '1' : '0',
    lx: u.lx,
    gamePayAmount: centavosToReais(BigInt(u.turnover ?? 0)),
    addPayAmount: centavosToReais(BigInt(u.wager_left ?? 0)),
  }
}
