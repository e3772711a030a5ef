/**
 * PGlite's missing autovacuum (maintenance/pgliteVacuum.ts): a table grown past its last
 * statistics is vacuumed and analyzed, once, and then is not due again until it grows by a fifth;
 * the job runs on PGlite only (PostgreSQL has its own autovacuum).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vacuumDue } from '../../src/server/maintenance/pgliteVacuum'
import { startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { PGLITE_VACUUM_SECONDS: '0' })
})
afterAll(() => t.close())

const relpages = async (table: string) => Number((await t.db.query<{ n: number }>('SELECT relpages AS n FROM pg_class WHERE relname = $1', [table])).rows[0]!.n)
const pages = async (table: string) => Number((await t.db.query<{ n: bigint }>('SELECT pg_relation_size($1::regclass) / 8192 AS n', [table])).rows[0]!.n)

describe.skipIf(process.env.DATABASE_URL)('PGlite vacuum', () => {
  it('vacuums and analyzes a table grown since its last statistics, then leaves it until it grows by a fifth', async () => {
    await vacuumDue(t.db)
    // Captchas: a table the test may fill freely (each row is a code waiting for its answer).
    await t.db.query(`INSERT INTO captchas (code_id, answer, expires_at, ip) SELECT g, 'x', now(), '127.0.0.1' FROM generate_series(1, 10000) g`)
    const grown = await pages('captchas')
    expect(grown).toBeGreaterThan(8)
    expect(await relpages('captchas')).toBeLessThan(grown)
    expect(await vacuumDue(t.db)).toContain('captchas')
    expect(await relpages('captchas')).toBe(grown)
    expect(await vacuumDue(t.db)).not.toContain('captchas')
    // A tenth more is not due yet; a third more is.
    await t.db.query(`INSERT INTO captchas (code_id, answer, expires_at, ip) SELECT g, 'x', now(), '127.0.0.1' FROM generate_series(10001, 11000) g`)
    expect(await vacuumDue(t.db)).not.toContain('captchas')
    await t.db.query(`INSERT INTO captchas (code_id, answer, expires_at, ip) SELECT g, 'x', now(), '127.0.0.1' FROM generate_series(11001, 16000) g`)
    expect(await vacuumDue(t.db)).toContain('captchas')
  })
})
