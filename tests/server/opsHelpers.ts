/** The operators' console in the server suites: the first admin, enrolment and the two-step login, as the console does them. */
import { generate } from 'otplib'
import * as ops from '../../src/shared/contract/opsConsole'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { call, newEmail, type TestApp } from './testApp'

export const OPS_PASSWORD = 'Console-de-operacao-2026'
/** The session cookie a reply set, as a Cookie header's value. */
export const cookieOf = (headers: Record<string, unknown>) => String(headers['set-cookie'] ?? '').split(';')[0]!
export const withCookie = (cookie: string) => ({ headers: { cookie } })
/** The authenticator's code now, by the server's clock. */
export const codeFor = (t: TestApp, secret: string) => generate({ secret, epoch: Math.floor(t.now() / 1000) })
/** The next 30-second step: a TOTP code is good once, so each use needs a new one. */
export const nextStep = (t: TestApp) => t.advance(30_000)
export const tokenOf = (enrolPath: string) => enrolPath.slice(enrolPath.indexOf('#') + 1)

function must<T extends { body: { status: number } }>(r: T, what: string): T {
  if (r.body.status !== 200) throw new Error(`${what}: ${JSON.stringify(r.body)}`)
  return r
}

/** An admin made as `npm run ops -- create-admin` makes one. */
export async function bootstrapAdmin(t: TestApp, email = newEmail('admin'), remoteAddress?: string) {
  const r = must(await call<{ operatorId: string; enrolPath: string }>(t, ops.opsBootstrapAdmin, { headers: { 'x-ops-token': opsTokenOf(t) ?? '' }, body: { email }, remoteAddress }), 'bootstrap')
  return { email, ...r.body.data }
}

/** Enrols through a link: password, the authenticator's secret, a first code. */
export async function enrol(t: TestApp, enrolPath: string) {
  const token = tokenOf(enrolPath)
  const begin = must(await call<{ secret: string; uri: string; email: string }>(t, ops.opsEnrolBegin, { body: { token, password: OPS_PASSWORD } }), 'enrol')
  nextStep(t)
  const finish = must(await call<{ recoveryCodes: string[]; me: { role: string } }>(t, ops.opsEnrolFinish, { body: { token, code: await codeFor(t, begin.body.data.secret) } }), 'enrol finish')
  return { secret: begin.body.data.secret, uri: begin.body.data.uri, codes: finish.body.data.recoveryCodes, cookie: cookieOf(finish.headers), me: finish.body.data.me }
}

/** Logs in with the password, then a fresh code; answers the session cookie. */
export async function opsLogin(t: TestApp, email: string, secret: string): Promise<string> {
  const first = must(await call(t, ops.opsLogin, { body: { email, password: OPS_PASSWORD } }), 'login')
  nextStep(t)
  const second = must(await call(t, ops.opsCode, { ...withCookie(cookieOf(first.headers)), body: { code: await codeFor(t, secret) } }), 'code')
  return cookieOf(second.headers)
}

/** An enrolled operator of `role`, made by `admin` (a cookie), with a session. */
export async function operatorOf(t: TestApp, adminCookie: string, role: ops.OpsRole) {
  const made = must(await call<{ operatorId: string; enrolPath: string }>(t, ops.opsOperatorCreate, { ...withCookie(adminCookie), body: { email: newEmail(role), role, reason: 'teste automatizado' } }), 'create operator')
  return { operatorId: made.body.data.operatorId, ...(await enrol(t, made.body.data.enrolPath)) }
}
