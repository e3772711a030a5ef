import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import path from 'node:path'

interface QueryResult<T> {
  rows: T[]
  rowCount: number
}

/** What a repository needs: parameterised SQL. Both the database and a transaction are one. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` in one transaction, committed when it resolves and rolled back when it throws.
   * Inside, use the handle it is given. As a safety net, `db.tx` and `db.query` called from
   * inside `fn` (in the same async flow) join the open transaction instead of starting another:
   * on PGlite, one connection, they would otherwise wait for it forever, and on PostgreSQL they
   * would run outside it, possibly blocked by its own locks. (An idempotent call's handler runs
   * inside such a transaction.)
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  /**
   * Takes a lock held as long as this process keeps it (a PostgreSQL session advisory lock on a
   * connection of its own), or answers null when another process holds it. `lost` resolves if the
   * connection, and with it the lock, goes. PGlite: one process per data folder, so always held.
   */
  sessionLock(key: number): Promise<SessionLock | null>
  /** PostgreSQL's pool: its connections and the requests waiting for one (PGlite: null, one connection). */
  pool(): { total: number; idle: number; waiting: number } | null
  close(): Promise<void>
}

export interface SessionLock {
  readonly lost: Promise<void>
  release(): Promise<void>
}

/**
 * A failed statement, as the rest of the server sees it: the SQLSTATE (`code`), the constraint's
 * name and the message, and nothing else. The drivers' own errors also carry the statement's
 * parameters and the refused row (`params`, `detail`); those are player data and never leave
 * here, so no log can print them. Data-exception messages (class 22) quote the offending value:
 * the quoted text is masked.
 */
export class DbError extends Error {
  override readonly name = 'DbError'
  readonly code: string
  readonly constraint: string | undefined
  constructor(code: string, message: string, constraint?: string) {
    super(code.startsWith('22') ? message.replace(/"[^"]*"/g, '"…"') : message)
    this.code = code
    this.constraint = constraint
  }
}

/** Any driver error into a DbError; anything else (a bug of ours) as it is. */
function cleanError(err: unknown): unknown {
  if (err instanceof DbError || !(err instanceof Error)) return err
  const e = err as Error & { code?: unknown; constraint?: unknown; severity?: unknown }
  if (typeof e.code !== 'string' || typeof e.severity !== 'string') return err
  return new DbError(e.code, e.message, typeof e.constraint === 'string' ? e.constraint : undefined)
}

async function clean<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    throw cleanError(err)
  }
}

/** Embedded PGlite in `dataDir`: one process per folder; safe against crashes, not power loss. */
export async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite, types } = await import('@electric-sql/pglite')
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  const pg = await PGlite.create(dataDir, { parsers: { [types.INT8]: (v: string) => BigInt(v) } })
  const wrap = (q: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }> }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await clean(q.query(sql, params))
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length }
    },
  })
  const base = wrap(pg)
  return joinOpenTransactions({
    kind: 'pglite',
    query: base.query,
    tx: (fn) => clean(pg.transaction((t) => fn(wrap(t)))),
    exec: async (sql) => {
      await clean(pg.exec(sql))
    },
    sessionLock: async () => ({ lost: new Promise<void>(() => undefined), release: async () => undefined }),
    pool: () => null,
    close: () => pg.close(),
  })
}

/**
 * PostgreSQL through a pool; int8 arrives as BigInt as it does from PGlite. Every statement
 * ends after `statementTimeoutMs` (the server cancels it; the client gives up a second later
 * should the server not answer), waiting for a pooled connection ends after the same time, and
 * a transaction left idle is ended by the server after six times that.
 */
export async function openPostgres(url: string, statementTimeoutMs = 10_000): Promise<Db> {
  const pgModule = await import('pg')
  const pg = pgModule.default
  pg.types.setTypeParser(20, (v: string) => BigInt(v))
  const timeouts = statementTimeoutMs > 0
    ? {
        statement_timeout: statementTimeoutMs,
        query_timeout: statementTimeoutMs + 1000,
        connectionTimeoutMillis: statementTimeoutMs,
        idle_in_transaction_session_timeout: statementTimeoutMs * 6,
      }
    : {}
  const pool = new pg.Pool({ connectionString: url, max: 10, ...timeouts })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  })
  const run = async <T>(client: import('pg').ClientBase | import('pg').Pool, sql: string, params?: unknown[]) => {
    const r = await clean(client.query(sql, params as unknown[]))
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length }
  }
  return joinOpenTransactions({
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async tx(fn) {
      const client = await clean(pool.connect())
      try {
        await run(client, 'BEGIN')
        const result = await fn({ query: (sql, params) => run(client, sql, params) })
        await run(client, 'COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    exec: async (sql) => {
      await clean(pool.query(sql))
    },
    async sessionLock(key) {
      // A connection of its own, outside the pool's reuse, for as long as the lock is held.
      const client = new pg.Client({ connectionString: url })
      let onLost: () => void = () => undefined
      const lost = new Promise<void>((resolve) => (onLost = resolve))
      client.on('error', () => onLost())
      client.on('end', () => onLost())
      await clean(client.connect())
      const r = await clean(client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [key]))
      if (!r.rows[0]?.held) {
        await client.end().catch(() => undefined)
        return null
      }
      return {
        lost,
        release: async () => {
          await client.end().catch(() => undefined)
        },
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  })
}

/** PGlite runs each statement to its end: it has no statement timeout (no timers in its single-user backend). */
export function openDb(opts: { databaseUrl: string | null; dataDir: string; dbStatementTimeoutMs?: number }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.dbStatementTimeoutMs) : openPglite(path.join(opts.dataDir, 'pglite'))
}

/** Makes a nested tx or query join the transaction open in the same async flow (see Db.tx). */
function joinOpenTransactions(db: Db): Db {
  const open = new AsyncLocalStorage<Queryable>()
  return {
    kind: db.kind,
    query: (sql, params) => (open.getStore() ?? db).query(sql, params),
    tx: (fn) => {
      const current = open.getStore()
      return current ? fn(current) : db.tx((q) => open.run(q, () => fn(q)))
    },
    exec: (sql) => db.exec(sql),
    sessionLock: (key) => db.sessionLock(key),
    pool: () => db.pool(),
    close: () => db.close(),
  }
}

/** A statement's kind for the metrics: its first keyword, one of five (never the SQL's text). */
function statementOp(sql: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase()
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other'
}

/**
 * The same database, each statement's time and each transaction's whole time handed to `observe`
 * (the metrics' histogram). Only built when metrics are on: without them the Db is used as it is.
 */
export function timedDb(db: Db, observe: (op: string, seconds: number) => void): Db {
  const timed = (q: Queryable): Queryable => ({
    async query(sql, params) {
      const start = performance.now()
      try {
        return await q.query(sql, params)
      } finally {
        observe(statementOp(sql), (performance.now() - start) / 1000)
      }
    },
  })
  const base = timed(db)
  return {
    kind: db.kind,
    query: base.query,
    async tx(fn) {
      const start = performance.now()
      try {
        return await db.tx((q) => fn(timed(q)))
      } finally {
        observe('transaction', (performance.now() - start) / 1000)
      }
    },
    exec: (sql) => db.exec(sql),
    sessionLock: (key) => db.sessionLock(key),
    pool: () => db.pool(),
    close: () => db.close(),
  }
}
