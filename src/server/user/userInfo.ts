import type { UserInfo } from '../../shared/contract'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../http/AppError'
import { userBalances } from '../wallet/ledger'
import { walletTotals } from '../wallet/walletInfo'

interface UserRow {
  id: bigint
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

/** The balance on the wire: cash plus bonus, in reais. */
export async function wireBalance(q: Queryable, userId: bigint): Promise<number> {
  const b = await userBalances(q, userId)
  return centavosToReais(b.cash + b.bonus)
}

/** Invitees on the three referral levels below a user. */
async function referralCounts(q: Queryable, userId: bigint): Promise<[number, number, number]> {
  const r = await q.query<{ l1: bigint; l2: bigint; l3: bigint }>(
    `WITH l1 AS (SELECT id FROM users WHERE inviter_id = $1),
          l2 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l1)),
          l3 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l2))
     SELECT (SELECT count(*) FROM l1) AS l1, (SELECT count(*) FROM l2) AS l2, (SELECT count(*) FROM l3) AS l3`,
    [userId],
  )
  const row = r.rows[0]!
  return [Number(row.l1), Number(row.l2), Number(row.l3)]
}

/**
 * Every field of the spec's user info. The wallet's sums come from the orders (payAmount: the
 * last paid deposit; paySumAmount: all paid deposits; wdSumAmount: all paid-out withdrawals).
 * Fields that later features fill (bet sums, referral amounts, VIP thresholds, discounts) are
 * zero until those features land.
 */
export async function loadUserInfo(q: Queryable, userId: bigint): Promise<UserInfo> {
  const r = await q.query<UserRow>(
    `SELECT id, email, name, phone, country, level, header, yqm, created_at, is_test, test_password, kyc, lx
     FROM users WHERE id = $1`,
    [userId],
  )
  const u = r.rows[0]
  if (!u) throw new AppError('LOGGED_OUT')
  const balance = await wireBalance(q, userId)
  const totals = await walletTotals(q, userId)
  const [level1Person, level2Person, level3Person] = await referralCounts(q, userId)
  return {
    uId: Number(u.id),
    name: u.name,
    username: u.email,
    email: u.email,
    phone: u.phone,
    country: u.country,
    level: u.level,
    header: u.header,
    balance,
    payAmount: centavosToReais(totals.payAmount),
    yqm: u.yqm,
    time: new Date(u.created_at).toISOString(),
    extendInfo: u.is_test ? { username: u.email, pwd: u.test_password ?? '', balance } : null,
    level1Amount: 0,
    level2Amount: 0,
    level3Amount: 0,
    level1Person,
    level2Person,
    level3Person,
    paySumAmount: centavosToReais(totals.paySumAmount),
    wdSumAmount: centavosToReais(totals.wdSumAmount),
    gameSumAmount: 0,
    nextlevel: { paySumAmount: 0, gameSumAmount: 0 },
    payDiscount: null,
    paypackage: null,
    kyc: u.kyc,
    testFlag: u.is_test ? '1' : '0',
    lx: u.lx,
    gamePayAmount: 0,
    addPayAmount: 0,
  }
}
