/**
 * Ledger postings alone, with no server: one balanced posting (cash from one user to another)
 * per database transaction, 2,000 sequential then 2,000 with 8 in flight, through the wallet's
 * own `post`. It calls the database from this process by nature (there is no HTTP in it).
 *
 * Run by scripts/bench.ts: `tsx scripts/bench/ledger.ts <out.json>`, on DATABASE_URL (a fresh
 * database the bench made) or on a fresh PGlite in DATA_DIR.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { openPglite, openPostgres, type Db } from '../../src/server/db/connection'
import { migrate } from '../../src/server/db/migrate'
import { openUserAccounts, post, systemAccountId, userAccountId } from '../../src/server/wallet/ledger'
import { round } from './lib'

async function ledgerBench(db: Db, count: number, inFlight: number): Promise<number> {
  const users: bigint[] = []
  for (let i = 0; i < 2; i++) {
    const r = await db.query<{ id: bigint }>(`INSERT INTO users (email, password_hash, yqm, created_at) VALUES ($1, 'x', $2, now()) RETURNING id`, [
      `bench-${randomBytes(6).toString('hex')}@example.com`,
      randomBytes(6).toString('hex'),
    ])
    users.push(r.rows[0]!.id)
    await openUserAccounts(db, r.rows[0]!.id)
  }
  const [a, b] = [await userAccountId(db, users[0]!, 'cash'), await userAccountId(db, users[1]!, 'cash')]
  const clearing = await systemAccountId(db, 'clearing')
  await db.tx((q) => post(q, { kind: 'bench_fund', entries: [{ accountId: clearing, amount: -10_000_000n }, { accountId: a, amount: 10_000_000n }] }, new Date()))
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < count) {
        await db.tx((q) => post(q, { kind: 'transfer', userId: users[0], entries: [{ accountId: a, amount: -1n }, { accountId: b, amount: 1n }] }, new Date()))
      }
    }),
  )
  return count / ((performance.now() - t0) / 1000)
}

const outPath = process.argv[2]
if (!outPath) throw new Error('usage: ledger.ts <out.json>')
const url = process.env.DATABASE_URL
const db = url ? await openPostgres(url) : await openPglite(path.join(process.env.DATA_DIR ?? '.', 'pglite'))
await migrate(db)
const sequential = await ledgerBench(db, 2000, 1)
const eightInFlight = await ledgerBench(db, 2000, 8)
await db.close()
fs.writeFileSync(outPath, JSON.stringify({ sequentialPerSecond: round(sequential), eightInFlightPerSecond: round(eightInFlight) }, null, 2))
