import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/server/config'
import { openPglite, type Db } from '../../src/server/db/connection'
import { migrate, type SchemaDirs } from '../../src/server/db/migrate'

/**
 * Issue 30's first step: schema_migrations keeps each migration's checksum, and a database refuses
 * to start when an applied migration's text changed (before, an edited migration 008 left databases
 * migrated earlier silently on its old functions).
 */

let dir: string
let migrations: string
let dirs: SchemaDirs
let db: Db
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-migrate-'))
  migrations = path.join(dir, 'migrations')
  fs.mkdirSync(migrations)
  dirs = { migrations, functions: path.join(dir, 'functions') }
  fs.writeFileSync(path.join(migrations, '001_table.sql'), 'CREATE TABLE t (x integer);\n')
  fs.writeFileSync(path.join(migrations, '002_function.sql'), 'CREATE FUNCTION f() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n')
  db = await openPglite(path.join(dir, 'pglite'))
})
afterAll(async () => {
  await db?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e)

describe('migration checksums', () => {
  it('keeps each applied migration\'s checksum; the same texts apply nothing again, line ends aside', async () => {
    expect(await migrate(db, dirs)).toEqual(['001_table.sql', '002_function.sql'])
    const rows = (await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY version')).rows
    expect(rows.map((r) => [r.name, r.checksum.length])).toEqual([['001_table.sql', 64], ['002_function.sql', 64]])
    fs.writeFileSync(path.join(migrations, '001_table.sql'), 'CREATE TABLE t (x integer);\r\n')
    expect(await migrate(db, dirs)).toEqual([])
  })

  it('refuses a database whose applied migration was edited, naming the file, and applies nothing', async () => {
    fs.writeFileSync(path.join(migrations, '002_function.sql'), 'CREATE FUNCTION f() RETURNS integer LANGUAGE sql AS $$ SELECT 2 $$;\n')
    fs.writeFileSync(path.join(migrations, '003_more.sql'), 'CREATE TABLE u (y integer);\n')
    const err = await refusal(migrate(db, dirs))
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as ConfigError).problems).toEqual(['migration 002_function.sql changed after this database applied it: an applied migration is never edited (restore its text and put the change in a new migration).'])
    expect((await db.query('SELECT 1 FROM schema_migrations WHERE version = 3')).rows).toHaveLength(0)
    expect((await db.query<{ v: number }>('SELECT f() AS v')).rows[0]?.v).toBe(1)
    // Restored, the new migration applies.
    fs.writeFileSync(path.join(migrations, '002_function.sql'), 'CREATE FUNCTION f() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n')
    expect(await migrate(db, dirs)).toEqual(['003_more.sql'])
  })

  it('a database migrated before checksums were kept takes them on its next start, and is held to them from then on', async () => {
    await db.query('UPDATE schema_migrations SET checksum = NULL')
    expect(await migrate(db, dirs)).toEqual([])
    expect((await db.query('SELECT 1 FROM schema_migrations WHERE checksum IS NULL')).rows).toHaveLength(0)
    fs.writeFileSync(path.join(migrations, '003_more.sql'), 'CREATE TABLE u (y bigint);\n')
    expect(((await refusal(migrate(db, dirs))) as ConfigError).problems).toEqual([expect.stringMatching(/^migration 003_more\.sql changed after/)])
  })
})
