import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../src/server/db/connection'
import { splitStatements } from '../../src/server/db/migrate'
import { calls } from '../../src/shared/contract'
import { login } from './flows'
import { call, readOutbox, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, verifiedPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const NEW_PASSWORD = 'Girassol-Azul-2024'
const HOUR = 3_600_000

type Verified = Player & { cpf: string }

const withdraw = (p: Verified, amount = '30') =>
  callKeyed(t, calls.withdraw, { token: p.token, body: { payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: 'Ana Souza', amount, whatsapp: '' } })
const transfer = (p: Player, to: Player, amount = '1') => callKeyed(t, calls.transfer, { token: p.token, body: { toUser: to.email, amount } })

/** The password-reset flow by e-mail; the old sessions end, so it logs in again. */
async function resetPassword(p: Verified): Promise<Verified> {
  expect((await call(t, calls.sendEmail, { body: { email: p.email } })).body.status).toBe(200)
  const code = /\b(\d{6})\b/.exec(readOutbox(t.config, p.email) ?? '')![1]!
  const chkId = (await call<string>(t, calls.checkEmail, { body: { email: p.email, code } })).body.data
  expect((await call(t, calls.setPwd, { body: { nPwd: NEW_PASSWORD, chkId } })).body.status).toBe(200)
  return { ...p, token: (await login(t, p.email, NEW_PASSWORD)).body.data.access_token }
}

async function changePassword(p: Verified): Promise<Verified> {
  const res = await call(t, calls.updatePwd, { token: p.token, body: { oPwd: p.pwd, nPwd: NEW_PASSWORD, nPwd1: NEW_PASSWORD } })
  expect(res.body.status).toBe(200)
  return { ...p, token: (await login(t, p.email, NEW_PASSWORD)).body.data.access_token }
}

describe('24 h without withdrawals or transfers after a password change', () => {
  for (const [how, change] of [
    ['a password reset (setPwd)', resetPassword],
    ['a password change (updatePwd)', changePassword],
  ] as const) {
    it(`after ${how}: refused with the time left, then allowed once 24 h have passed`, async () => {
      const receiver = await newPlayer(t)
      let p: Verified = await verifiedPlayer(t)
      await fundCash(t, p.userId, 100_000n)
      p = await change(p)
      t.advance(50 * 60_000)
      const w = await withdraw(p)
      expect([w.http, w.body.status, w.body.msg]).toEqual([
        403,
        3305,
        'Por segurança, saques e transferências ficam bloqueados por 24 h após a troca de senha. Tente novamente em 23 h 10 min',
      ])
      const tr = await transfer(p, receiver)
      expect([tr.http, tr.body.status]).toEqual([403, 3305])
      expect(tr.body.msg).toMatch(/Tente novamente em 23 h 10 min$/)
      const en = await callKeyed(t, calls.transfer, { token: p.token, body: { toUser: receiver.email, amount: '1' }, headers: { lang: 'en_US' } })
      expect(en.body.msg).toBe('For your security, withdrawals and transfers are blocked for 24 h after a password change. Try again in 23 h 10 min')
      expect(await balances(t, p.userId)).toMatchObject({ cash: 100_000n, hold: 0n })
      // Betting and depositing are not held: only money leaving the account waits.
      expect((await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId: 1 }, body: { gift: 0, pkgId: 1, isapp: 0 } })).body.status).toBe(200)
      t.advance(23 * HOUR + 9 * 60_000)
      expect((await withdraw(p)).body.msg).toMatch(/em 0 h 1 min$/)
      t.advance(60_000)
      expect((await withdraw(p)).body.status).toBe(200)
      expect((await transfer(p, receiver)).body.status).toBe(200)
    })
  }

  it('the spec\'s six withdraw checks still answer first', async () => {
    let p: Verified = await verifiedPlayer(t)
    p = await changePassword(p)
    expect((await withdraw(p)).body.status).toBe(3103)
    await fundCash(t, p.userId, 1_000n)
    expect((await withdraw(p)).body.status).toBe(3105)
    await fundCash(t, p.userId, 10_000n)
    expect((await withdraw(p)).body.status).toBe(3305)
  })
})

describe('the public uId', () => {
  it('is random, not the sequential internal id: consecutive registrations tell nothing', async () => {
    const players = []
    for (let i = 0; i < 8; i++) players.push(await newPlayer(t))
    const uIds = players.map((p) => p.uId)
    for (const p of players) {
      const info = (await call(t, calls.userInfo, { token: p.token })).body.data
      expect(info.uId).toBe(p.uId)
      expect(String(info.uId)).toMatch(/^\d{8,10}$/)
      expect(BigInt(info.uId)).not.toBe(p.userId)
    }
    expect(new Set(uIds).size).toBe(uIds.length)
    // Internal ids run 1 apart; the public ones do not follow each other, nor any order.
    const gaps = uIds.slice(1).map((u, i) => u - uIds[i]!)
    expect(gaps.filter((g) => Math.abs(g) < 1000)).toHaveLength(0)
    const ascending = gaps.every((g) => g > 0)
    const descending = gaps.every((g) => g < 0)
    expect(ascending || descending).toBe(false)
  })

  it('the first series\' migration 007 gave every existing account one: unique, 8 to 10 digits, not in id order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-007-'))
    const db = await openPglite(path.join(dir, 'pglite'))
    try {
      const migrations = path.resolve('tests/server/fixtures/legacy-migrations')
      const files = fs.readdirSync(migrations).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()
      const run = async (f: string) => {
        for (const statement of splitStatements(fs.readFileSync(path.join(migrations, f), 'utf8'))) await db.query(statement)
      }
      for (const f of files.filter((f) => f < '007')) await run(f)
      await db.query(`INSERT INTO users (email, password_hash, yqm, created_at) SELECT 'old' || i || '@example.com', 'x', 'Y' || i, now() FROM generate_series(1, 200) i`)
      await run('007_identity.sql')
      const r = await db.query<{ id: bigint; uid: bigint }>('SELECT id, uid FROM users ORDER BY id')
      const uids = r.rows.map((row) => Number(row.uid))
      expect(uids).toHaveLength(200)
      expect(new Set(uids).size).toBe(200)
      expect(uids.every((u) => u >= 10_000_000 && u <= 9_999_999_999)).toBe(true)
      expect(uids).not.toEqual([...uids].sort((a, b) => a - b))
      // A row inserted without one (a script) still gets one.
      const added = await db.query<{ uid: bigint }>(`INSERT INTO users (email, password_hash, yqm, created_at) VALUES ('new@example.com', 'x', 'YN', now()) RETURNING uid`)
      expect(String(added.rows[0]!.uid)).toMatch(/^\d{8,10}$/)
    } finally {
      await db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
    // A fresh embedded database (initdb) takes seconds on a busy machine.
  }, 120_000)
})
