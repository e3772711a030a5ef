import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../config'
import type { Db, Queryable } from './connection'

// Built from the file path, not `new URL`: under jsdom the global URL is not Node's.
const DB_DIR = path.dirname(fileURLToPath(import.meta.url))
/** Where the database's definition lives: numbered schema migrations, and one file per SQL function. */
export interface SchemaDirs {
  migrations: string
  functions: string
}
export const SCHEMA_DIRS: SchemaDirs = { migrations: path.join(DB_DIR, 'migrations'), functions: path.join(DB_DIR, 'functions') }
/** Any constant: serialises concurrent starts of several servers on one PostgreSQL. */
const MIGRATION_LOCK = 7_245_118
/**
 * The first series of migrations (001_init ... 030_money_out, kept in
 * tests/server/fixtures/legacy-migrations) was squashed into 001_baseline.sql. A database that
 * applied all 30 is carried over to the baseline; one part of the way there cannot be.
 */
const LEGACY_FIRST = '001_init.sql'
const LEGACY_LAST = { version: 30, name: '030_money_out.sql' }

/** A file's checksum: SHA-256 of its text, line ends as LF (a checkout's CRLF changes nothing). */
const checksum = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex')

/**
 * Brings the database to the code's definition: first the numbered migrations (schema and rows),
 * then the SQL functions (see applyFunctions). Answers what it applied: migration files, then
 * `functions/<path>` for each function file that was new, changed or removed.
 */
export async function migrate(db: Db, dirs: SchemaDirs = SCHEMA_DIRS): Promise<string[]> {
  const applied = await applyMigrations(db, dirs.migrations)
  return [...applied, ...(await applyFunctions(db, dirs.functions))]
}

/**
 * Applies the numbered SQL files (001_name.sql ...) not yet applied, each in its own transaction,
 * and keeps each one's checksum. They hold schema and rows only; a migration is never edited once
 * applied: a database that applied a file whose text has changed since refuses to start (a
 * ConfigError naming every such file). A database migrated before checksums were kept takes the
 * files' checksums as they are on its first start with them.
 */
async function applyMigrations(db: Db, dir: string): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  await db.exec('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text')
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
  const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]))
  await carryOverLegacy(db, files[0], texts)
  const known = (await db.query<{ version: number; checksum: string | null }>('SELECT version, checksum FROM schema_migrations')).rows
  const changed = files.filter((f) => {
    const row = known.find((r) => Number(r.version) === Number(f.slice(0, 3)))
    return row?.checksum != null && row.checksum !== checksum(texts.get(f) as string)
  })
  if (changed.length) {
    throw new ConfigError(changed.map((f) => `migration ${f} changed after this database applied it: an applied migration is never edited (restore its text and put the change in a new migration).`))
  }
  const applied: string[] = []
  for (const file of files) {
    const version = Number(file.slice(0, 3))
    const sql = texts.get(file) as string
    const sum = checksum(sql)
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await q.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations WHERE version = $1', [version])
      if (done.rows.length) {
        if (done.rows[0]?.checksum == null) await q.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [version, sum])
        return false
      }
      for (const statement of splitStatements(sql)) await q.query(statement)
      await q.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [version, file, sum])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}

/**
 * A database built by the first series: when it applied all of it, its rows in schema_migrations
 * become the baseline's one row (its schema is the baseline's: the upgrade test compares them), and
 * the functions are then re-applied from their files. Part of the way, it is refused.
 */
async function carryOverLegacy(db: Db, baseline: string | undefined, texts: Map<string, string>): Promise<void> {
  if (!baseline) return
  // Every later start: one read, no lock (the first series' rows are gone once carried over).
  const first = await db.query<{ name: string }>('SELECT name FROM schema_migrations WHERE version = 1')
  if (first.rows[0]?.name !== LEGACY_FIRST) return
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const rows = (await q.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows
    if (rows[0]?.name !== LEGACY_FIRST) return
    const last = rows[rows.length - 1]
    if (rows.length !== LEGACY_LAST.version || last?.name !== LEGACY_LAST.name) {
      throw new ConfigError([
        `this database stopped at migration ${last?.name ?? '?'} of the first series, which this build replaced by ${baseline}: start a build of commit 6fdf15c on it once (it applies the series up to ${LEGACY_LAST.name}), then this one.`,
      ])
    }
    await q.query('DELETE FROM schema_migrations')
    await q.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [Number(baseline.slice(0, 3)), baseline, checksum(texts.get(baseline) as string)])
  })
}

/** Every `.sql` file under `dir`, as paths relative to it with `/`, in name order. */
function sqlFiles(dir: string, sub = ''): string[] {
  if (!fs.existsSync(path.join(dir, sub))) return []
  return fs
    .readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sqlFiles(dir, path.posix.join(sub, e.name)) : e.name.endsWith('.sql') ? [path.posix.join(sub, e.name)] : []))
    .sort()
}

