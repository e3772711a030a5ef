/**
 * Players in the operators' console (issue 35): search, the player's page (CPF whole only for the
 * roles that need it), notes, closing sessions, suspending an account; every read and action an
 * audit line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as ops from '../../src/shared/contract/opsConsole'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { checkLedgerAfterEach, fundCash, verifiedPlayer } from './walletHelpers'
import { bootstrapAdmin, enrol, operatorOf, withCookie } from './opsHelpers'

let t: TestApp
let support = ''
let risk = ''
beforeAll(async () => {
  t = await startTestApp()
  const admin = await enrol(t, (await bootstrapAdmin(t)).enrolPath)
  support = (await operatorOf(t, admin.cookie, 'support')).cookie
  risk = (await operatorOf(t, admin.cookie, 'risk')).cookie
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const uIdOf = async (userId: bigint) => String((await t.db.query<{ uid: bigint }>('SELECT uid FROM users WHERE id = $1', [userId])).rows[0]!.uid)
const search = async (cookie: string, q: string) => (await call<{ uId: string; email: string; cpf: string }[]>(t, ops.opsPlayers, { ...withCookie(cookie), query: { q } })).body.data
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`
const auditOf = async (target: string) => (await t.db.query<{ action: string; reason: string }>('SELECT action, reason FROM ops_audit WHERE target = $1 ORDER BY id', [target])).rows

describe('players', () => {
  it('are found by e-mail, uId, CPF or name; support reads the CPF masked, risk whole', async () => {
    const p = await verifiedPlayer(t, { name: 'Joana Quitéria Marinho' })
    const uId = await uIdOf(p.userId)
    for (const q of [p.email, p.email.slice(0, 12), uId, p.cpf, 'quitéria mar']) {
      const found = await search(support, q)
      expect(found.map((x) => x.uId), q).toContain(uId)
    }
    expect((await search(support, p.cpf))[0]!.cpf).toBe(masked(p.cpf))
    expect((await search(risk, p.cpf))[0]!.cpf).toBe(p.cpf)
    // A LIKE wildcard is a character, not a pattern.
    expect(await search(support, '%%')).toEqual([])
    const searches = (await t.db.query<{ n: string }>("SELECT count(*) AS n FROM ops_audit WHERE action = 'player.search'")).rows[0]!.n
    expect(Number(searches)).toBeGreaterThanOrEqual(8)
  })

  it("a player's page shows balances, entries, sessions and notes, and each read is an audit line", async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 12_345n)
    const uId = await uIdOf(p.userId)
    expect((await call(t, ops.opsPlayerNote, { ...withCookie(support), params: { uId }, body: { text: 'ligou pedindo ajuda com o saque' } })).body.status).toBe(200)
    const page = await call<{ player: { cpf: string; kyc: boolean }; balances: { cash: number }; entries: unknown[]; sessions: unknown[]; notes: { text: string }[] }>(t, ops.opsPlayer, { ...withCookie(support), params: { uId } })
    expect(page.body.status).toBe(200)
    expect(page.body.data.player).toMatchObject({ cpf: masked(p.cpf), kyc: true })
    expect(page.body.data.balances.cash).toBe(123.45)
    expect(page.body.data.entries.length).toBeGreaterThan(0)
    expect(page.body.data.sessions).toHaveLength(1)
    expect(page.body.data.notes.map((n) => n.text)).toEqual(['ligou pedindo ajuda com o saque'])
    expect((await auditOf(`player:${uId}`)).map((a) => a.action)).toEqual(['player.note', 'player.read'])
    expect((await call(t, ops.opsPlayer, { ...withCookie(support), params: { uId: '99999999' } })).body.status).toBe(1404)
  })

  it("closing a player's sessions logs them out at once", async () => {
    const p = await verifiedPlayer(t)
    const uId = await uIdOf(p.userId)
    expect((await call(t, calls.userInfo, { token: p.token })).body.status).toBe(200)
    const r = await call<{ revoked: number }>(t, ops.opsPlayerRevokeSessions, { ...withCookie(support), params: { uId }, body: { reason: 'celular perdido' } })
    expect(r.body.data.revoked).toBe(1)
    expect((await call(t, calls.userInfo, { token: p.token })).body.status).toBe(40101)
  })

  it('a suspended account is out at once and told so at login, only with its right password; risk lifts it', async () => {
    const p = await verifiedPlayer(t)
    const uId = await uIdOf(p.userId)
    const suspend = (cookie: string, suspended: boolean) => call(t, ops.opsPlayerSuspend, { ...withCookie(cookie), params: { uId }, body: { suspended, reason: 'conta compartilhada' } })
    expect((await suspend(support, true)).body.status).toBe(6403)
    expect((await suspend(risk, true)).body.status).toBe(200)
    expect((await call(t, calls.userInfo, { token: p.token })).body.status).toBe(40101)
    expect((await login(t, p.email, p.pwd)).body.status).toBe(2012)
    expect((await login(t, p.email, 'not-the-password-1')).body.status).toBe(2002)
    expect((await suspend(risk, false)).body.status).toBe(200)
    expect((await login(t, p.email, p.pwd)).body.status).toBe(200)
    expect((await auditOf(`player:${uId}`)).map((a) => [a.action, a.reason])).toEqual([
      ['player.suspend', 'conta compartilhada'],
      ['player.unsuspend', 'conta compartilhada'],
    ])
  })
})
