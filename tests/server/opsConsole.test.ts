/**
 * The operators' console's access (issue 35): the first admin from the command line's call, the
 * one-time enrolment (password, TOTP, recovery codes), the two-step login that cannot be skipped,
 * sessions apart from the players' both ways, roles checked on every call, and the audit trail,
 * which the database itself keeps append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPath } from '../../src/shared/contract'
import * as ops from '../../src/shared/contract/opsConsole'
import * as user from '../../src/shared/contract/user'
import { call, newEmail, startTestApp, type TestApp } from './testApp'
import { newPlayer } from './walletHelpers'
import { bootstrapAdmin, codeFor as codeOfNow, cookieOf, enrol as enrolWith, nextStep as step, OPS_PASSWORD, operatorOf, tokenOf, withCookie } from './opsHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const PASSWORD = OPS_PASSWORD
const reason = 'teste automatizado'
const codeFor = (secret: string) => codeOfNow(t, secret)
const nextStep = () => step(t)
const bootstrap = (email?: string) => bootstrapAdmin(t, email)
const enrol = (enrolPath: string) => enrolWith(t, enrolPath)

describe('enrolment and login', () => {
  it('the first admin enrols with a strong password and a TOTP code, gets ten recovery codes and a session', async () => {
    const admin = await bootstrap()
    const token = tokenOf(admin.enrolPath)
    expect(admin.enrolPath).toMatch(/^\/ops\/enrol#[\w-]{40,}$/)
    const weak = await call(t, ops.opsEnrolBegin, { body: { token, password: '12345678' } })
    expect(weak.body.status).toBe(2011)
    const begin = await call<{ secret: string; uri: string }>(t, ops.opsEnrolBegin, { body: { token, password: PASSWORD } })
    expect(begin.body.data.uri).toContain(`otpauth://totp/`)
    expect(begin.body.data.uri).toContain(`secret=${begin.body.data.secret}`)
    // The secret is sealed in the database, not kept as given.
    const stored = (await t.db.query<{ totp_sealed: string }>('SELECT totp_sealed FROM operators WHERE id = $1', [BigInt(admin.operatorId)])).rows[0]!.totp_sealed
    expect(stored).toMatch(/^v1\./)
    expect(stored).not.toContain(begin.body.data.secret)
    const wrong = await call(t, ops.opsEnrolFinish, { body: { token, code: '000000' } })
    expect(wrong.body.status).toBe(6002)
    nextStep()
    const finish = await call<{ recoveryCodes: string[]; me: { email: string; role: string } }>(t, ops.opsEnrolFinish, { body: { token, code: await codeFor(begin.body.data.secret) } })
    expect(finish.body.status).toBe(200)
    expect(finish.body.data.recoveryCodes).toHaveLength(10)
    expect(finish.body.data.me).toMatchObject({ email: admin.email, role: 'admin' })
    const cookie = String(finish.headers['set-cookie'])
    expect(cookie).toMatch(/^ops_session=[\w-]+; Path=\/api\/ops; HttpOnly; SameSite=Strict/)
    expect((await call(t, ops.opsMe, withCookie(cookieOf(finish.headers)))).body.data).toMatchObject({ email: admin.email, role: 'admin' })
    // The link was good once.
    expect((await call(t, ops.opsEnrolBegin, { body: { token, password: PASSWORD } })).body.status).toBe(6003)
  })

  it('an enrolment link expires', async () => {
    const admin = await bootstrap()
    t.advance(t.config.opsConsole.enrolTtlMs + 1000)
    expect((await call(t, ops.opsEnrolBegin, { body: { token: tokenOf(admin.enrolPath), password: PASSWORD } })).body.status).toBe(6003)
  })

  it('the second factor cannot be skipped: after the password, only the code call is open', async () => {
    const admin = await bootstrap()
    const { secret } = await enrol(admin.enrolPath)
    expect((await call(t, ops.opsLogin, { body: { email: admin.email, password: 'not-the-password' } })).body.status).toBe(6001)
    expect((await call(t, ops.opsLogin, { body: { email: newEmail('nobody'), password: PASSWORD } })).body.status).toBe(6001)
    const first = await call(t, ops.opsLogin, { body: { email: admin.email.toUpperCase(), password: PASSWORD } })
    expect(first.body.status).toBe(200)
    const half = withCookie(cookieOf(first.headers))
    for (const def of [ops.opsMe, ops.opsOperators, ops.opsAudit]) expect((await call(t, def, half)).body.status).toBe(6401)
    expect((await call(t, ops.opsOperatorCreate, { ...half, body: { email: newEmail('x'), role: 'admin', reason } })).body.status).toBe(6401)
    expect((await call(t, ops.opsCode, { ...half, body: { code: '123456' } })).body.status).toBe(6002)
    nextStep()
    const code = await codeFor(secret)
    const second = await call(t, ops.opsCode, { ...half, body: { code } })
    expect(second.body.status).toBe(200)
    // The password-stage token gave way to a new one.
    expect(cookieOf(second.headers)).not.toBe(half.headers.cookie)
    expect((await call(t, ops.opsMe, half)).body.status).toBe(6401)
    expect((await call(t, ops.opsMe, withCookie(cookieOf(second.headers)))).body.status).toBe(200)
    // The same code, again (a replay within its 30 s): refused.
    const again = await call(t, ops.opsLogin, { body: { email: admin.email, password: PASSWORD } })
    expect((await call(t, ops.opsCode, { ...withCookie(cookieOf(again.headers)), body: { code } })).body.status).toBe(6002)
  })

  it('wrong codes are limited per operator: six digits cannot be tried through', async () => {
    const admin = await bootstrap()
    await enrol(admin.enrolPath)
    const first = await call(t, ops.opsLogin, { body: { email: admin.email, password: PASSWORD } })
    const half = withCookie(cookieOf(first.headers))
    const answers: number[] = []
    for (let i = 0; i < 7; i++) answers.push((await call(t, ops.opsCode, { ...half, body: { code: String(100000 + i) } })).body.status)
    expect(answers.slice(0, 5)).toEqual([6002, 6002, 6002, 6002, 6002])
    expect(answers.slice(5)).toEqual([1429, 1429])
  })

  it('a recovery code opens a session once', async () => {
    const admin = await bootstrap()
    const { codes } = await enrol(admin.enrolPath)
    const use = async (recoveryCode: string) => {
      const first = await call(t, ops.opsLogin, { body: { email: admin.email, password: PASSWORD } })
      return call<{ recoveryLeft: number }>(t, ops.opsCode, { ...withCookie(cookieOf(first.headers)), body: { recoveryCode } })
    }
    const ok = await use(codes[0]!.toLowerCase())
    expect(ok.body.status).toBe(200)
    expect(ok.body.data.recoveryLeft).toBe(9)
    expect((await use(codes[0]!)).body.status).toBe(6002)
  })

  it('a session ends after 30 minutes idle, and at logout', async () => {
    const admin = await bootstrap()
    const { cookie } = await enrol(admin.enrolPath)
    t.advance(29 * 60_000)
    expect((await call(t, ops.opsMe, withCookie(cookie))).body.status).toBe(200)
    t.advance(31 * 60_000)
    expect((await call(t, ops.opsMe, withCookie(cookie))).body.status).toBe(6401)
  })

  it("operators' and players' sessions are apart, both ways", async () => {
    const admin = await bootstrap()
    const { cookie } = await enrol(admin.enrolPath)
    const player = await newPlayer(t)
    // A player's token, as the players' API takes it, and as the console's cookie.
    expect((await call(t, ops.opsMe, { token: player.token })).body.status).toBe(6401)
    expect((await call(t, ops.opsMe, withCookie(`ops_session=${player.token}`))).body.status).toBe(6401)
    // The operator's token on the players' API.
    const opsToken = cookie.slice(cookie.indexOf('=') + 1)
    expect((await call(t, user.userInfo, { token: opsToken })).body.status).toBe(40101)
    expect((await call(t, user.userInfo, { headers: { cookie } })).body.status).toBe(40101)
  })
})

/** Who may make a call that needs each role (the table, written out here rather than read from the code under test). */
const ALLOWED: Record<ops.OpsRole, ops.OpsRole[]> = { support: ['support', 'payments', 'risk', 'admin'], payments: ['payments', 'admin'], risk: ['risk', 'admin'], admin: ['admin'] }

