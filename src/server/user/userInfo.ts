import type { UserInfo } from '../../shared/contract'
import { VIP_LEVELS, VIP_TOP, type VipLevel } from '../../shared/loyalty/vip'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../http/AppError'
import { balanceVersionSql } from '../wallet/ledger'

interface UserRow {
  id: bigint
  /** The public id (uId on the wire); users.id stays internal. */
  uid: bigint
  email: string
  name: string
  phone: string
  country: string
  level: number
  header: number
  yqm: string
  created_at: Date
  is_test: boolean
  test_password: string | null
  kyc: number
  lx: string
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
  // withdrawal sums with the last paid deposit, and the invitees on three referral levels.
  const r = await q.query<UserRow & { spendable: bigint; balance_version: bigint; pay_sum: bigint; wd_sum: bigint; last_pay: bigint | null; game_sum: bigint | null; turnover: bigint | null; wager_left: bigint | null; offer_pkg: number | null; offer_price: bigint | null; offer_gift: bigint | null; offer_expires: Date | null; l1: bigint; l2: bigint; l3: bigint; a1: bigint; a2: bigint; a3: bigint }>(
    `WITH l1 AS (SELECT id FROM users WHERE inviter_id = $1),
          l2 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l1)),
          l3 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l2))
     SELECT u.id, u.uid, u.email, u.name, u.phone, u.country, u.level, u.header, u.yqm, u.created_at, u.is_test, u.test_password, u.kyc, u.lx,
       (SELECT COALESCE(SUM(balance), 0)::bigint FROM ledger_accounts WHERE user_id = u.id AND kind IN ('cash', 'bonus')) AS spendable,
       ${balanceVersionSql('u.id')} AS balance_version,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 10) AS pay_sum,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 11) AS wd_sum,
       (SELECT amount FROM orders WHERE user_id = u.id AND type = 10 AND status = '10' ORDER BY closed_at DESC, id DESC LIMIT 1) AS last_pay,
       (SELECT game_sum FROM vip_progress WHERE user_id = u.id) AS game_sum,
       (SELECT outstanding FROM cash_turnover WHERE user_id = u.id) AS turnover,
       (SELECT GREATEST(required - wagered, 0) FROM bonus_wagering WHERE user_id = u.id) AS wager_left,
       offer.pkg AS offer_pkg, offer.price AS offer_price, offer.gift AS offer_gift, offer.expires_at AS offer_expires,
       (SELECT count(*) FROM l1) AS l1, (SELECT count(*) FROM l2) AS l2, (SELECT count(*) FROM l3) AS l3,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 1) AS a1,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 2) AS a2,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 3) AS a3
     FROM users u
     LEFT JOIN LATERAL (
       SELECT p.id AS pkg, p.price, p.gift, o.expires_at FROM promo_offers o
       JOIN LATERAL (SELECT id, price, gift FROM price_packages WHERE curreny = o.curreny AND active AND gift > 0 ORDER BY gift::numeric / price DESC, sort, id LIMIT 1) p ON true
       WHERE o.user_id = u.id AND o.used_at IS NULL AND o.expires_at > $2
         AND NOT EXISTS (SELECT 1 FROM orders d WHERE d.offer_id = o.id AND d.status IN ('00', '10'))
       ORDER BY p.gift::numeric / p.price DESC, o.expires_at LIMIT 1
     ) offer ON true
     WHERE u.id = $1`,
    [userId, now],
  )
  const u = r.rows[0]
  if (!u) throw new AppError('LOGGED_OUT')
  const balance = centavosToReais(BigInt(u.spendable))
  const totals = { payAmount: u.last_pay != null ? BigInt(u.last_pay) : 0n, paySumAmount: BigInt(u.pay_sum), wdSumAmount: BigInt(u.wd_sum) }
  const [level1Person, level2Person, level3Person] = [Number(u.l1), Number(u.l2), Number(u.l3)]
  // The next level's thresholds (the top level's own at the top).
  const next = VIP_LEVELS[Math.min(u.level + 1, VIP_TOP)] as VipLevel
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
    nextlevel: { paySumAmount: centavosToReais(next.payMin), gameSumAmount: centavosToReais(next.gameMin) },
    payDiscount: u.offer_pkg != null ? { discount: discountOf(BigInt(u.offer_price ?? 0), BigInt(u.offer_gift ?? 0)), expiredTime: new Date(u.offer_expires ?? 0).getTime() } : null,
    paypackage: u.offer_pkg != null ? Number(u.offer_pkg) : null,
    kyc: u.kyc,
    testFlag: u.is_test ? '1' : '0',
    lx: u.lx,
    gamePayAmount: centavosToReais(BigInt(u.turnover ?? 0)),
    addPayAmount: centavosToReais(BigInt(u.wager_left ?? 0)),
  }
}
