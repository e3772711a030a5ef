/**
 * The wallet's rules on top of the ledger, for every feature that moves a player's money:
 * - `balance` (the wire's) is cash + bonus; only cash is withdrawable or transferable;
 * - a bet spends cash first, then bonus;
 * - a gift goes to bonus with a wagering requirement (gift x the package's multiple, 15 by
 *   default); once the counted stakes reach it, what is left of the bonus turns into cash
 *   (wagering.ts says which stakes count).
 * Every function runs inside the caller's transaction and posts through post().
 */
import type { Queryable } from '../db/connection'
import { one } from '../db/one'

/** How a stake was paid: what creditWin needs to pay a win back the same way. */
export interface BetFunding {
  fromCash: bigint
  fromBonus: bigint
}

export interface MoveOptions {
  /** The game's reference (round or bet id), kept on the ledger transaction. */
  ref?: string | null
  meta?: Record<string, unknown>
  at: Date
}

/**
 * Locks every account a loop of single credits and debits to these players will touch, all at
 * once and in the order every posting takes them (wallet_lock_players, db/functions/wallet/
 * wallet_lock_players.sql, which the batches of bets call too): the players' cash and bonus by id,
 * then their house sub-accounts by id. Whatever pays or refunds several players in one
 * transaction calls it before the first. PGlite runs one transaction at a time and never meets
 * the deadlocks it prevents; PostgreSQL did (the money simulator's find).
 */
export async function lockPlayersAccounts(q: Queryable, userIds: readonly bigint[]): Promise<void> {
  if (userIds.length === 0) return
  await q.query('SELECT wallet_lock_players($1::bigint[])', [[...new Set(userIds)]])
}

/**
 * Pays a win (kind 'win') or a prize (kind 'prize', the spec's order type 19) from the player's
 * house sub-account. With the stake's funding, the part of the win that the bonus paid for goes
 * back to bonus while a wagering requirement is open, so winning with a gift does not skip its
 * wagering. A zero amount (a lost bet) posts nothing and returns null. (wallet_credit_win.)
 */
export async function creditWin(
  q: Queryable,
  userId: bigint,
  amount: bigint,
  opts: MoveOptions & { funding?: BetFunding; kind?: 'win' | 'prize' },
): Promise<bigint | null> {
  if (amount < 0n) throw new Error('a win cannot be negative')
  if (amount === 0n) return null
  const r = await q.query<{ tx: bigint | null }>('SELECT wallet_credit_win($1, $2, $3, $4, $5, $6, $7, $8) AS tx', [
    userId,
    amount,
    opts.ref ?? null,
    opts.at,
    opts.funding?.fromCash ?? 0n,
    opts.funding?.fromBonus ?? 0n,
    opts.kind ?? 'win',
    opts.meta ? JSON.stringify(opts.meta) : null,
  ])
  const tx = one(r.rows, 'wallet_credit_win').tx
  return tx === null ? null : BigInt(tx)
}
