import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './connection'

// Built from the file path, not `new URL`: under jsdom the global URL is not Node's.
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any constant: serialises concurrent starts of several servers on one PostgreSQL. */
const MIGRATION_LOCK = 7_245_118

/** Applies the numbered SQL files (001_name.sql ...) not yet applied, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    const version = Number(file.slice(0, 3))
    const sql = fs.readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8')
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version])
      if (done.rows.length) return false
      for (const statement of splitStatements(sql)) await q.query(statement)
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file])
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
