import type { Queryable } from '../db/connection'

/**
 * The ledger's invariants as figures, each zero on sound books: the sum of every entry, the
 * transactions whose entries do not sum to zero, the accounts whose balance is not the sum of
 * their entries, the players' accounts below zero, and the sum of every balance. The tests check
 * them after each money suite, the money simulator after every crash and at its end.
 */
export interface LedgerFigures {
  total: bigint
  unbalanced: bigint
  drift: bigint
  negative: bigint
  accounts: bigint
}

export async function ledgerFigures(db: Queryable): Promise<LedgerFigures> {
  const r = await db.query<LedgerFigures>(
    `SELECT (SELECT COALESCE(SUM(amount), 0)::bigint FROM ledger_entries) AS total,
            (SELECT count(*)::bigint FROM (SELECT tx_id FROM ledger_entries GROUP BY tx_id HAVING SUM(amount) <> 0) u) AS unbalanced,
            (SELECT count(*)::bigint FROM ledger_accounts a
              WHERE a.balance <> COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)) AS drift,
            (SELECT count(*)::bigint FROM ledger_accounts WHERE NOT is_system AND balance < 0) AS negative,
            (SELECT COALESCE(SUM(balance), 0)::bigint FROM ledger_accounts) AS accounts`,
  )
  const row = r.rows[0]
  if (!row) throw new Error('the ledger check answered no row')
  return { total: BigInt(row.total), unbalanced: BigInt(row.unbalanced), drift: BigInt(row.drift), negative: BigInt(row.negative), accounts: BigInt(row.accounts) }
}