/** The least role of every console call (null: no session), written out here from the issue rather than read from the code under test. */
const CALL_ROLES: Record<string, ops.OpsRole | null> = {
  'POST /api/ops/auth/enrol': null,
  'POST /api/ops/auth/enrol/finish': null,
  'POST /api/ops/auth/login': null,
  'POST /api/ops/auth/code': null,
  'POST /api/ops/operators/bootstrap': null,
  'POST /api/ops/auth/logout': 'support',
  'GET /api/ops/me': 'support',
  'GET /api/ops/operators': 'admin',
  'POST /api/ops/operators': 'admin',
  'POST /api/ops/operators/:operatorId': 'admin',
  'GET /api/ops/audit': 'admin',
  'GET /api/ops/audit.csv': 'admin',
  'GET /api/ops/withdrawals': 'support',
  'POST /api/ops/withdrawals/:orderId': 'payments',
  'GET /api/ops/players': 'support',
  'GET /api/ops/players/:uId': 'support',
  'POST /api/ops/players/:uId/notes': 'support',
  'POST /api/ops/players/:uId/sessions/revoke': 'support',
  'POST /api/ops/players/:uId/suspend': 'risk',
  'GET /api/ops/risk': 'risk',
  'POST /api/ops/players/:uId/contact': 'risk',
  'POST /api/ops/players/:uId/protection': 'risk',
  'GET /api/ops/notices': 'support',
  'POST /api/ops/notices': 'admin',
  'GET /api/ops/books': 'payments',
  'GET /api/ops/books.csv': 'payments',
  'GET /api/ops/books/liability': 'payments',
  'GET /api/ops/rounds/:game': 'payments',
  'GET /api/ops/payments': 'support',
  'POST /api/ops/payments/:id/return': 'payments',
  'POST /api/ops/payments/:id/resolve': 'payments',
}

