/**
 * /healthz and /readyz (issue 34): alive without the database; ready when the database answers,
 * every migration is applied and the round loops run here or elsewhere (or are off); 503 naming the
 * check that is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './testApp'
import { waitFor } from './walletHelpers'

const ROUNDS = { ROUNDS: 'on', ROUND_CHAIN_LENGTH: '400', ROUND_CHAIN_CHECKPOINT: '25', ROUND_SALT_WAIT_SECONDS: '0' }
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, ROUNDS)
})
afterAll(() => t.close())

const get = async (app: TestApp, url: string) => {
  const res = await app.app.inject({ method: 'GET', url })
  return { http: res.statusCode, body: JSON.parse(res.body) as { status: string; checks?: Record<string, string> }, cache: res.headers['cache-control'] }
}

describe('health', () => {
  it('/healthz answers while the process serves, never cached', async () => {
    expect(await get(t, '/healthz')).toEqual({ http: 200, body: { status: 'ok' }, cache: 'no-store' })
  })

  it('/readyz: ready once the round loops run here, with each check', async () => {
    await waitFor(async () => (await get(t, '/readyz')).http === 200, 20_000)
    expect(await get(t, '/readyz')).toEqual({ http: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', rounds: 'owner' } }, cache: 'no-store' })
  })

  it('/readyz: not ready while a migration of this build is missing from the database', async () => {
    const newest = (await t.db.query<{ version: number }>('SELECT max(version)::int AS version FROM schema_migrations')).rows[0]!.version
    const row = (await t.db.query('SELECT * FROM schema_migrations WHERE version = $1', [newest])).rows[0] as Record<string, unknown>
    await t.db.query('DELETE FROM schema_migrations WHERE version = $1', [newest])
    try {
      const r = await get(t, '/readyz')
      expect(r.http).toBe(503)
      expect(r.body).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: 'behind', rounds: 'owner' } })
    } finally {
      const cols = Object.keys(row)
      await t.db.query(`INSERT INTO schema_migrations (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, cols.map((c) => row[c]))
    }
    expect((await get(t, '/readyz')).http).toBe(200)
  })

  it('/readyz: rounds off is ready; a database that does not answer is not, while /healthz still is', async () => {
    const off = await startTestApp({}, {})
    try {
      expect((await get(off, '/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', rounds: 'off' } })
      await off.db.close()
      const down = await get(off, '/readyz')
      expect(down.http).toBe(503)
      expect(down.body.checks?.database).toBe('down')
      expect((await get(off, '/healthz')).http).toBe(200)
    } finally {
      await off.close().catch(() => undefined)
    }
  })
})
