import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import * as casino from '../../src/shared/contract/casino'
import { ConfigError } from '../../src/server/config'
import type { Db } from '../../src/server/db/connection'
import { migrate } from '../../src/server/db/migrate'
import { schemaSnapshot } from '../../src/server/db/schemaSnapshot'
import { openUserAccounts, post, systemAccountId, userAccountId } from '../../src/server/wallet/ledger'
import { startTestApp, type TestApp } from './testApp'
import { callKeyed, expectLedgerInvariant, fundCash, newPlayer } from './walletHelpers'

/**
 * Issue 30: the first series of migrations (001_init ... 030_money_out, kept here as fixtures) was
 * squashed into a schema-only baseline and one file per SQL function. A database built by the
 * first series, with money on it, is carried over in place: its schema becomes the new layout's
 * exactly, and every balance, ledger row and bet stays as it was. One stopped part of the way
 * through the series is refused with a message naming where it stopped.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const LEGACY = path.join(here, 'fixtures/legacy-migrations')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-legacy-'))
const NO_FUNCTIONS = path.join(tmp, 'no-functions')
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** Builds the database as the code before the squash did: the 30 migrations, their functions in them. */
async function legacyDatabase(db: Db, upTo = 30): Promise<void> {
  const dir = path.join(tmp, `legacy-${upTo}`)
  fs.mkdirSync(dir, { recursive: true })
  for (const f of fs.readdirSync(LEGACY).filter((f) => Number(f.slice(0, 3)) <= upTo)) fs.copyFileSync(path.join(LEGACY, f), path.join(dir, f))
  await migrate(db, { migrations: dir, functions: NO_FUNCTIONS })
  // That code kept no function checksums.
  await db.exec('DROP TABLE schema_functions')
}

/** Players with money moved by the first series' own functions: deposits, bets won and lost, a gift being wagered. */
async function legacyMoney(db: Db): Promise<void> {
  const at = new Date('2026-11-20T15:00:00Z')
  for (let i = 0; i < 5; i++) {
    const { rows } = await db.query<{ id: bigint }>(
      "INSERT INTO users (email, password_hash, yqm, created_at) VALUES ($1, 'x', $2, $3) RETURNING id",
      [`legacy${i}@example.com`, `L${i}`, at],
    )
    const user = BigInt(rows[0]!.id)
    await db.tx(async (q) => {
      await openUserAccounts(q, user)
      await post(q, { kind: 'deposit', userId: user, ref: `dep-${i}`, entries: [{ accountId: await systemAccountId(q, 'clearing'), amount: -10_000n }, { accountId: await userAccountId(q, user, 'cash'), amount: 10_000n }] }, at)
      if (i % 2 === 0) {
        await post(q, { kind: 'bonus', userId: user, ref: `gift-${i}`, entries: [{ accountId: await systemAccountId(q, 'promotions'), amount: -2_000n }, { accountId: await userAccountId(q, user, 'bonus'), amount: 2_000n }] }, at)
        await q.query('INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, 30000, 0, $2)', [user, at])
      }
    })
    for (let b = 0; b < 6; b++) {
      const placed = new Date(at.getTime() + (b + 1) * 60_000)
      await db.tx(async (q) => {
        await q.query("SELECT * FROM wallet_bet($1, $2, $3, $4, $5, $6::date, '{}'::jsonb, NULL)", [user, 700 + b, b % 3 === 0 ? 1400 + 2 * b : 0, `legacy:${i}:${b}`, placed, '2026-11-20'])
        await q.query('SELECT wallet_count_wager($1, $2, $3, $3)', [user, 700 + b, placed])
      })
    }
  }
}

/** Every row of every table but the migrations' own bookkeeping, as text: a table's rows, one per line. */
async function rows(db: Db): Promise<Record<string, string>> {
  const tables = (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'schema_functions') ORDER BY 1")).rows
  const out: Record<string, string> = {}
  for (const { name } of tables) {
    // Each row's values in order (not its column names: the upgrade renames the spec's misspellings).
    const r = await db.query<{ j: string }>(`SELECT coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '') AS j FROM ${name} x`)
    out[name] = r.rows[0]!.j
  }
  return out
}

