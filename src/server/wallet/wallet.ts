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
import { lockUserAccounts, post, userAccountId, type Entry } from './ledger'
import { checkBonusStake, countTurnover, type WagerRules } from './wagering'

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
 * wagered. Every stake counts toward the deposits' turnover at once; toward a gift's wagering it
 * counts when the bet settles (countWager), since that depends on what the bet aimed for.
 * Kind 'bet' on the ledger (records show it as a casino bet); a test account's stake goes to the
 * play-money house.
 */
export async function debitForBet(q: Queryable, userId: bigint, stake: bigint, opts: MoveOptions & { rules: WagerRules }): Promise<BetResult> {
  if (stake <= 0n) throw new Error('a stake must be positive')
  const accounts = await lockUserAccounts(q, userId)
  const cash = accounts.cash.balance
  const bonus = accounts.bonus.balance
  if (stake > cash + bonus) throw new AppError('INSUFFICIENT_BALANCE')
  await checkBonusStake(q, opts.rules, userId, stake, bonus)
  const fromCash = stake < cash ? stake : cash
  const fromBonus = stake - fromCash
  const entries: Entry[] = [{ accountId: await houseAccountId(q, userId), amount: stake }]
  if (fromCash > 0n) entries.push({ accountId: accounts.cash.id, amount: -fromCash })
  if (fromBonus > 0n) entries.push({ accountId: accounts.bonus.id, amount: -fromBonus })
  const meta = { ...opts.meta, fromCash: fromCash.toString(), fromBonus: fromBonus.toString() }
  const txId = await post(q, { kind: 'bet', userId, ref: opts.ref ?? null, meta, entries }, opts.at)
  await countTurnover(q, userId, stake)
  return { txId, fromCash, fromBonus }
}

/** The house a player bets against: play money (test accounts) never meets the real house. */
async function houseAccountId(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ id: bigint }>(
    `SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL
       AND a.kind = (SELECT CASE WHEN u.is_test THEN 'play_house' ELSE 'house' END FROM users u WHERE u.id = $1)`,
    [userId],
  )
  if (!r.rows[0]) throw new Error(`no house account for user ${userId}`)
  return BigInt(r.rows[0].id)
}

/**
 * Pays a win (kind 'win') or a prize (kind 'prize', the spec's order type 19) from the house.
 * With the stake's funding, the part of the win that the bonus paid for goes back to bonus while
 * a wagering requirement is open, so winning with a gift does not skip its wagering.
 * A zero amount (a lost bet) posts nothing and returns null.
 */
export async function creditWin(
  q: Queryable,
  userId: bigint,
  amount: bigint,
  opts: MoveOptions & { funding?: BetFunding; kind?: 'win' | 'prize' },
): Promise<bigint | null> {
  if (amount < 0n) throw new Error('a win cannot be negative')
  if (amount === 0n) return null
  let toBonus = 0n
  const funding = opts.funding
  if (funding && funding.fromBonus > 0n) {
    const open = await q.query('SELECT 1 FROM bonus_wagering WHERE user_id = $1 AND required > 0', [userId])
    if (open.rows.length) toBonus = (amount * funding.fromBonus) / (funding.fromCash + funding.fromBonus)
  }
  const entries: Entry[] = [{ accountId: await houseAccountId(q, userId), amount: -amount }]
  if (amount - toBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'cash'), amount: amount - toBonus })
  if (toBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'bonus'), amount: toBonus })
  return post(q, { kind: opts.kind ?? 'win', userId, ref: opts.ref ?? null, meta: opts.meta, entries }, opts.at)
}