describe('roles', () => {
  it('every console call names the role the table gives it, and the table lists every call', () => {
    const named = Object.fromEntries(ops.OPS_CALLS.map((c) => [`${c.method} ${c.path}`, c.role]))
    expect(named).toEqual(CALL_ROLES)
  })

  it('every console call refuses a missing session, a player, and a role below its own', async () => {
    const admin = await bootstrap()
    const { cookie: adminCookie } = await enrol(admin.enrolPath)
    const cookies: Record<ops.OpsRole, string> = { admin: adminCookie, support: '', payments: '', risk: '' }
    for (const role of ['support', 'payments', 'risk'] as const) cookies[role] = (await operatorOf(t, adminCookie, role)).cookie
    const player = await newPlayer(t)
    const guarded = ops.OPS_CALLS.filter((c) => c.role !== null && c !== ops.opsLogout)
    expect(guarded.length).toBeGreaterThanOrEqual(6)
    // The payments queue: support reads it; returning and resolving are the payments role's (and admin's).
    expect([ops.opsPayments, ops.opsPaymentReturn, ops.opsPaymentResolve, ops.opsWithdrawalDecide].map((c) => [guarded.includes(c), c.role])).toEqual([
      [true, 'support'],
      [true, 'payments'],
      [true, 'payments'],
      [true, 'payments'],
    ])
    const send = (def: ops.OpsCallDef, extra: { headers?: Record<string, string>; token?: string }) => {
      const params = Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '1']))
      return call(t, def, { ...extra, params, body: {} })
    }
    for (const def of [...guarded, ops.opsLogout]) {
      const where = `${def.method} ${buildPath(def.path, Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '1'])))}`
      expect((await send(def, {})).body.status, `${where} without a session`).toBe(6401)
      expect((await send(def, { token: player.token })).body.status, `${where} with a player's token`).toBe(6401)
      for (const role of ops.OPS_ROLES) {
        const r = await send(def, withCookie(cookies[role]))
        const status = r.http === 200 && r.body.status === -1 ? 200 : r.body.status
        if (ALLOWED[CALL_ROLES[`${def.method} ${def.path}`]!].includes(role)) expect([6401, 6403], `${where} as ${role}`).not.toContain(status)
        else expect(status, `${where} as ${role}`).toBe(6403)
      }
    }
  })

  it('a suspended operator is out at once; an admin cannot suspend or demote themselves', async () => {
    const admin = await bootstrap()
    const { cookie: adminCookie } = await enrol(admin.enrolPath)
    const made = await call<{ operatorId: string; enrolPath: string }>(t, ops.opsOperatorCreate, { ...withCookie(adminCookie), body: { email: newEmail('sup'), role: 'support', reason } })
    const { cookie } = await enrol(made.body.data.enrolPath)
    expect((await call(t, ops.opsMe, withCookie(cookie))).body.status).toBe(200)
    const r = await call(t, ops.opsOperatorUpdate, { ...withCookie(adminCookie), params: { operatorId: made.body.data.operatorId }, body: { suspended: true, reason } })
    expect(r.body.status).toBe(200)
    expect((await call(t, ops.opsMe, withCookie(cookie))).body.status).toBe(6401)
    const self = (body: Record<string, unknown>) => call(t, ops.opsOperatorUpdate, { ...withCookie(adminCookie), params: { operatorId: admin.operatorId }, body: { ...body, reason } })
    expect((await self({ suspended: true })).body.status).toBe(6005)
    expect((await self({ role: 'support' })).body.status).toBe(6005)
  })
})