describe('carrying a database of the first migration series over to the baseline', () => {
  it('keeps every row, ends with the new layout\'s schema exactly, and the server runs on it', async () => {
    let before: Record<string, string> = {}
    let oldUsersLevelless = ''
    let oldLevels: { id: bigint; level: number }[] = []
    let upgraded: TestApp | undefined
    let fresh: TestApp | undefined
    try {
      upgraded = await startTestApp({}, {}, {
        listen: false,
        database: 'empty',
        prepare: async (db) => {
          await legacyDatabase(db)
          await legacyMoney(db)
          before = await rows(db)
          // Migration 015 drops users.level (vip_progress.level is its one home): the old rows without it.
          const cols = (await db.query<{ c: string }>("SELECT quote_ident(column_name) AS c FROM information_schema.columns WHERE table_name = 'users' AND column_name <> 'level' ORDER BY ordinal_position")).rows
          const r = await db.query<{ j: string }>(`SELECT coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '') AS j FROM (SELECT ${cols.map((c) => c.c).join(', ')} FROM users) x`)
          oldUsersLevelless = r.rows[0]!.j
          oldLevels = (await db.query<{ id: bigint; level: number }>('SELECT id, level FROM users WHERE level > 0 ORDER BY id')).rows
        },
      })
      const db = upgraded.db
      // Money was there to carry: deposits, stakes, wins and a gift's wagering.
      expect(before.ledger_entries!.split('\n').length).toBeGreaterThan(50)
      expect(before.bonus_wagering!.split('\n')).toHaveLength(3)
      // The server's start adds the sportsbook's secret (a database without one gets one); the rest is as it was.
      const after = await rows(db)
      expect(after.sport_secret!.split('\n')).toHaveLength(1)
      // Migration 004 renamed daily_stakes to play_days, with a returned column (0 for the old rows), and added rg_limits
      // (empty); 005 added rg_blocks (empty); 006 the days' time played (0, no last stake, no session) and rg_reality (empty);
      // 007 the players' identity columns (all empty on the old rows); 008 rg_markers and rg_marked_days (empty); 010 the
      // PSP emulator's psp_sandbox_cob_revisions (one row per charge held: none here); 011 the operators' console's tables (empty), 013 player_notes (empty);
      // 014 payment_reviews and ops_idempotency_keys (empty), pix_refunds' user_id, order_id and operator_id (no refunds here), and the system account pix_outgoing (at 0);
      // 015 dropped users.level; 016 added sport_match_payouts (no open sport bet here).
      const { daily_stakes: oldDays = '', users: oldUsers = '', ledger_accounts: oldAccounts = '', ...kept } = before
      const { play_days: days = '', rg_limits: limits = '', rg_blocks: blocked = '', rg_reality: reality = '', rg_markers: marks = '', rg_marked_days: marked = '', psp_sandbox_cob_revisions: revisions = '', users, ...rest } = after
      const { operators = '', operator_enrolments: enrolments = '', operator_recovery_codes: recovery = '', operator_sessions: opsSessions = '', ops_audit: audit = '', player_notes: notes = '', ...rest2 } = rest
      const { payment_reviews: reviews = '', ops_idempotency_keys: opsKeys = '', ledger_accounts: accounts = '', sport_match_payouts: matchPayouts = '', ...now } = rest2
      expect([limits, blocked, reality, marks, marked, revisions, operators, enrolments, recovery, opsSessions, audit, notes, reviews, opsKeys, matchPayouts]).toEqual(['', '', '', '', '', '', '', '', '', '', '', '', '', '', ''])
      const outgoing = accounts.split('\n').filter((r) => r.includes(',pix_outgoing,'))
      expect(outgoing).toHaveLength(1)
      expect(outgoing[0]).toMatch(/^\(\d+,,pix_outgoing,0,t,0\)$/)
      expect(accounts.split('\n').filter((r) => !r.includes(',pix_outgoing,')).join('\n')).toBe(oldAccounts)
      // 007's six identity columns and 013's disabled_reason, all empty on the old rows; 015 dropped
      // level, whose one home, vip_progress, holds every level the old rows had (none rose here).
      expect(oldUsers).not.toBe('')
      expect(users).toBe(oldUsersLevelless.replace(/\)$/gm, ',,,,,,,)'))
      const levels = (await db.query<{ id: bigint; level: number }>('SELECT user_id AS id, level FROM vip_progress WHERE level > 0 ORDER BY user_id')).rows
      expect(levels).toEqual(oldLevels)
      expect(oldDays).not.toBe('')
      const lines = (text: string) => text.split('\n').filter(Boolean).sort()
      expect(lines(days)).toEqual(lines(oldDays.split('\n').map((r) => r.replace(/\)$/, ',0,0,,)')).join('\n')))
      expect({ ...now, sport_secret: '' }).toEqual(kept)
      // The first series' rows became the baseline's; the migrations after it then applied as on any database.
      const migrated = (await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows
      expect(migrated[0]).toEqual({ version: 1, name: '001_baseline.sql' })
      expect(migrated.map((m) => m.name)).toEqual(fs.readdirSync(path.join(here, '../../src/server/db/migrations')).filter((f) => f.endsWith('.sql')).sort())
      fresh = await startTestApp({}, {}, { listen: false })
      expect(await schemaSnapshot(db)).toBe(await schemaSnapshot(fresh.db))
      await expectLedgerInvariant(db)

      // The carried-over database takes bets on the new code: a new player's, and a legacy player's.
      const p = await newPlayer(upgraded)
      await fundCash(upgraded, p.userId, 5_000n)
      const bet = await callKeyed(upgraded, casino.diceBet, { token: p.token, body: { amount: '1.00', target: '50.00', condition: 'under' } })
      expect(bet.body.status).toBe(200)
      const legacy = BigInt((await db.query<{ id: bigint }>("SELECT id FROM users WHERE email = 'legacy1@example.com'")).rows[0]!.id)
      const had = (await db.query<{ balance: string }>('SELECT balance::text FROM wallet_balance($1)', [legacy])).rows[0]!.balance
      const r = await db.query<{ code: string | null; balance: string }>(
        "SELECT code, balance::text FROM wallet_bet($1, 100, 0, 'after-upgrade', now(), current_date, '{}'::jsonb, NULL)",
        [legacy],
      )
      expect(r.rows[0]).toEqual({ code: 'OK', balance: String(BigInt(had) - 100n) })
      await expectLedgerInvariant(db)
    } finally {
      await upgraded?.close()
      await fresh?.close()
    }
  }, 180_000)

  it('refuses a database that stopped part of the way through the first series, naming where', async () => {
    const err = await startTestApp({}, {}, { listen: false, database: 'empty', prepare: (db) => legacyDatabase(db, 12) }).then(
      async (t) => {
        await t.close()
        return null
      },
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as ConfigError).problems).toEqual([
      'this database stopped at migration 012_rounds.sql of the first series, which this build replaced by 001_baseline.sql: start a build of commit 6fdf15c on it once (it applies the series up to 030_money_out.sql), then this one.',
    ])
  }, 180_000)
})
