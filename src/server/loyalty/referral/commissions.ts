/**
 * Three-level referral commissions. A referee's counted stakes (settled, by the contribution table
 * and net exposure: what a gift's wagering counts) are summed per São Paulo day in wager_days
 * (vip_add, db/functions/loyalty/vip_add.sql). Once a day is over, each inviter up the chain earns its level's rate of
 * them (REFERRAL_RATES, 0.4 %, 0.2 %, 0.1 %): one row per beneficiary, referee and day (the primary
 * key makes a second run, in this process or another, find nothing to pay), then one ledger posting
 * per beneficiary and day, a promotion (award type 141) from the promotions account, to bonus with
 * REFERRAL_WAGER_X times itself to wager (to cash when 0). All three levels together pay 0.7 % of
 * counted stakes, less than any game's edge: a player referring himself cannot profit. A
 * beneficiary paused or self-excluded when the day is paid earns nothing of it (no bonus while blocked).
 */
import { AWARD_TYPE } from '../../../shared/codes'
import { commissionOf } from '../../../shared/loyalty/rules'
import type { Queryable } from '../../db/connection'
import type { Deps } from '../../deps'
import { loadUserInfo } from '../../user/userInfo'
import { dayOf } from '../../wallet/days'
import { post, systemAccountId, userAccountId } from '../../wallet/ledger'
import { addWageringRequirement } from '../../wallet/wagering'

export interface ReferralRules {
  /** Basis points of a referee's counted stakes per level (40, 20, 10). */
  ratesBp: readonly [number, number, number]
  wagerX: number
}

/** Pays one São Paulo day's commissions; returns each beneficiary's total credited now. */
export async function payReferralDay(q: Queryable, rules: ReferralRules, day: string, at: Date): Promise<Map<bigint, bigint>> {
  // Who earns what: each referee's counted stakes of the day, up the chain (test accounts earn nothing).
  const due = await q.query<{ beneficiary: bigint; referee: bigint; counted: bigint; level: number }>(
    `WITH chain AS (
       SELECT w.user_id AS referee, w.counted, u1.inviter_id AS b1, u2.inviter_id AS b2, u3.inviter_id AS b3
       FROM wager_days w
       JOIN users u1 ON u1.id = w.user_id
       LEFT JOIN users u2 ON u2.id = u1.inviter_id
       LEFT JOIN users u3 ON u3.id = u2.inviter_id
       WHERE w.day = $1::date AND w.counted > 0
     ), due AS (
       SELECT b1 AS beneficiary, referee, counted, 1 AS level FROM chain WHERE b1 IS NOT NULL
       UNION ALL SELECT b2, referee, counted, 2 FROM chain WHERE b2 IS NOT NULL
       UNION ALL SELECT b3, referee, counted, 3 FROM chain WHERE b3 IS NOT NULL
     )
     SELECT d.beneficiary, d.referee, d.counted, d.level FROM due d JOIN users b ON b.id = d.beneficiary AND NOT b.is_test
     -- A beneficiary paused or self-excluded when the day is paid gets no bonus for it.
     WHERE NOT EXISTS (SELECT 1 FROM rg_block_at(d.beneficiary, $2))`,
    [day, at],
  )
  const amounts = due.rows.map((d) => commissionOf(BigInt(d.counted), rules.ratesBp[Number(d.level) - 1] ?? 0))
  // One row per beneficiary, referee and day (the primary key): what another run inserted first is not paid again here.
  const rows = await q.query<{ beneficiary: bigint; amount: bigint }>(
    `INSERT INTO referral_commissions (beneficiary, referee, day, level, base, amount, created_at)
       SELECT x.beneficiary, x.referee, $1::date, x.level, x.base, x.amount, $2
       FROM unnest($3::bigint[], $4::bigint[], $5::int[], $6::bigint[], $7::bigint[]) AS x(beneficiary, referee, level, base, amount)
     ON CONFLICT DO NOTHING
     RETURNING beneficiary, amount`,
    [
      day,
      at,
      due.rows.map((d) => String(d.beneficiary)),
      due.rows.map((d) => String(d.referee)),
      due.rows.map((d) => Number(d.level)),
      due.rows.map((d) => String(d.counted)),
      amounts.map(String),
    ],
  )
  const totals = new Map<bigint, bigint>()
  for (const r of rows.rows) totals.set(BigInt(r.beneficiary), (totals.get(BigInt(r.beneficiary)) ?? 0n) + BigInt(r.amount))
  for (const [beneficiary, amount] of [...totals].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (amount <= 0n) continue
    const tx = await post(
      q,
      {
        kind: 'prize',
        userId: beneficiary,
        ref: `referral:${day}`,
        meta: { awardType: AWARD_TYPE.PROMOTION, referralDay: day },
        entries: [
          { accountId: await systemAccountId(q, 'promotions'), amount: -amount },
          { accountId: await userAccountId(q, beneficiary, rules.wagerX > 0 ? 'bonus' : 'cash'), amount },
        ],
      },
      at,
    )
    if (rules.wagerX > 0) await addWageringRequirement(q, beneficiary, amount * BigInt(rules.wagerX), amount, at)
    await q.query('UPDATE referral_commissions SET tx_id = $3 WHERE beneficiary = $1 AND day = $2::date AND tx_id IS NULL', [beneficiary, day, tx])
  }
  await q.query('INSERT INTO referral_days (day, paid_at) VALUES ($1::date, $2) ON CONFLICT DO NOTHING', [day, at])
  return totals
}

