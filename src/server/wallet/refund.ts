import type { Queryable } from '../db/connection'
import { post, userAccountId, type Entry } from './ledger'
import type { MoveOptions } from './wallet'

/**
 * Gives a stake back the way it was paid (cash and bonus) from the player's house sub-account:
 * kind 'refund' on the ledger (a voided round, a provider's rollback). Returns the ledger
 * transaction, or null for a stake of nothing.
 */
export async function refundStake(q: Queryable, userId: bigint, stake: { amount: bigint; fromCash: bigint; fromBonus: bigint }, opts: MoveOptions): Promise<bigint | null> {
  if (stake.amount === 0n) return null
  if (stake.fromCash + stake.fromBonus !== stake.amount) throw new Error('a stake is paid by its cash and bonus parts')
  const house = (await q.query<{ account_id: bigint }>('SELECT account_id FROM house_account($1)', [userId])).rows[0]?.account_id
  if (house === undefined) throw new Error(`user ${userId} has no house account`)
  const entries: Entry[] = [{ accountId: BigInt(house), amount: -stake.amount }]
  if (stake.fromCash > 0n) entries.push({ accountId: await userAccountId(q, userId, 'cash'), amount: stake.fromCash })
  if (stake.fromBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'bonus'), amount: stake.fromBonus })
  return post(q, { kind: 'refund', userId, ref: opts.ref ?? null, meta: opts.meta ?? {}, entries }, opts.at)
}
