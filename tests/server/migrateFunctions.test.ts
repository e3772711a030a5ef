import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/server/config'
import { openPglite, type Db } from '../../src/server/db/connection'
import { migrate, SCHEMA_DIRS, type SchemaDirs } from '../../src/server/db/migrate'

/**
 * Issue 30: each SQL function lives in one file under src/server/db/functions and is a repeatable
 * migration: applied again when its text changes, dropped (with its triggers) when its file goes,
 * and refused when a file defines a function it is not named after.
 */

let dir: string
let dirs: SchemaDirs
let db: Db
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dirs.functions, file)), { recursive: true })
  fs.writeFileSync(path.join(dirs.functions, file), text)
}
const functions = async () =>
  (await db.query<{ sig: string }>("SELECT oid::regprocedure::text AS sig FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1")).rows.map((r) => r.sig)
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e)

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-functions-'))
  dirs = { migrations: path.join(dir, 'migrations'), functions: path.join(dir, 'functions') }
  fs.mkdirSync(dirs.migrations)
  fs.writeFileSync(path.join(dirs.migrations, '001_table.sql'), 'CREATE TABLE t (x integer);\n')
  write('a/answer.sql', '-- The answer.\nCREATE OR REPLACE FUNCTION answer() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN RETURN nobody_yet(); END $$;\n')
  // Order does not matter: answer calls a function of a later file.
  write('b/nobody_yet.sql', 'CREATE OR REPLACE FUNCTION nobody_yet() RETURNS integer LANGUAGE sql AS $$ SELECT 42 $$;\n')
  write(
    'b/t_positive.sql',
    `CREATE OR REPLACE FUNCTION t_positive() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.x < 0 THEN RAISE EXCEPTION 'negative'; END IF; RETURN NEW; END $$;
CREATE OR REPLACE TRIGGER t_positive BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION t_positive();
`,
  )
  db = await openPglite(path.join(dir, 'pglite'))
})
afterAll(async () => {
  await db?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('SQL functions as repeatable migrations', () => {
  it('applies every file after the schema, whatever their order, and nothing again while no file changes', async () => {
    expect(await migrate(db, dirs)).toEqual(['001_table.sql', 'functions/a/answer.sql', 'functions/b/nobody_yet.sql', 'functions/b/t_positive.sql'])
    expect((await db.query<{ v: number }>('SELECT answer() AS v')).rows[0]?.v).toBe(42)
    await expect(db.query('INSERT INTO t VALUES (-1)')).rejects.toThrow(/negative/)
    const stored = (await db.query<{ file: string; checksum: string }>('SELECT file, checksum FROM schema_functions ORDER BY file')).rows
    expect(stored.map((r) => [r.file, r.checksum.length])).toEqual([['a/answer.sql', 64], ['b/nobody_yet.sql', 64], ['b/t_positive.sql', 64]])
    expect(await migrate(db, dirs)).toEqual([])
  })

  it('applies a changed file again: the database runs the new text', async () => {
    write('b/nobody_yet.sql', 'CREATE OR REPLACE FUNCTION nobody_yet() RETURNS integer LANGUAGE sql AS $$ SELECT 43 $$;\n')
    expect(await migrate(db, dirs)).toEqual(['functions/b/nobody_yet.sql'])
    expect((await db.query<{ v: number }>('SELECT answer() AS v')).rows[0]?.v).toBe(43)
  })

  it('drops an overload whose signature changed, so a function keeps one definition', async () => {
    write('b/nobody_yet.sql', 'CREATE OR REPLACE FUNCTION nobody_yet(p integer DEFAULT 1) RETURNS integer LANGUAGE sql AS $$ SELECT 43 + p $$;\n')
    expect(await migrate(db, dirs)).toEqual(['functions/b/nobody_yet.sql'])
    expect(await functions()).toEqual(['answer()', 'nobody_yet(integer)', 't_positive()'])
    expect((await db.query<{ v: number }>('SELECT answer() AS v')).rows[0]?.v).toBe(44)
  })

  it('drops the function of a removed file, and the trigger that called it', async () => {
    fs.rmSync(path.join(dirs.functions, 'b/t_positive.sql'))
    expect(await migrate(db, dirs)).toEqual(['functions/b/t_positive.sql'])
    expect(await functions()).toEqual(['answer()', 'nobody_yet(integer)'])
    await db.query('INSERT INTO t VALUES (-1)')
    expect((await db.query('SELECT file FROM schema_functions')).rows).toHaveLength(2)
  })

  it('refuses a file that defines a function it is not named after, or a name with two files, and changes nothing', async () => {
    write('a/answer.sql', 'CREATE OR REPLACE FUNCTION answer() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\nCREATE OR REPLACE FUNCTION helper() RETURNS integer LANGUAGE sql AS $$ SELECT 2 $$;\n')
    write('c/nobody_yet.sql', 'CREATE OR REPLACE FUNCTION nobody_yet() RETURNS integer LANGUAGE sql AS $$ SELECT 0 $$;\n')
    const err = await refusal(migrate(db, dirs))
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as ConfigError).problems).toEqual([
      'function file a/answer.sql defines helper: each function lives in its own file, helper.sql.',
      'function nobody_yet has two files, b/nobody_yet.sql and c/nobody_yet.sql.',
    ])
    expect(await functions()).toEqual(['answer()', 'nobody_yet(integer)'])
    expect((await db.query<{ v: number }>('SELECT answer() AS v')).rows[0]?.v).toBe(44)
  })
})

describe('the code base', () => {
  it('defines every function and trigger in src/server/db/functions, none in a numbered migration', () => {
    for (const f of fs.readdirSync(SCHEMA_DIRS.migrations)) {
      expect(fs.readFileSync(path.join(SCHEMA_DIRS.migrations, f), 'utf8'), f).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|PROCEDURE|TRIGGER)/i)
    }
    expect(fs.readdirSync(SCHEMA_DIRS.functions).length).toBeGreaterThan(0)
  })
})
