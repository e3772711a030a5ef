import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { one } from '../db/one'

/** A user's accounts: spendable cash, bonus still to be wagered, and money held for a withdrawal. */
const USER_ACCOUNT_KINDS = ['cash', 'bonus', 'hold'] as const
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number]
/** The house's accounts; they may go negative. pix_outgoing: returns on their way to a payer (taken from a player's cash, not yet settled at the PSP). */
export type SystemAccountKind = 'house' | 'clearing' | 'promotions' | 'play_money' | 'pix_outgoing'

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
  const r = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1 AND shard = 0', [kind])
  if (!r.rows[0]) throw new Error(`no system account ${kind}`)
  return r.rows[0].id
}

/**
 * Posts one balanced transaction inside the caller's database transaction.
 * A user's account that would go below zero refuses the whole posting with INSUFFICIENT_BALANCE.
 *
 * Lock order, the same for every posting so concurrent ones cannot deadlock: users' accounts in
 * id order, then the system accounts in id order. Users' accounts come first because a caller
 * may lock one user's accounts to read a balance before it posts (wallet_bet, db/functions/wallet/wallet_bet.sql).
 */
export async function post(q: Queryable, posting: Posting, at: Date): Promise<bigint> {
  const sum = posting.entries.reduce((s, e) => s + e.amount, 0n)
  if (sum !== 0n || posting.entries.length < 2) throw new Error(`unbalanced posting ${posting.kind}`)
  if (posting.entries.some((e) => e.amount === 0n)) throw new Error(`zero entry in posting ${posting.kind}`)
  const ids = posting.entries.map((e) => e.accountId)
  const system = await q.query<{ id: bigint }>('SELECT id FROM ledger_accounts WHERE is_system AND id = ANY($1::bigint[])', [ids])
  const isSystem = new Set(system.rows.map((r) => BigInt(r.id)))
  const rank = (id: bigint) => (isSystem.has(id) ? 1 : 0)
  const ordered = [...posting.entries].sort((a, b) =>
    rank(a.accountId) - rank(b.accountId) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0),
  )
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
  const txId = one(tx.rows, 'INSERT INTO ledger_transactions').id
  const values = posting.entries.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3})`).join(', ')
  await q.query(`INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES ${values}`, [txId, ...posting.entries.flatMap((e) => [e.accountId, e.amount])])
  return txId
}

/**
 * SQL of the version of a user's balance: the id of the last ledger entry on the user's cash or
 * bonus account (0 before any), as wallet_balance (db/functions/wallet/wallet_balance.sql) defines it for the bet path too.
 * Read it in the statement that reads the balance, so both come from one snapshot. `user` is the
 * SQL of the user's id.
 */
function balanceVersionSql(user: string): string {
  return `(SELECT v.version FROM wallet_balance(${user}) v)`
}

/** A user's balances in centavos, and their version (balanceVersionSql), from one snapshot. */
export async function userBalances(q: Queryable, userId: bigint): Promise<Record<UserAccountKind, bigint> & { version: bigint }> {
  const r = await q.query<{ kind: UserAccountKind; balance: bigint; version: bigint }>(
    `SELECT kind, balance, ${balanceVersionSql('$1')} AS version FROM ledger_accounts WHERE user_id = $1`,
    [userId],
  )
  const out = { cash: 0n, bonus: 0n, hold: 0n, version: 0n }
  for (const row of r.rows) {
    out[row.kind] = BigInt(row.balance)
    out.version = BigInt(row.version)
  }
  return out
}
