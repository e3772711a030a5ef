import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DbError, openPostgres } from '../../src/server/db/connection'
import { startTestApp, type TestApp } from './testApp'
import { listen } from './walletHelpers'

/** Every request has a time limit: receiving it, a silent connection, and (on PostgreSQL) each statement. */

let t: TestApp
let base: string

beforeAll(async () => {
  t = await startTestApp({}, { HTTP_TIMEOUT_SECONDS: '1' })
  base = await listen(t)
})
afterAll(() => t.close())

describe('timeouts', () => {
  it('defaults: 30 s for HTTP, 10 s per SQL statement', async () => {
    const { loadConfig } = await import('../../src/server/config')
    const config = loadConfig({})
    expect(config.httpTimeoutMs).toBe(30_000)
    expect(config.dbStatementTimeoutMs).toBe(10_000)
  })

  it('the HTTP server holds a request and a silent connection only so long', () => {
    expect(t.app.initialConfig.connectionTimeout).toBe(1000)
    expect(t.app.server.requestTimeout).toBe(1000)
    expect(t.app.server.timeout).toBe(1000)
  })

  it('a client that sends half a request and falls silent is cut off', async () => {
    const { port } = new URL(base)
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write('POST /api/auth/user/restLogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user')
    const started = Date.now()
    await new Promise<void>((resolve) => socket.once('close', () => resolve()))
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL cancels a statement that runs past the limit', async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, 200)
    try {
      const err = await db.query('SELECT pg_sleep(3)').then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(DbError)
      expect((err as DbError).code).toBe('57014')
      const shown = await db.query<{ statement_timeout: string }>('SHOW statement_timeout')
      expect(shown.rows[0]!.statement_timeout).toBe('200ms')
    } finally {
      await db.close()
    }
    const shown = await t.db.query<{ statement_timeout: string }>('SHOW statement_timeout')
    expect(shown.rows[0]!.statement_timeout).toBe('10s')
  })
})
