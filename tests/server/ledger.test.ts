import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../src/server/db/migrate'
import { AppError } from '../../src/server/AppError'
import { post, systemAccountId, userAccountId, userBalances } from '../../src/server/wallet/ledger'
import { registerUser } from './flows'
import { startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

/** A new user's internal id (the wire's uId is the public one). */
async function newUserId(): Promise<bigint> {
  const { email } = await registerUser(t)
  return BigInt((await t.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id)
}

describe('database and ledger', () => {
  it('migrations run once', async () => {
    expect(await migrate(t.db)).toEqual([])
    const r = await t.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    const files = fs.readdirSync(path.resolve(__dirname, '../../src/server/db/migrations')).filter((f) => /^\d{3}_.+\.sql$/.test(f))
    expect(r.rows.map((row) => row.version)).toEqual(files.sort().map((f) => Number(f.slice(0, 3))))
    expect(r.rows.length).toBeGreaterThanOrEqual(1)
  })

  it('refuses a transaction whose entries do not sum to zero, at commit', async () => {
    const house = await systemAccountId(t.db, 'house')
    const promotions = await systemAccountId(t.db, 'promotions')
    await expect(
      t.db.tx(async (q) => {
        const tx = await q.query<{ id: bigint }>(`INSERT INTO ledger_transactions (kind, created_at) VALUES ('bad', now()) RETURNING id`)
        await q.query('INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES ($1, $2, 100), ($1, $3, -99)', [tx.rows[0]!.id, house, promotions])
      }),
    ).rejects.toThrow(/does not balance/)
  })

  it('refuses an entry on an account that does not exist, and never deletes an account (the checks that replace the entries foreign key)', async () => {
    const house = await systemAccountId(t.db, 'house')
    const missing = BigInt((await t.db.query<{ id: bigint }>('SELECT max(id) + 1000 AS id FROM ledger_accounts')).rows[0]!.id)
    const entries = () => t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries')
    const before = (await entries()).rows[0]!.n
    await expect(
      t.db.tx(async (q) => {
        const tx = await q.query<{ id: bigint }>(`INSERT INTO ledger_transactions (kind, created_at) VALUES ('bad', now()) RETURNING id`)
        await q.query('INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES ($1, $2, 100), ($1, $3, -100)', [tx.rows[0]!.id, house, missing])
      }),
    ).rejects.toThrow(/does not exist/)
    expect((await entries()).rows[0]!.n).toBe(before)
    const user = await newUserId()
    const cash = await userAccountId(t.db, user, 'cash')
    await expect(t.db.query('DELETE FROM ledger_accounts WHERE id = $1', [cash])).rejects.toThrow(/never deleted/)
    await expect(t.db.query('TRUNCATE ledger_accounts CASCADE')).rejects.toThrow(/never deleted/)
    expect((await t.db.query('SELECT 1 FROM ledger_accounts WHERE id = $1', [cash])).rows).toHaveLength(1)
    await expect(post(t.db, { kind: 'bad', entries: [{ accountId: house, amount: 5n }] }, new Date())).rejects.toThrow(/unbalanced/)
  })

  it("never lets a user's account go negative, even written directly", async () => {
    const userId = await newUserId()
    const cash = await userAccountId(t.db, userId, 'cash')
    await expect(t.db.query('UPDATE ledger_accounts SET balance = -1 WHERE id = $1', [cash])).rejects.toThrow(/ledger_user_nonnegative/)
    const house = await systemAccountId(t.db, 'house')
    const err = await t.db.tx((q) => post(q, { kind: 'spend', userId, entries: [{ accountId: cash, amount: -1n }, { accountId: house, amount: 1n }] }, new Date())).catch((e) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code.status).toBe(9999)
  })

  it('keeps every balance equal to its entries under concurrent debits, and never below zero', async () => {
    const userId = await newUserId()
    const cash = await userAccountId(t.db, userId, 'cash')
    const house = await systemAccountId(t.db, 'house')
    await t.db.tx((q) => post(q, { kind: 'fund', userId, entries: [{ accountId: house, amount: -1000n }, { accountId: cash, amount: 1000n }] }, new Date()))
    // 30 debits of 1.00 race for 10.00: exactly 10 may pass.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        t.db.tx((q) => post(q, { kind: 'spend', userId, entries: [{ accountId: cash, amount: -100n }, { accountId: house, amount: 100n }] }, new Date())),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof AppError)).toBe(true)
    expect((await userBalances(t.db, userId)).cash).toBe(0n)
    const drift = await t.db.query<{ n: bigint }>(
      `SELECT count(*)::bigint AS n FROM ledger_accounts a
       WHERE a.balance <> COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)`,
    )
    expect(drift.rows[0]!.n).toBe(0n)
  })

  it('a tx or query on the database from inside a transaction joins it (no hang on PGlite, no escape on PostgreSQL)', async () => {
    const userId = await newUserId()
    const cash = await userAccountId(t.db, userId, 'cash')
    const house = await systemAccountId(t.db, 'house')
    const fund = (amount: bigint) => post(t.db, { kind: 'fund', userId, entries: [{ accountId: house, amount: -amount }, { accountId: cash, amount }] }, new Date())
    // Rolled back as a whole: the nested work was part of the outer transaction.
    await expect(
      t.db.tx(async () => {
        await t.db.tx(() => fund(100n))
        await fund(10n)
        expect((await t.db.query<{ balance: bigint }>('SELECT balance FROM ledger_accounts WHERE id = $1', [cash])).rows[0]!.balance).toBe(110n)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await userBalances(t.db, userId)).cash).toBe(0n)
    await t.db.tx(() => t.db.tx(() => fund(5n)))
    expect((await userBalances(t.db, userId)).cash).toBe(5n)
  })
})
