/**
 * The wallet's rules on top of the ledger, for every feature that moves a player's money:
 * - `balance` (the wire's) is cash + bonus; only cash is withdrawable or transferable;
 * - a bet spends cash first, then bonus;
 * - a gift goes to bonus with a wagering requirement (gift x the package's multiple, 15 by
 *   default); once the stakes reach it, what is left of the bonus turns into cash.
 * Every function runs inside the caller's transaction and posts through post().
 */
import type { Queryable } from '../db/connection'
import { AppError } from '../http/AppError'
import { lockUserAccounts, post, systemAccountId, userAccountId, type Entry } from './ledger'

/** How a stake was paid: what creditWin needs to pay a win back the same way. */
export interface BetFunding {
  fromCash: bigint
  fromBonus: bigint
}

export interface BetResult extends BetFunding {
  txId: bigint
  /** Bonus turned into cash because this stake completed the wagering requirement. */
  released: bigint
}

export interface MoveOptions {
  /** The game's reference (round or bet id), kept on the ledger transaction. */
  ref?: string | null
  meta?: Record<string, unknown>
  at: Date
}

/**
 * Takes a stake: cash first, then bonus; refuses with INSUFFICIENT_BALANCE (9999) when cash +
 * bonus is short. Counts the stake toward the wagering requirement and releases the bonus when
 * the requirement is met. Kind 'bet' on the ledger (records show it as a casino bet).
 */
export async function debitForBet(q: Queryable, userId: bigint, stake: bigint, opts: MoveOptions): Promise<BetResult> {
  if (stake <= 0n) throw new Error('a stake must be positive')
  const accounts = await lockUserAccounts(q, userId)
  const cash = accounts.cash.balance
  const bonus = accounts.bonus.balance
  if (stake > cash + bonus) throw new AppError('INSUFFICIENT_BALANCE')
  const fromCash = stake < cash ? stake : cash
  const fromBonus = stake - fromCash
  const entries: Entry[] = [{ accountId: await systemAccountId(q, 'house'), amount: stake }]
  if (fromCash > 0n) entries.push({ accountId: accounts.cash.id, amount: -fromCash })
  if (fromBonus > 0n) entries.push({ accountId: accounts.bonus.id, amount: -fromBonus })
  const meta = { ...opts.meta, fromCash: fromCash.toString(), fromBonus: fromBonus.toString() }
  const txId = await post(q, { kind: 'bet', userId, ref: opts.ref ?? null, meta, entries }, opts.at)
  const released = await countWager(q, userId, stake, bonus - fromBonus, accounts, opts.at)
  return { txId, fromCash, fromBonus, released }
}

/**
 * Adds a stake to the requirement; when it is met, releases what is left of the bonus. A bonus
 * played down to nothing keeps its requirement: the bet may still win part of it back.
 * Returns what was released.
 */
async function countWager(
  q: Queryable,
  userId: bigint,
  stake: bigint,
  bonusLeft: bigint,
  accounts: { cash: { id: bigint }; bonus: { id: bigint } },
  at: Date,
): Promise<bigint> {
  const r = await q.query<{ required: bigint; wagered: bigint }>(
    'UPDATE bonus_wagering SET wagered = wagered + $2 WHERE user_id = $1 AND required > 0 RETURNING required, wagered',
    [userId, stake],
  )
  const row = r.rows[0]
  if (!row || BigInt(row.wagered) < BigInt(row.required)) return 0n
  await q.query('UPDATE bonus_wagering SET required = 0, wagered = 0 WHERE user_id = $1', [userId])
  if (bonusLeft === 0n) return 0n
  await post(
    q,
    {
      kind: 'bonus_release',
      userId,
      entries: [
        { accountId: accounts.bonus.id, amount: -bonusLeft },
        { accountId: accounts.cash.id, amount: bonusLeft },
      ],
    },
    at,
  )
  return bonusLeft
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
  const entries: Entry[] = [{ accountId: await systemAccountId(q, 'house'), amount: -amount }]
  if (amount - toBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'cash'), amount: amount - toBonus })
  if (toBonus > 0n) entries.push({ accountId: await userAccountId(q, userId, 'bonus'), amount: toBonus })
  return post(q, { kind: opts.kind ?? 'win', userId, ref: opts.ref ?? null, meta: opts.meta, entries }, opts.at)
}

/**
 * Opens (or raises) the wagering requirement of a gift credited to bonus. `bonusBefore` is the
 * bonus balance before the gift: when it is zero, whatever was left of an earlier requirement
 * belonged to a bonus already lost, and the new gift starts afresh.
 * A multiple of 0 means the gift needs no wagering: the caller credits it to cash instead.
 */
export async function addWageringRequirement(q: Queryable, userId: bigint, required: bigint, bonusBefore: bigint): Promise<void> {
  if (required <= 0n) return
  await q.query(
    `INSERT INTO bonus_wagering (user_id, required, wagered) VALUES ($1, $2, 0)
     ON CONFLICT (user_id) DO UPDATE SET
       required = CASE WHEN $3 THEN EXCLUDED.required ELSE bonus_wagering.required + EXCLUDED.required END,
       wagered = CASE WHEN $3 THEN 0 ELSE bonus_wagering.wagered END`,
    [userId, required, bonusBefore === 0n],
  )
}

/** The wagering still to do before the bonus turns into cash (centavos; 0 when none). */
export async function wageringLeft(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ left: bigint }>('SELECT GREATEST(required - wagered, 0) AS left FROM bonus_wagering WHERE user_id = $1', [userId])
  return r.rows[0] ? BigInt(r.rows[0].left) : 0n
}
