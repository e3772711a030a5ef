/**
 * What a stake is worth to the wallet's two requirements (issue 10, "promotions that cannot be
 * farmed"):
 * - a gift's wagering: a stake counts only when the bet could pay at least 1.5x it, only by its
 *   game's contribution (10 % for the 1 %-edge originals by default), only when it was placed after
 *   the gift was granted, and, for stakes that cover each other, only by their net exposure (the
 *   caller passes that net amount);
 * - the turnover of deposited cash (anti-money-laundering): every stake counts in full.
 * While a gift is being wagered a single stake may be at most BONUS_MAX_STAKE.
 * Every function runs inside the caller's transaction.
 */
import { WAGER_MIN_MULTIPLIER4 } from '../../shared/contract/wallet'
import type { Queryable } from '../db/connection'
import type { WalletConfig } from '../config'
import { one } from '../db/one'
import { userBalances } from './ledger'

export type WagerRules = Pick<WalletConfig, 'bonusMaxStake' | 'wagerContribution'>

/** Percent of a stake of `game` that counts toward a gift's wagering (100 for a game the table does not name). */
export function contributionOf(rules: WagerRules, game: string): number {
  return rules.wagerContribution[game] ?? 100
}

/**
 * The part of a stake that counts toward a gift: nothing when the bet could not pay 1.5x its stake
 * (`multiplier4`: the multiplier the bet aimed for, in ten-thousandths), else the game's share.
 */
export function countedStake(rules: WagerRules, game: string, stake: bigint, multiplier4: bigint): bigint {
  if (multiplier4 < WAGER_MIN_MULTIPLIER4) return 0n
  return (stake * BigInt(contributionOf(rules, game))) / 100n
}

export interface SettledStake {
  game: string
  /** The stake (or, for stakes that cover each other, their net exposure), centavos. */
  stake: bigint
  /** The multiplier the bet aimed for (a cash-out's, or a lost bet's target), ten-thousandths. */
  multiplier4: bigint
  /** When the stake was placed: stakes older than the gift do not count toward it. */
  placedAt: Date
}

/**
 * Counts a settled stake toward the open wagering requirement; when the requirement is met,
 * releases what is left of the bonus to cash. Returns what was released. The counted part is
 * decided here; the requirement's rows move in the database (wallet_count_wager, db/functions/wallet/wallet_count_wager.sql).
 */
export async function countWager(q: Queryable, rules: WagerRules, userId: bigint, s: SettledStake, at: Date): Promise<bigint> {
  const counted = countedStake(rules, s.game, s.stake, s.multiplier4)
  if (counted <= 0n) return 0n
  const r = await q.query<{ released: bigint }>('SELECT wallet_count_wager($1, $2, $3, $4) AS released', [userId, counted, s.placedAt, at])
  return BigInt(one(r.rows, 'wallet_count_wager').released)
}

/**
 * Bonus staked in bets still open: a mines game, a shared round, a sport bet, a provider round.
 * It may come back as bonus (creditWin pays a bonus-funded win back to bonus), so a gift that arrives
 * meanwhile does not find the earlier bonus lost. A product whose bets hold bonus while open adds
 * its table here.
 */
async function bonusInOpenBets(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ staked: bigint }>(
    `SELECT (SELECT COALESCE(sum(from_bonus), 0) FROM casino_bets WHERE user_id = $1 AND game = 'mines' AND state = 'active')
          + (SELECT COALESCE(sum(from_bonus), 0) FROM round_bets WHERE user_id = $1 AND state = 'open')
          + (SELECT COALESCE(sum(from_bonus), 0) FROM sport_bets WHERE user_id = $1 AND status = 0)
          + (SELECT COALESCE(sum(from_bonus), 0) FROM provider_transactions WHERE user_id = $1 AND kind = 'bet' AND state = 'open') AS staked`,
    [userId],
  )
  return BigInt(one(r.rows, 'bonusInOpenBets').staked)
}

/**
 * Opens (or raises) the wagering requirement of a gift just credited to bonus (`gift`, in the
 * caller's transaction, whose posting locked the bonus account: a bet settling meanwhile cannot
 * pay bonus back unseen). Only when no bonus was left before the gift, neither in the balance nor
 * staked in an open bet, did whatever was left of an earlier requirement belong to a bonus already
 * lost: the new gift then starts afresh. Otherwise the new gift's wagering is added to what is still
 * owed (a bonus staked in open sport bets, then a sign-in reward, once cut R$ 375 owed to R$ 15:
 * issue 29). Only stakes placed from `at` on count toward it.
 */
export async function addWageringRequirement(q: Queryable, userId: bigint, required: bigint, gift: bigint, at: Date): Promise<void> {
  if (required <= 0n) return
  const bonusBefore = (await userBalances(q, userId)).bonus - gift
  // Nothing owed (no requirement, or one met): starting afresh and adding are the same; no need to read the open bets.
  const owed = (await q.query<{ owed: boolean }>('SELECT required > wagered AS owed FROM bonus_wagering WHERE user_id = $1', [userId])).rows[0]?.owed === true
  const lost = bonusBefore <= 0n && (!owed || (await bonusInOpenBets(q, userId)) === 0n)
  await q.query(
    `INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, $2, 0, $4)
     ON CONFLICT (user_id) DO UPDATE SET
       required = CASE WHEN $3 THEN EXCLUDED.required ELSE bonus_wagering.required + EXCLUDED.required END,
       wagered = CASE WHEN $3 THEN 0 ELSE bonus_wagering.wagered END,
       granted_at = EXCLUDED.granted_at`,
    [userId, required, lost, at],
  )
}

/** Adds a deposit's turnover: its cash must be staked `times` over before it may leave. */
export async function addTurnover(q: Queryable, userId: bigint, amount: bigint, times: number): Promise<void> {
  if (times <= 0 || amount <= 0n) return
  await q.query(
    `INSERT INTO cash_turnover (user_id, outstanding) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET outstanding = cash_turnover.outstanding + EXCLUDED.outstanding`,
    [userId, amount * BigInt(times)],
  )
}

/** Stakes still needed before all deposited cash may leave, centavos. */
async function turnoverLeft(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ outstanding: bigint }>('SELECT outstanding FROM cash_turnover WHERE user_id = $1', [userId])
  return r.rows[0] ? BigInt(r.rows[0].outstanding) : 0n
}

/** Cash that may be withdrawn or transferred now: the cash balance less the turnover still owed. */
export async function withdrawableCash(q: Queryable, userId: bigint): Promise<{ cash: bigint; withdrawable: bigint; turnoverLeft: bigint }> {
  const cash = (await userBalances(q, userId)).cash
  const left = await turnoverLeft(q, userId)
  return { cash, withdrawable: cash > left ? cash - left : 0n, turnoverLeft: left }
}

/** Counted stakes still needed before the bonus turns into cash, centavos (0: no requirement open). */
export async function bonusWagerLeft(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ required: bigint; wagered: bigint }>('SELECT required, wagered FROM bonus_wagering WHERE user_id = $1', [userId])
  const row = r.rows[0]
  if (!row) return 0n
  const left = BigInt(row.required) - BigInt(row.wagered)
  return left > 0n ? left : 0n
}
