/**
 * A player's debt to the house: what a MED return (a Pix deposit the payer's bank took back; API
 * Pix devolução of nature MED_OPERACIONAL or MED_FRAUDE) took beyond the player's cash. Never a
 * negative balance: the debt is a row of its own (player_debts), withdrawals and transfers wait
 * while it is above zero, and the next deposits settle it first. On the ledger the uncovered part
 * is the house's loss (its house account) until a deposit pays it back.
 *
 * Bonus is not cash: a MED return forfeits the whole bonus balance (back to promotions), since the
 * gifts it holds were bought by deposits and the one returned is gone; and it never pays toward the
 * debt, being the house's own promotional money, not the player's.
 * Every function runs inside the caller's transaction.
 */
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { post, systemAccountId, userAccountId, type Entry } from './ledger'

/** What the player owes after MED returns, centavos (0 when nothing). */
export async function pixDebt(q: Queryable, userId: bigint): Promise<bigint> {
  const r = await q.query<{ amount: bigint }>('SELECT amount FROM player_debts WHERE user_id = $1', [userId])
  return r.rows[0] ? BigInt(r.rows[0].amount) : 0n
}

/** Money may not leave (withdrawal, transfer) while a MED return's debt is open. Call with the user's row locked. */
export async function requireNoPixDebt(q: Queryable, userId: bigint): Promise<void> {
  const debt = await pixDebt(q, userId)
  if (debt > 0n) throw new AppError('PIX_DEBT_OPEN', { amount: debt })
}

/**
 * A deposit just credited to cash settles the debt first, up to `available` (the deposit's
 * amount): cash back to the house. Returns what it settled.
 */
export async function settlePixDebt(q: Queryable, userId: bigint, available: bigint, ref: string, at: Date): Promise<bigint> {
  const r = await q.query<{ amount: bigint }>('SELECT amount FROM player_debts WHERE user_id = $1 FOR UPDATE', [userId])
  const debt = r.rows[0] ? BigInt(r.rows[0].amount) : 0n
  const settled = debt < available ? debt : available
  if (settled <= 0n) return 0n
  await post(
    q,
    {
      kind: 'debt_settlement',
      userId,
      ref,
      entries: [
        { accountId: await userAccountId(q, userId, 'cash'), amount: -settled },
        { accountId: await systemAccountId(q, 'house'), amount: settled },
      ],
    },
    at,
  )
  await q.query('UPDATE player_debts SET amount = amount - $2, updated_at = $3 WHERE user_id = $1', [userId, settled, at])
  return settled
}

/** A MED return to book: the credited payment it takes back, and the devolução's id and amount. */
interface ReturnToBook {
  provider: string
  e2eId: string
  id: string
  rtrId: string
  natureza: string
  amount: bigint
  /** What the payment credited: all its returns together never take more. */
  credited: bigint
  userId: bigint
  /** The deposit's record id (the ledger transaction's ref). */
  ref: string
}

/**
 * Books one MED return, once per devolução id: the amount leaves through clearing (the PSP took it
 * from our account), taken from the player's cash as far as it goes, the rest the house's loss and
 * the player's debt; the bonus is forfeited. Null when this devolução was booked before (or the
 * payment's returns already took all it credited).
 */
export async function bookPixReturn(q: Queryable, r: ReturnToBook, at: Date): Promise<{ taken: bigint; debt: bigint; forfeited: bigint } | null> {
  // The user's row first, as withdrawals and transfers lock it: one cannot slip between the read of the cash and the debt.
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [r.userId])
  const seen = await q.query<{ mine: boolean; amount: bigint }>('SELECT id = $3 AS mine, amount FROM pix_returns WHERE provider = $1 AND e2e_id = $2', [r.provider, r.e2eId, r.id])
  if (seen.rows.some((x) => x.mine)) return null
  const left = r.credited - seen.rows.reduce((sum, x) => sum + BigInt(x.amount), 0n)
  const amount = r.amount < left ? r.amount : left
  if (amount <= 0n) return null
  // The balances under their rows' locks (users' accounts in id order, as post() takes them).
  const rows = await q.query<{ id: bigint; kind: 'cash' | 'bonus'; balance: bigint }>(
    `SELECT id, kind, balance FROM ledger_accounts WHERE user_id = $1 AND kind IN ('cash', 'bonus') ORDER BY id FOR UPDATE`,
    [r.userId],
  )
  const cash = rows.rows.find((a) => a.kind === 'cash')
  const bonus = rows.rows.find((a) => a.kind === 'bonus')
  if (!cash || !bonus) throw new Error(`user ${r.userId} has no cash or bonus account`)
  const cashBalance = BigInt(cash.balance)
  const taken = cashBalance < amount ? cashBalance : amount
  const debt = amount - taken
  const entries: Entry[] = [{ accountId: await systemAccountId(q, 'clearing'), amount }]
  if (taken > 0n) entries.push({ accountId: BigInt(cash.id), amount: -taken })
  if (debt > 0n) entries.push({ accountId: await systemAccountId(q, 'house'), amount: -debt })
  await post(q, { kind: 'pix_return', userId: r.userId, ref: r.ref, meta: { e2eId: r.e2eId, devolucao: r.id, natureza: r.natureza, debt: debt.toString() }, entries }, at)
  const forfeited = BigInt(bonus.balance)
  if (forfeited > 0n) {
    await post(
      q,
      {
        kind: 'bonus_forfeit',
        userId: r.userId,
        ref: r.ref,
        meta: { reason: 'pix_return', devolucao: r.id },
        entries: [
          { accountId: BigInt(bonus.id), amount: -forfeited },
          { accountId: await systemAccountId(q, 'promotions'), amount: forfeited },
        ],
      },
      at,
    )
  }
  await q.query(
    `INSERT INTO pix_returns (provider, e2e_id, id, rtr_id, natureza, user_id, amount, taken, debt, forfeited, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [r.provider, r.e2eId, r.id, r.rtrId, r.natureza, r.userId, amount, taken, debt, forfeited, at],
  )
  if (debt > 0n) {
    await q.query(
      `INSERT INTO player_debts (user_id, amount, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET amount = player_debts.amount + EXCLUDED.amount, updated_at = EXCLUDED.updated_at`,
      [r.userId, debt, at],
    )
  }
  return { taken, debt, forfeited }
}
