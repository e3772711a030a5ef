import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { loadConfig, parseRateRule } from '../../src/server/config'
import { captchaId, login, registerUser } from './flows'
import { call, CAPTCHA, newCodeId, newEmail, startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({
    sessionIdleMs: 60 * 60_000,
    sessionMaxMs: 24 * 60 * 60_000,
    rateLimits: {
      ...loadConfig({}).rateLimits,
      loginFailPerAccountIp: parseRateRule('3/15m'),
      registerPerIp: parseRateRule('1000/1h'),
    },
    // Cheap hashes: the login-limit tests fail a hundred logins.
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  })
})
afterAll(() => t.close())

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const fetchCaptcha = async (codeId: number) => ({ res: await t.app.inject({ method: 'GET', url: `/api/auth/user/captcha/${codeId}` }) })

describe('captcha', () => {
  it('is a PNG raster with no vector glyph paths, not cached', async () => {
    const { res } = await fetchCaptcha(newCodeId())
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true)
    // svg-captcha's paths could be matched to the font's outlines by a short script.
    expect(res.rawPayload.toString('latin1')).not.toMatch(/<svg|<path|<text|\sd="[Mm]/)
  })

  it('answers its drawn text (any case) and refuses a wrong one; each draw is a new picture', async () => {
    // The same answer drawn twice differs too: src/server/auth/drawCaptcha.test.ts.
    const codeId = newCodeId()
    const first = await fetchCaptcha(codeId)
    const second = await fetchCaptcha(codeId)
    expect(second.res.rawPayload.equals(first.res.rawPayload)).toBe(false)

    const strictApp = await startTestApp({ captchaFixedAnswer: null })
    try {
      const id = newCodeId()
      await strictApp.app.inject({ method: 'GET', url: `/api/auth/user/captcha/${id}` })
      const { answer } = (await strictApp.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE code_id = $1', [id])).rows[0]!
      expect(answer).toMatch(/^[a-z2-9]{4}$/)
      const ok = await call(strictApp, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', codeId: id, captCode: answer.toUpperCase() } })
      expect(ok.body.status).toBe(200)
      const wrongId = newCodeId()
      await strictApp.app.inject({ method: 'GET', url: `/api/auth/user/captcha/${wrongId}` })
      const wrong = await call(strictApp, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', codeId: wrongId, captCode: CAPTCHA } })
      expect(wrong.body.status).toBe(2001)
    } finally {
      await strictApp.close()
    }
  })

  it('is single use and must have been fetched', async () => {
    const email = newEmail()
    const notFetched = await call(t, calls.restRegister, { body: { username: email, pwd: 'segredo123', codeId: newCodeId(), captCode: CAPTCHA } })
    expect(notFetched.body.status).toBe(2001)
    const codeId = await captchaId(t)
    const first = await call(t, calls.restRegister, { body: { username: email, pwd: 'segredo123', codeId, captCode: CAPTCHA } })
    expect(first.body.status).toBe(200)
    const again = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', codeId, captCode: CAPTCHA } })
    expect(again.body.status).toBe(2001)
    expect(again.http).toBe(400)
  })

  it('refuses a wrong answer and expires', async () => {
    const wrong = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', codeId: await captchaId(t), captCode: 'zzzz' } })
    expect(wrong.body).toMatchObject({ status: 2001, msg: expect.stringContaining('verificação') })
    const codeId = await captchaId(t)
    t.advance(t.config.captchaTtlMs + 1000)
    const late = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', codeId, captCode: CAPTCHA } })
    expect(late.body.status).toBe(2001)
  })
})

describe('register and login', () => {
  it('registers with a lower-cased e-mail and reads the user back', async () => {
    const email = newEmail('MiXeD')
    const { token } = await registerUser(t, { username: email.toUpperCase() })
    const info = await call(t, calls.userInfo, { token })
    expect(info.body.status).toBe(200)
    expect(info.body.data).toMatchObject({ email: email.toLowerCase(), username: email.toLowerCase(), country: '+55', phone: '11987654321', balance: 0, testFlag: '0' })
    expect(info.body.data.yqm).toMatch(/^[A-Z2-9]{8}$/)
  })

  it('accepts the form-encoded variant through the same schema', async () => {
    const email = newEmail()
    const res = await call(t, calls.restRegister, {
      form: true,
      body: { username: email, pwd: 'segredo123', pwd1: 'segredo123', codeId: String(await captchaId(t)), captCode: CAPTCHA, isapp: '1', loading: 'false' },
    })
    expect(res.body.status).toBe(200)
    const row = await t.db.query<{ isapp: number }>('SELECT isapp FROM users WHERE email = $1', [email])
    expect(row.rows[0]?.isapp).toBe(1)
  })

  it('refuses a taken e-mail, whatever its case', async () => {
    const { email } = await registerUser(t)
    const res = await call(t, calls.restRegister, { body: { username: email.toUpperCase(), pwd: 'segredo123', codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(res.http).toBe(409)
    expect(res.body.status).toBe(2003)
  })

  it('refuses passwords that do not match', async () => {
    const res = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', pwd1: 'outra123', codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(res.body.status).toBe(2004)
  })

  it('refuses a short or common password on register, in the user language, and creates nothing', async () => {
    for (const weak of ['12345678', 'password', 'senha123']) {
      const username = newEmail()
      const res = await call(t, calls.restRegister, { body: { username, pwd: weak, pwd1: weak, codeId: await captchaId(t), captCode: CAPTCHA } })
      expect(res.http, weak).toBe(400)
      expect(res.body, weak).toMatchObject({ status: 2011, msg: expect.stringContaining('muito comum ou fácil de adivinhar') })
      expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', [username])).rows).toHaveLength(0)
    }
    const es = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'password', codeId: await captchaId(t), captCode: CAPTCHA }, headers: { lang: 'es_ES' } })
    expect(es.body.msg).toMatch(/demasiado común/)
    const short = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'Ab3$xY7', codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(short.body).toMatchObject({ status: 400, msg: 'A senha precisa ter pelo menos 8 caracteres' })
    const strong = await registerUser(t, { pwd: 'Cavalo-Azul-42' })
    expect((await login(t, strong.email, 'Cavalo-Azul-42')).body.status).toBe(200)
  })

  it('links an invitation code to the inviter, and refuses an unknown one', async () => {
    const inviter = await registerUser(t)
    const { yqm } = (await call(t, calls.userInfo, { token: inviter.token })).body.data as { yqm: string }
    const invitee = await registerUser(t, { regcode: yqm.toLowerCase() })
    await registerUser(t, { regcode: ((await call(t, calls.userInfo, { token: invitee.token })).body.data as { yqm: string }).yqm })
    const info = (await call(t, calls.userInfo, { token: inviter.token })).body.data
    expect(info).toMatchObject({ level1Person: 1, level2Person: 1, level3Person: 0 })
    const bad = await call(t, calls.restRegister, { body: { username: newEmail(), pwd: 'segredo123', regcode: 'NOPE0000', codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(bad.body.status).toBe(2005)
  })

  it('logs out, logs in with a new token, and the dead token gets 40101', async () => {
    const { email, pwd, token } = await registerUser(t)
    const out = await call(t, calls.logout, { token })
    expect(out.body.status).toBe(200)
    const dead = await call(t, calls.userInfo, { token })
    expect(dead.http).toBe(401)
    expect(dead.body.status).toBe(40101)
    const res = await login(t, email.toUpperCase(), pwd)
    expect(res.body.status).toBe(200)
    expect(res.body.data.access_token).not.toBe(token)
    expect(res.body.data.access_token.length).toBeGreaterThanOrEqual(43)
    const again = await call(t, calls.getBalance, { token: `Bearer ${res.body.data.access_token}` })
    expect(again.body).toMatchObject({ status: 200, data: { balance: 0 } })
  })

  it('stores only the hash of a token and rotates it per device on login', async () => {
    const { email, pwd, token } = await registerUser(t)
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [email])
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.rows[0]?.token_hash).not.toContain(token)
    const second = await login(t, email, pwd)
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(40101)
    const otherDevice = await login(t, email, pwd, { deviceId: 'phone-2' })
    expect((await call(t, calls.userInfo, { token: second.body.data.access_token })).body.status).toBe(200)
    expect((await call(t, calls.userInfo, { token: otherDevice.body.data.access_token })).body.status).toBe(200)
  })

  it('refuses a wrong password with the same answer as an unknown e-mail', async () => {
    const { email } = await registerUser(t)
    const wrong = await login(t, email, 'errada123')
    const unknown = await login(t, newEmail(), 'errada123')
    expect(wrong.http).toBe(400)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.status).toBe(2002)
  })

  it('limits failed logins per account and address, with a clear message', async () => {
    const { email, pwd } = await registerUser(t)
    for (let i = 0; i < 3; i++) expect((await login(t, email, 'errada123')).body.status).toBe(2002)
    const blocked = await login(t, email, pwd)
    expect(blocked.http).toBe(429)
    expect(blocked.body.status).toBe(1429)
    expect(blocked.body.msg).toMatch(/Tente novamente em \d+ min/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    t.advance(15 * 60_000 + 1000)
    expect((await login(t, email, pwd)).body.status).toBe(200)
  })

  it('an attacker failing 50 logins from another address never locks the owner out', async () => {
    const { email, pwd } = await registerUser(t)
    const attacker = '203.0.113.66'
    const answers = []
    for (let i = 0; i < 50; i++) answers.push((await login(t, email, `chute${i}abc`, {}, attacker)).body.status)
    // The attacker's own pair is stopped after 3 failures...
    expect(answers.slice(0, 3)).toEqual([2002, 2002, 2002])
    expect(new Set(answers.slice(3))).toEqual(new Set([1429]))
    // ...while the owner, at home, logs in at once.
    expect((await login(t, email, pwd, {}, '198.51.100.20')).body.status).toBe(200)
    expect((await login(t, email, pwd)).body.status).toBe(200)
  })

  it('a per-account ceiling of at least 100 failures an hour stops a distributed attack', async () => {
    expect(loadConfig({}).rateLimits.loginFailPerAccount).toEqual({ count: 100, windowMs: 3_600_000 })
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '99/1h' })).toThrow(/at least 100/)
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '10/15m' })).toThrow(/at least 100/)
    expect(loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '300/2h' }).rateLimits.loginFailPerAccount.count).toBe(300)
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_IP: '100/1h' })).toThrow(/RATE_LIMIT_LOGIN_IP/)

    const { email, pwd } = await registerUser(t)
    const bot = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`
    for (let i = 0; i < 99; i++) expect((await login(t, email, 'errada123', {}, bot(i))).body.status).toBe(2002)
    // 99 failures spread over 99 addresses: the owner still gets in (and that does not wipe the count).
    expect((await login(t, email, pwd, {}, '198.51.100.21')).body.status).toBe(200)
    expect((await login(t, email, 'errada123', {}, bot(99))).body.status).toBe(2002)
    const ceiling = await login(t, email, pwd, {}, '198.51.100.21')
    expect(ceiling.http).toBe(429)
    expect(ceiling.body.status).toBe(1429)
    t.advance(60 * 60_000 + 1000)
    expect((await login(t, email, pwd, {}, '198.51.100.21')).body.status).toBe(200)
  })

  it('ends a session after its idle time and after its absolute lifetime', async () => {
    const { token } = await registerUser(t)
    t.advance(59 * 60_000)
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(200)
    t.advance(59 * 60_000)
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(200)
    t.advance(61 * 60_000)
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(40101)

    const fresh = await registerUser(t)
    for (let i = 0; i < 25; i++) {
      t.advance(59 * 60_000)
      await call(t, calls.getBalance, { token: fresh.token })
    }
    expect((await call(t, calls.userInfo, { token: fresh.token })).body.status).toBe(40101)
  })

  it('answers in the language of the lang header', async () => {
    const res = await call(t, calls.userInfo, { token: 'nope', headers: { lang: 'en_US' } })
    expect(res.body.status).toBe(40101)
    expect(res.body.msg).toMatch(/log in again/i)
    const es = await call(t, calls.restLogin, { body: { username: 'x' }, headers: { lang: 'es-ES' } })
    expect(es.http).toBe(400)
    expect(es.body.msg).not.toBe((await call(t, calls.restLogin, { body: { username: 'x' } })).body.msg)
  })
})

describe('TRUST_PROXY', () => {
  /** A register attempt (its captcha never fetched: the per-address count comes first) as the limiter sees it. */
  const attempt = (app: TestApp, xff: string, remoteAddress?: string) =>
    call(app, calls.restRegister, {
      body: { username: newEmail(), pwd: 'segredo123', codeId: newCodeId(), captCode: 'zzzz' },
      headers: { 'x-forwarded-for': xff },
      remoteAddress,
    }).then((r) => r.body.status)

  async function withApp(trustProxy: string, run: (app: TestApp) => Promise<void>) {
    const app = await startTestApp({ rateLimits: { ...loadConfig({}).rateLimits, registerPerIp: parseRateRule('3/1h') } }, { TRUST_PROXY: trustProxy })
    try {
      await run(app)
    } finally {
      await app.close()
    }
  }

  it('parses a hop count or a list of proxy addresses, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.3,fd00::/8' }).trustProxy).toEqual(['10.0.0.2', '10.0.0.3', 'fd00::/8'])
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/)
  })

  it('with 1 hop, the client is the right-most X-Forwarded-For entry: a forged left-most one changes nothing', async () => {
    await withApp('1', async (app) => {
      const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4']
      const answers = []
      for (const f of forged) answers.push(await attempt(app, `${f}, 198.51.100.7`))
      expect(answers).toEqual([2001, 2001, 2001, 1429])
      // Another client behind the same proxy has its own count.
      expect(await attempt(app, '198.51.100.8')).toBe(2001)
    })
  })

  it('with a list, only those proxies are believed', async () => {
    await withApp('10.0.0.2', async (app) => {
      // Through the listed proxy, each client counts for itself, whatever it forged on the left.
      for (let i = 0; i < 3; i++) expect(await attempt(app, `9.9.9.${i}, 198.51.100.7`, '10.0.0.2')).toBe(2001)
      expect(await attempt(app, '9.9.9.9, 198.51.100.7', '10.0.0.2')).toBe(1429)
      expect(await attempt(app, '198.51.100.8', '10.0.0.2')).toBe(2001)
      // A client reaching the server directly is its own address, whatever it puts in the header.
      const direct = []
      for (let i = 0; i < 4; i++) direct.push(await attempt(app, `198.51.100.${50 + i}`, '192.0.2.44'))
      expect(direct).toEqual([2001, 2001, 2001, 1429])
    })
  })
})