/**
 * The SQL functions, one file per function named after it (`<domain>/<name>.sql`, its overloads
 * and its triggers with it), are repeatable migrations in Flyway's sense: each file's checksum is
 * kept in schema_functions, and when any file is new, changed or gone, every file is applied again
 * in one transaction with `check_function_bodies` off (so their order does not matter), and every
 * function of the public schema that no file defined in that transaction is dropped (a removed
 * file, an overload whose signature changed) with the triggers that call it. A file that defines a
 * function not named after it is refused: a function has one home. A changed file's function is
 * dropped before it is created again, so its result type may change.
 */
async function applyFunctions(db: Db, dir: string): Promise<string[]> {
  const files = sqlFiles(dir)
  const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]))
  const problems = files.flatMap((f) => {
    const name = path.posix.basename(f, '.sql')
    const defined = [...(texts.get(f) as string).matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+(?:public\.)?(\w+)/gi)].map((m) => m[1] as string)
    if (!defined.length) return [`function file ${f} defines no function: a file holds the function it is named after.`]
    return defined.filter((d) => d !== name).map((d) => `function file ${f} defines ${d}: each function lives in its own file, ${d}.sql.`)
  })
  const seen = new Map<string, string>()
  for (const f of files) {
    const name = path.posix.basename(f, '.sql')
    if (seen.has(name)) problems.push(`function ${name} has two files, ${seen.get(name)} and ${f}.`)
    seen.set(name, f)
  }
  if (problems.length) throw new ConfigError(problems)
  const sums = new Map(files.map((f) => [f, checksum(texts.get(f) as string)]))
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_functions (
    file text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  const differs = (rows: { file: string; checksum: string }[]) => {
    const stored = new Map(rows.map((r) => [r.file, r.checksum]))
    return [...new Set([...stored.keys(), ...sums.keys()])].filter((f) => stored.get(f) !== sums.get(f)).sort()
  }
  const read = (q: Queryable) => q.query<{ file: string; checksum: string }>('SELECT file, checksum FROM schema_functions').then((r) => r.rows)
  if (!differs(await read(db)).length) return []
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const changed = differs(await read(q))
    if (!changed.length) return []
    await q.query('SET LOCAL check_function_bodies = off')
    // A changed file's functions are dropped first (not those of triggers, whose type cannot
    // change), so a file may change its function's result type, which CREATE OR REPLACE refuses.
    const names = changed.filter((f) => texts.has(f)).map((f) => path.posix.basename(f, '.sql'))
    const redefined = (
      await q.query<{ sig: string }>(
        `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
          WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f' AND p.proname = ANY ($1::text[]) AND p.prorettype <> 'trigger'::regtype`,
        [names],
      )
    ).rows
    for (const r of redefined) await q.query(`DROP FUNCTION ${r.sig}`)
    for (const f of files) for (const statement of splitStatements(texts.get(f) as string)) await q.query(statement)
    const stale = (
      await q.query<{ sig: string; kind: string }>(
        `SELECT p.oid::regprocedure::text AS sig, p.prokind::text AS kind FROM pg_proc p
          WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p') AND p.xmin::text <> (pg_current_xact_id()::xid)::text`,
      )
    ).rows
    for (const s of stale) await q.query(`DROP ${s.kind === 'p' ? 'PROCEDURE' : 'FUNCTION'} ${s.sig} CASCADE`)
    await q.query('DELETE FROM schema_functions')
    for (const f of files) await q.query('INSERT INTO schema_functions (file, checksum) VALUES ($1, $2)', [f, sums.get(f)])
    return changed.map((f) => `functions/${f}`)
  })
}

/**
 * Splits a script on the semicolons that end statements, keeping dollar-quoted bodies whole,
 * so each statement runs through the same parameterised path inside the transaction.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = []
  let current = ''
  let dollarTag: string | null = null
  const lines = sql.replace(/\r/g, '').split('\n')
  for (const rawLine of lines) {
    const line = dollarTag ? rawLine : rawLine.replace(/--.*$/, '')
    let i = 0
    while (i < line.length) {
      if (dollarTag) {
        const end = line.indexOf(dollarTag, i)
        if (end === -1) {
          current += line.slice(i)
          i = line.length
        } else {
          current += line.slice(i, end + dollarTag.length)
          i = end + dollarTag.length
          dollarTag = null
        }
        continue
      }
      const tag = /^\$[A-Za-z_]*\$/.exec(line.slice(i))
      if (tag) {
        dollarTag = tag[0]
        current += tag[0]
        i += tag[0].length
        continue
      }
      const ch = line.charAt(i)
      if (ch === ';') {
        if (current.trim()) out.push(current.trim())
        current = ''
      } else current += ch
      i++
    }
    current += '\n'
  }
  if (current.trim()) out.push(current.trim())
  return out
}
