import type { Queryable } from '../db/connection'
import { AppError } from '../http/AppError'

/** A user's accounts: spendable cash, bonus still to be wagered, and money held for a withdrawal. */
export const USER_ACCOUNT_KINDS = ['cash', 'bonus', 'hold'] as const
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number]
/** The house's accounts; they may go negative. */
export type SystemAccountKind = 'house' | 'clearing' | 'promotions' | 'play_money'

export interface Entry {
  accountId: bigint
  /** Centavos; positive credits the account, negative debits it. */
  amount: bigint
}

export interface Posting {
  kind: string
  userId?: bigint | null
  ref?: string | null
  meta?: Record<string, unknown>
  entries: Entry[]
}

/** Opens a new user's cash, bonus and hold accounts. */
export async function openUserAccounts(q: Queryable, userId: bigint): Promise<void> {
  for (const kind of USER_ACCOUNT_KINDS) {
    await q.query('INSERT INTO ledger_accounts (user_id, kind) VALUES ($1, $2)', [userId, kind])
  }
}

export async function userAccountId(q: Queryable, userId: bigint, kind: UserAccountKind): Promise<bigint> {
  const r = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = $2', [userId, kind])
  if (!r.rows[0]) throw new Error(`user ${userId} has no ${kind} account`)
  return r.rows[0].id
}

export async function systemAccountId(q: Queryable, kind: SystemAccountKind): Promise<bigint> {
  const r = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1', [kind])
  if (!r.rows[0]) throw new Error(`no system account ${kind}`)
  return r.rows[0].id
}

/**
 * Posts one balanced transaction inside the caller's database transaction.
 * Accounts are updated in id order (no deadlocks between concurrent postings); a user's
 * account that would go below zero refuses the whole posting with INSUFFICIENT_BALANCE.
 */
export async function post(q: Queryable, posting: Posting, at: Date): Promise<bigint> {
  const sum = posting.entries.reduce((s, e) => s + e.amount, 0n)
  if (sum !== 0n || posting.entries.length < 2) throw new Error(`unbalanced posting ${posting.kind}`)
  const ordered = [...posting.entries].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
  for (const entry of ordered) {
    const r = await q.query(
      `UPDATE ledger_accounts SET balance = balance + $2
       WHERE id = $1 AND (is_system OR balance + $2 >= 0)`,
      [entry.accountId, entry.amount],
    )
    if (r.rowCount !== 1) throw new AppError('INSUFFICIENT_BALANCE')
  }
  const tx = await q.query<{ id: bigint }>(
    'INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [posting.kind, posting.ref ?? null, posting.userId ?? null, at, posting.meta ? JSON.stringify(posting.meta) : null],
  )
  const txId = tx.rows[0]!.id
  for (const entry of posting.entries) {
    await q.query('INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES ($1, $2, $3)', [txId, entry.accountId, entry.amount])
  }
  return txId
}

/** A user's balances in centavos. */
export async function userBalances(q: Queryable, userId: bigint): Promise<Record<UserAccountKind, bigint>> {
  const r = await q.query<{ kind: UserAccountKind; balance: bigint }>(
    'SELECT kind, balance FROM ledger_accounts WHERE user_id = $1',
    [userId],
  )
  const out: Record<UserAccountKind, bigint> = { cash: 0n, bonus: 0n, hold: 0n }
  for (const row of r.rows) out[row.kind] = BigInt(row.balance)
  return out
}