/** Every São Paulo day before today with stakes and not paid yet, oldest first, each in its own transaction. */
export async function payDueReferralDays(deps: Deps, rules: ReferralRules): Promise<number> {
  const at = new Date(deps.now())
  const today = dayOf(at.getTime())
  const days = await deps.db.query<{ day: string }>(
    `SELECT DISTINCT to_char(w.day, 'YYYY-MM-DD') AS day FROM wager_days w
     WHERE w.day < $1::date AND NOT EXISTS (SELECT 1 FROM referral_days r WHERE r.day = w.day) ORDER BY 1`,
    [today],
  )
  let paid = 0
  for (const { day } of days.rows) {
    const totals = await deps.db.tx((q) => payReferralDay(q, rules, day, at))
    paid += totals.size
    for (const userId of totals.keys()) {
      const info = await loadUserInfo(deps.db, userId, new Date(deps.now())).catch(() => null)
      if (info) deps.realtime.toUser(userId, 'updateUserInfo', info)
    }
  }
  return paid
}

/** The job: at start and every REFERRAL_EVERY (10 minutes), the days that are over and unpaid. */
export function startReferralCommissions(deps: Deps, rules: ReferralRules, log: { error(obj: object, msg: string): void }, everyMs = 600_000): () => void {
  let running = false
  const run = () => {
    if (running) return
    running = true
    payDueReferralDays(deps, rules)
      .catch((err: unknown) => log.error({ err }, 'referral commissions failed'))
      .finally(() => (running = false))
  }
  const first = setTimeout(run, 5_000)
  first.unref?.()
  const timer = setInterval(run, everyMs)
  timer.unref?.()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}

/** After a registration with a code: the inviters up the chain see their referee counts change, live. */
export async function announceReferee(deps: Deps, inviterId: bigint): Promise<void> {
  let id: bigint | null = inviterId
  for (let level = 1; level <= 3 && id !== null; level++) {
    const info = await loadUserInfo(deps.db, id, new Date(deps.now())).catch(() => null)
    if (info) deps.realtime.toUser(id, 'updateUserInfo', { level1Person: info.level1Person, level2Person: info.level2Person, level3Person: info.level3Person })
    const up: { inviter_id: bigint | null } | undefined = (await deps.db.query<{ inviter_id: bigint | null }>('SELECT inviter_id FROM users WHERE id = $1', [id])).rows[0]
    id = up?.inviter_id == null ? null : BigInt(up.inviter_id)
  }
}
