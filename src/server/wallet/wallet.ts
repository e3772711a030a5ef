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
 * Locks every account a loop of single credits and debits to these players will touch, in the
 * order every batch of bets takes them: the players' cash and bonus accounts by id, then their
 * house sub-accounts by id. A settlement that credited bet after bet took each player's accounts
 * and house as it came to them, while a batch of bets held some of the same players and waited for
 * a house the settlement held: PostgreSQL broke the cycle by failing the settlement ("deadlock
 * detected", the money simulator's find), and its match's bets stayed open. PGlite runs one
 * transaction at a time and never met it.
 */
export async function lockPlayersAccounts(q: Queryable, userIds: readonly bigint[]): Promise<void> {
  if (userIds.length === 0) return
  const ids = [...new Set(userIds)]
  await q.query(`SELECT a.id FROM ledger_accounts a WHERE a.user_id = ANY($1::bigint[]) AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE`, [ids])
  await q.query(
    `SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT h.account_id FROM unnest($1::bigint[]) AS u(id) CROSS JOIN LATERAL house_account(u.id) h) ORDER BY a.id FOR NO KEY UPDATE`,
    [ids],
  )
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
