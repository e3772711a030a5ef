/**
 * VIP awards: each level a player reaches is recorded once by the database (vip_add, db/functions/loyalty/vip_add.sql,
 * from a deposit or a counted stake); here its award is credited through the ledger as a prize
 * (the spec's order type 19, award type 14) to bonus, from the promotions account, with the gift
 * wagering rule (the award x VIP_AWARD_WAGER_X to wager before it turns into cash). Each award row
 * is taken with FOR UPDATE SKIP LOCKED and marked in the same transaction: credited once, whatever
 * runs it (the job, a deposit's follow-up, several processes).
 */
import { lockPlayersAccounts } from '../../wallet/wallet'
import { AWARD_TYPE } from '../../../shared/codes'
import type { Deps } from '../../deps'
import type { Queryable } from '../../db/connection'
import { post, systemAccountId, userAccountId } from '../../wallet/ledger'
import { addWageringRequirement } from '../../wallet/wagering'
import { loadUserInfo } from '../../user/userInfo'

export interface CreditedAward {
  userId: bigint
  level: number
  award: bigint
}

/**
 * Credits the pending awards (of one player, or anyone's), oldest first; returns what it credited.
 * A player paused or self-excluded gets no bonus: their awards wait, pending, until the block ends.
 */
export async function creditVipAwards(q: Queryable, wagerX: number, at: Date, userId: bigint | null = null, limit = 100): Promise<CreditedAward[]> {
  const pending = await q.query<{ user_id: bigint; level: number; award: bigint }>(
    `SELECT w.user_id, w.level, w.award FROM vip_awards w WHERE w.credited_at IS NULL AND ($1::bigint IS NULL OR w.user_id = $1)
       AND NOT EXISTS (SELECT 1 FROM rg_block_at(w.user_id, $3))
     ORDER BY w.reached_at, w.user_id, w.level LIMIT $2 FOR UPDATE OF w SKIP LOCKED`,
    [userId, limit, at],
  )
  // Every player's accounts at once, in the wallet's order, before the first award is posted: in
  // the awards' order (oldest first) the loop held one player's accounts while it waited for
  // another's, which a settlement held while it waited for the first (PostgreSQL; the money
  // simulator's find).
  await lockPlayersAccounts(q, pending.rows.map((r) => BigInt(r.user_id)))
  const out: CreditedAward[] = []
  for (const row of pending.rows) {
    const user = BigInt(row.user_id)
    const award = BigInt(row.award)
    const level = Number(row.level)
    const tx = await post(
      q,
      {
        kind: 'prize',
        userId: user,
        ref: `vip:${level}`,
        meta: { awardType: AWARD_TYPE.VIP_UPGRADE, level },
        entries: [
          { accountId: await systemAccountId(q, 'promotions'), amount: -award },
          { accountId: await userAccountId(q, user, wagerX > 0 ? 'bonus' : 'cash'), amount: award },
        ],
      },
      at,
    )
    if (wagerX > 0) await addWageringRequirement(q, user, award * BigInt(wagerX), award, at)
    await q.query('UPDATE vip_awards SET credited_at = $3, tx_id = $4 WHERE user_id = $1 AND level = $2', [user, level, at, tx])
    out.push({ userId: user, level, award })
  }
  return out
}

/** Tells each player whose award was credited: their user info (level, sums, balance), live. */
async function announce(deps: Deps, credited: CreditedAward[]): Promise<void> {
  for (const userId of new Set(credited.map((c) => c.userId))) {
    const info = await loadUserInfo(deps.db, userId, new Date(deps.now())).catch(() => null)
    if (info) {
      deps.realtime.toUser(userId, 'updateUserInfo', info)
      deps.realtime.toUser(userId, 'insBalance', { balance: info.balance, balanceVersion: info.balanceVersion })
    }
  }
}

/** Credits one player's pending awards now (after a deposit), then tells them. */
export async function settleVipAwardsOf(deps: Deps, userId: bigint): Promise<void> {
  const credited = await deps.db.tx((q) => creditVipAwards(q, deps.config.wallet.vipAwardWagerX, new Date(deps.now()), userId))
  await announce(deps, credited)
}

/** The job: every few seconds, whatever levels stakes reached meanwhile. */
export function startVipAwards(deps: Deps, log: { error(obj: object, msg: string): void }, everyMs = 5000): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    deps.db
      .tx((q) => creditVipAwards(q, deps.config.wallet.vipAwardWagerX, new Date(deps.now())))
      .then((credited) => announce(deps, credited))
      .catch((err: unknown) => log.error({ err }, 'VIP awards failed'))
      .finally(() => (running = false))
  }, everyMs)
  timer.unref?.()
  return () => clearInterval(timer)
}
