import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { inject } from 'vitest'
import { buildPath, type CallDef, type Envelope } from '../../src/shared/contract'
import { buildApp, type App, type BuildOptions } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import { openPglite, openPostgres, type Db } from '../../src/server/db/connection'

export const CAPTCHA = 'teste'

/** A log stream for startTestApp's `logStream` that keeps what the server writes (with LOG=1); `text()` is all of it so far. */
export function logCapture(): { stream: Writable; text(): string } {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  return { stream, text: () => text }
}

export interface TestApp {
  app: App
  db: Db
  config: Config
  /** Moves the server's clock forward. */
  advance(ms: number): void
  /** The server's clock. */
  now(): number
  close(): Promise<void>
}

/**
 * The real server on a real database of its own: a copy of the migrated PGlite template in a
 * temp folder, or a fresh database on the PostgreSQL of DATABASE_URL when that is set.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'logStream'> & {
    listen?: boolean
    /** 'empty': a database no migration has touched (PGlite's template is migrated). */
    database?: 'template' | 'empty'
    /** Runs on the database before the server is built on it (and migrates it). */
    prepare?: (db: Db) => Promise<void>
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-test-'))
  let db: Db
  let dropDatabase = async () => {}
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(adminUrl)
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.close()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    db = await openPostgres(url.toString())
    dropDatabase = async () => {
      const a = await openPostgres(adminUrl)
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.close()
    }
  } else {
    if (build.database !== 'empty') fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true })
    db = await openPglite(path.join(dataDir, 'pglite'))
  }
  await build.prepare?.(db)
  let offset = 0
  const now = () => Date.now() + offset
  // The sandbox payout processor waits for the tests to settle withdrawals themselves, and the
  // retention job stays off unless a test turns it on (it would change the tables under a snapshot).
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      CAPTCHA_FIXED_ANSWER: CAPTCHA,
      LOG: '0',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      DEMO_PROVIDER_DIR: path.join(dataDir, 'no-demo-provider'),
      OPS_CLIENT_DIR: path.join(dataDir, 'no-ops-client'),
      PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
      RETENTION_INTERVAL_MINUTES: '0',
      // Deposits may leave at once unless a suite tests the turnover itself.
      DEPOSIT_TURNOVER: '0',
      // The shared-round loops run only in the suites that test them (each would make three chains).
      ROUNDS: 'off',
      // The demo provider called directly (its own wallet protocol): the suites of Hub88's path set GAME_AGGREGATOR=hub88.
      GAME_AGGREGATOR: 'demo',
      ...env,
    },
    overrides,
  )
  let stage = 'buildApp'
  const watchdog = setTimeout(() => console.error(`startTestApp: still waiting on ${stage} after 10 s`), 10_000)
  watchdog.unref()
  // A refused build (production's checks) leaves no database or folder behind.
  const app = await buildApp(config, { db, now, logStream: build.logStream }).catch(async (err: unknown) => {
    clearTimeout(watchdog)
    await db.close()
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw err
  })
  stage = 'listen'
  // Listening: the PSP emulator and the demo provider on this server are reached over HTTP
  // (a suite that adds routes of its own listens once it has).
  if (build.listen !== false) await app.listen({ port: 0, host: '127.0.0.1' })
  clearTimeout(watchdog)
  return {
    app,
    db,
    config,
    advance: (ms) => {
      offset += ms
    },
    now,
    async close() {
      // A close that hangs says where (CI once timed a test out with no other clue).
      let stage = 'app.close'
      const watchdog = setTimeout(() => console.error(`startTestApp: close still waiting on ${stage} after 10 s`), 10_000)
      watchdog.unref()
      try {
        await app.close()
        stage = 'db.close'
        await db.close()
        stage = 'dropDatabase'
        await dropDatabase()
        fs.rmSync(dataDir, { recursive: true, force: true })
      } finally {
        clearTimeout(watchdog)
      }
    },
  }
}

export interface CallOptions {
  token?: string | null
  params?: Record<string, string | number>
  query?: Record<string, string>
  body?: unknown
  /** Send the body form-encoded, as the spec's client may. */
  form?: boolean
  headers?: Record<string, string>
  /** The peer address the server sees (default 127.0.0.1): a client, or a proxy in front of it. */
  remoteAddress?: string
}

export interface CallResult<T = unknown> {
  http: number
  body: Envelope<T>
  raw: string
  headers: Record<string, unknown>
}

/** One call of the contract through `inject`, with the spec's headers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads a reply as the server sent it (refusals included), and a wrong read fails the test
export async function call<T = any>(t: TestApp, def: CallDef, opts: CallOptions = {}): Promise<CallResult<T>> {
  const url = buildPath(def.path, opts.params ?? {})
  const headers: Record<string, string> = { lang: 'pt_BR', devices: 'BWEBAPP', deviceId: 'test-device', ...opts.headers }
  if (opts.token) headers.authorization = opts.token
  let payload: string | undefined
  if (def.method !== 'GET') {
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(opts.body as Record<string, string>).toString()
    } else {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(opts.body ?? {})
    }
  }
  // A request that hangs says which one (CI once timed a test out with no other clue).
  const watchdog = setTimeout(() => console.error(`call: ${def.method} ${url} still unanswered after 10 s`), 10_000)
  watchdog.unref()
  const res = await t.app.inject({ method: def.method, url, query: opts.query, headers, payload, remoteAddress: opts.remoteAddress }).finally(() => clearTimeout(watchdog))
  let body: Envelope<T>
  try {
    body = JSON.parse(res.body) as Envelope<T>
  } catch {
    body = { status: -1, msg: res.body, data: null as T }
  }
  return { http: res.statusCode, body, raw: res.body, headers: res.headers }
}

let counter = 0
/** A fresh, unique e-mail for this test run. */
export const newEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${++counter}@example.com`
export const newCodeId = () => Math.floor(Math.random() * 99_999_999)

/**
 * Every user table as sorted JSON text: what "the database is unchanged" compares. (Not the
 * idempotency keys: a refused request's reply is stored there, by design.)
 */
export async function snapshotDb(db: Db): Promise<string> {
  const tables = [
    'users', 'sessions', 'captchas', 'password_resets', 'game_sessions', 'ledger_accounts', 'ledger_transactions', 'ledger_entries',
    'orders', 'payment_events', 'transfers', 'withdraw_cards', 'bonus_wagering', 'kyc_tax_ids', 'open_game_locks',
  ]
  const out: Record<string, unknown> = {}
  for (const table of tables) {
    const r = await db.query(`SELECT * FROM ${table} ORDER BY 1`)
    out[table] = r.rows
  }
  return JSON.stringify(out, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
}

/** Reads the newest mail to `email` from the outbox folder. */
export function readOutbox(config: Config, email: string): string | null {
  if (!fs.existsSync(config.mailOutboxDir)) return null
  const files = fs
    .readdirSync(config.mailOutboxDir)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort()
  const last = files[files.length - 1]
  return last ? fs.readFileSync(path.join(config.mailOutboxDir, last), 'utf8') : null
}

export { freePort } from '../freePort'
