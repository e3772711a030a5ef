import type { Queryable } from '../db/connection'
import { one } from '../db/one'
import type { MoveOptions } from './wallet'

/**
 * Gives a stake back the way it was paid (cash and bonus) from the player's house sub-account:
 * kind 'refund' on the ledger (a voided round; a provider's rollback calls the same function from
 * provider_wallet). Returns the ledger transaction, or null for a stake of nothing. The posting is
 * wallet_refund_stake (db/functions/wallet/wallet_refund_stake.sql), one statement.
 */
export async function refundStake(q: Queryable, userId: bigint, stake: { amount: bigint; fromCash: bigint; fromBonus: bigint }, opts: MoveOptions): Promise<bigint | null> {
  if (stake.amount === 0n) return null
  if (stake.fromCash + stake.fromBonus !== stake.amount) throw new Error('a stake is paid by its cash and bonus parts')
  const r = await q.query<{ tx: bigint | null }>('SELECT wallet_refund_stake($1, $2, $3, $4, $5, $6, $7) AS tx', [
    userId,
    stake.amount,
    stake.fromCash,
    stake.fromBonus,
    opts.ref ?? null,
    JSON.stringify(opts.meta ?? {}),
    opts.at,
  ])
  const tx = one(r.rows, 'wallet_refund_stake').tx
  return tx === null ? null : BigInt(tx)
}
