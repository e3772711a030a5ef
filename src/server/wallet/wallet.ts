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
import { AppError } from '../http/AppError'
import { one } from '../db/one'
import { dayOf } from './days'
import type { WagerRules } from './wagering'

/** How a stake was paid: what creditWin needs to pay a win back the same way. */
export interface BetFunding {
  fromCash: bigint
  fromBonus: bigint
}

export interface BetResult extends BetFunding {
  txId: bigint
}

export interface MoveOptions {
  /** The game's reference (round or bet id), kept on the ledger transaction. */
  ref?: string | null
  meta?: Record<string, unknown>
  at: Date
}

/**
 * Takes a stake: cash first, then bonus; refuses with INSUFFICIENT_BALANCE (9999) when cash +
 * bonus is short, and with BONUS_MAX_STAKE when the stake is above the limit while a gift is being
 * wagered. Every stake counts toward the deposits' turnover and today's stakes at once; toward a
 * gift's wagering it counts when the bet settles (countWager), since that depends on what the bet
 * aimed for. Kind 'bet' on the ledger (records show it as a casino bet), against the player's house
 * sub-account (play money's for a test account). The rules run in the database
 * (wallet_bet, db/functions/wallet/wallet_bet.sql), the function every game's bet path calls.
 */
export async function debitForBet(q: Queryable, userId: bigint, stake: bigint, opts: MoveOptions & { rules: WagerRules }): Promise<BetResult> {
  if (stake <= 0n) throw new Error('a stake must be positive')
  const r = await q.query<{ code: string; bet_tx: bigint | null; from_cash: bigint | null; from_bonus: bigint | null }>(
    'SELECT code, bet_tx, from_cash, from_bonus FROM wallet_bet($1, $2, NULL, $3, $4, $5, $6, $7)',
    [userId, stake, opts.ref ?? null, opts.at, dayOf(opts.at.getTime()), JSON.stringify(opts.meta ?? {}), opts.rules.bonusMaxStake],
  )
  const row = one(r.rows, 'wallet_bet')
  if (row.code === 'INSUFFICIENT_BALANCE') throw new AppError('INSUFFICIENT_BALANCE')
  if (row.code === 'BONUS_MAX_STAKE') throw new AppError('BONUS_MAX_STAKE', { max: opts.rules.bonusMaxStake })
  if (row.code !== 'OK' || row.bet_tx === null) throw new Error(`wallet_bet answered ${row.code}`)
  return { txId: BigInt(row.bet_tx), fromCash: BigInt(row.from_cash ?? 0n), fromBonus: BigInt(row.from_bonus ?? 0n) }
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
