import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../config'
import type { Db } from './connection'

// Built from the file path, not `new URL`: under jsdom the global URL is not Node's.
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any constant: serialises concurrent starts of several servers on one PostgreSQL. */
const MIGRATION_LOCK = 7_245_118

/** A migration's checksum: SHA-256 of its text, line ends as LF (a checkout's CRLF changes nothing). */
const migrationChecksum = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex')

/**
 * Applies the numbered SQL files (001_name.sql ...) not yet applied, each in its own transaction,
 * and keeps each one's checksum. A migration is never edited once applied: a database that applied
 * a file whose text has changed since refuses to start (a ConfigError naming every such file), since
 * it would silently keep the old text's functions. A database migrated before checksums were kept
 * takes the files' checksums as they are on its first start with them.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  await db.exec('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text')
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
  const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]))
  const known = (await db.query<{ version: number; checksum: string | null }>('SELECT version, checksum FROM schema_migrations')).rows
  const changed = files.filter((f) => {
    const row = known.find((r) => Number(r.version) === Number(f.slice(0, 3)))
    return row?.checksum != null && row.checksum !== migrationChecksum(texts.get(f) as string)
  })
  if (changed.length) {
    throw new ConfigError(changed.map((f) => `migration ${f} changed after this database applied it: an applied migration is never edited (restore its text and put the change in a new migration).`))
  }
  const applied: string[] = []
  for (const file of files) {
    const version = Number(file.slice(0, 3))
    const sql = texts.get(file) as string
    const checksum = migrationChecksum(sql)
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await q.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations WHERE version = $1', [version])
      if (done.rows.length) {
        if (done.rows[0]?.checksum == null) await q.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [version, checksum])
        return false
      }
      for (const statement of splitStatements(sql)) await q.query(statement)
      await q.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [version, file, checksum])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
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