describe('the audit trail', () => {
  it('records each action with who, why, before and after, exports it, and cannot be changed', async () => {
    const admin = await bootstrap()
    const { cookie } = await enrol(admin.enrolPath)
    const email = newEmail('risk')
    const made = await call<{ operatorId: string }>(t, ops.opsOperatorCreate, { ...withCookie(cookie), body: { email, role: 'risk', reason: 'nova analista de risco' } })
    await call(t, ops.opsOperatorUpdate, { ...withCookie(cookie), params: { operatorId: made.body.data.operatorId }, body: { role: 'payments', reason: 'mudou de equipe' } })
    const page = await call<{ rows: { operator: string; action: string; reason: string; before: { role: string } | null; after: { role: string } }[] }>(t, ops.opsAudit, { ...withCookie(cookie), query: { target: `operator:${made.body.data.operatorId}` } })
    expect(page.body.data.rows.map((r) => [r.operator, r.action, r.reason, r.before?.role ?? null, r.after.role])).toEqual([
      [admin.email, 'operator.update', 'mudou de equipe', 'risk', 'payments'],
      [admin.email, 'operator.create', 'nova analista de risco', null, 'risk'],
    ])
    const csv = await t.app.inject({ method: 'GET', url: `/api/ops/audit.csv?target=operator:${made.body.data.operatorId}`, headers: { cookie } })
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,at,operator,action,target,reason,before,after,ip')
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['"operator.create"', '"operator.update"'])
    for (const sql of ['UPDATE ops_audit SET reason = $1', 'DELETE FROM ops_audit WHERE reason <> $1', 'TRUNCATE ops_audit']) {
      await expect(t.db.query(sql, sql.includes('$1') ? ['x'] : [])).rejects.toThrow(/append-only/)
    }
  })

  it('the first admin comes only with the ops token', async () => {
    const r = await call(t, ops.opsBootstrapAdmin, { headers: { 'x-ops-token': 'not-the-token-but-long-enough-000000' }, body: { email: newEmail('intruder') } })
    expect(r.body.status).toBe(1403)
  })
})
