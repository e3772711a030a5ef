import { calls } from '../../src/shared/contract'
import { call, CAPTCHA, newCodeId, newEmail, type CallOptions, type TestApp } from './testApp'

/** Where a request comes from: its peer address and headers such as X-Forwarded-For. */
export type Origin = Pick<CallOptions, 'headers' | 'remoteAddress'>

/** Fetches a captcha for a new code id, as the client does before login or register (from the same origin). */
export async function captchaId(t: TestApp, from: Origin = {}): Promise<number> {
  const codeId = newCodeId()
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/user/captcha/${codeId}`, headers: from.headers, remoteAddress: from.remoteAddress })
  if (res.statusCode !== 200) throw new Error(`captcha failed: ${res.statusCode} ${res.body}`)
  return codeId
}

export async function registerUser(t: TestApp, extra: Record<string, unknown> = {}) {
  const email = (extra.username as string | undefined) ?? newEmail()
  const pwd = (extra.pwd as string | undefined) ?? 'segredo123'
  const res = await call<{ access_token: string }>(t, calls.restRegister, {
    body: { username: email, pwd, pwd1: pwd, country: '+55', phone: '11987654321', codeId: await captchaId(t), captCode: CAPTCHA, isapp: 0, ...extra },
  })
  if (res.body.status !== 200) throw new Error(`register failed: ${res.raw}`)
  return { email: email.toLowerCase(), pwd, token: res.body.data.access_token }
}

export async function login(t: TestApp, username: string, pwd: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return call<{ access_token: string }>(t, calls.restLogin, {
    body: { username, pwd, codeId: await captchaId(t, { headers, remoteAddress }), captCode: CAPTCHA },
    headers,
    remoteAddress,
  })
}
