/**
 * Daily sign-in: a 7-day cycle of rising rewards (SIGNIN_REWARDS), one claim per São Paulo day; a
 * missed day starts the cycle again at day 1. Each reward is a promotion (award type 141) from the
 * promotions account to bonus with SIGNIN_WAGER_X times itself to wager (30 by default: staking that
 * costs more than the reward on every game, so a farm of accounts loses). Test accounts claim
 * nothing (play money). The claim takes the player's row lock and the (user, day) key: once a day,
 * however many requests race.
 */
import type { FastifyInstance } from 'fastify'
import { AWARD_TYPE } from '../../../shared/codes'
import * as contract from '../../../shared/contract/loyalty'
import { signinCycleDay } from '../../../shared/loyalty/rules'
import { centavosToReais } from '../../../shared/money'
import type { Queryable } from '../../db/connection'
import type { Deps } from '../../deps'
import { AppError } from '../../AppError'
import { registerCall } from '../../http/route'
import { dayOf } from '../../wallet/days'
import { post, systemAccountId, userAccountId } from '../../wallet/ledger'
import { lockRealUser } from '../../wallet/players'
import { addWageringRequirement } from '../../wallet/wagering'
import { readWireBalance } from '../../wallet/walletInfo'
import { assertNotBlocked } from '../../protection/blocks'

interface Cycle {
  today: string
  claimedToday: boolean
  /** The cycle's day today's claim pays (or paid). */
  day: number
}

async function cycleOf(q: Queryable, userId: bigint, now: number): Promise<Cycle> {
  const today = dayOf(now)
  const last = (await q.query<{ day: string; streak: number }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, streak FROM signin_claims WHERE user_id = $1 ORDER BY day DESC LIMIT 1`, [userId])).rows[0]
  return { today, ...signinCycleDay(last ? { day: last.day, streak: Number(last.streak) } : null, today, dayOf(now - 86_400_000)) }
}

export function checkinRoutes(app: FastifyInstance, deps: Deps): void {
  const { rewards, wagerX } = deps.config.wallet.signin
  registerCall(app, deps, contract.signinStatus, async ({ session }) => {
    const c = await cycleOf(deps.db, session.userId, deps.now())
    const claimedUpTo = c.claimedToday ? c.day : c.day - 1
    return { ...c, rewards: rewards.map((r) => centavosToReais(r)), claimed: rewards.map((_, i) => i < claimedUpTo) }
  })

  registerCall(app, deps, contract.signinClaim, async ({ session, q }) => {
    const userId = session.userId
    await lockRealUser(q, userId)
    const now = deps.now()
    await assertNotBlocked(q, userId, now)
    const c = await cycleOf(q, userId, now)
    if (c.claimedToday) throw new AppError('SIGNIN_DONE')
    const reward = rewards[c.day - 1] ?? 0n
    const at = new Date(now)
    let tx: bigint | null = null
    if (reward > 0n) {
      tx = await post(
        q,
        {
          kind: 'prize',
          userId,
          ref: `signin:${c.today}`,
          meta: { awardType: AWARD_TYPE.PROMOTION, signinDay: c.day },
          entries: [
            { accountId: await systemAccountId(q, 'promotions'), amount: -reward },
            { accountId: await userAccountId(q, userId, wagerX > 0 ? 'bonus' : 'cash'), amount: reward },
          ],
        },
        at,
      )
      if (wagerX > 0) await addWageringRequirement(q, userId, reward * BigInt(wagerX), reward, at)
    }
    await q.query('INSERT INTO signin_claims (user_id, day, streak, reward, tx_id, created_at) VALUES ($1, $2::date, $3, $4, $5, $6)', [userId, c.today, c.day, reward, tx, at])
    return { day: c.day, reward: centavosToReais(reward), ...(await readWireBalance(q, userId)) }
  })
}
