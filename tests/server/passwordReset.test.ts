import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { calls } from '../../src/shared/contract'
import { login, registerUser } from './flows'
import { call, newEmail, readOutbox, startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

function codeFrom(mail: string | null): string {
  const match = /\b(\d{6})\b/.exec(mail ?? '')
  if (!match) throw new Error(`no code in mail: ${mail}`)
  return match[1]!
}

/** A registered user's chkId, through the mailed code. */
async function checkId(email: string): Promise<string> {
  expect((await call(t, calls.sendEmail, { body: { email } })).body.status).toBe(200)
  const checked = await call<string>(t, calls.checkEmail, { body: { email, code: codeFrom(readOutbox(t.config, email)) } })
  expect(checked.body.status).toBe(200)
  return checked.body.data
}

describe('password reset by e-mail', () => {
  it('mails a code, trades it for a chkId, sets the password, and ends old sessions', async () => {
    const { email, pwd, token } = await registerUser(t)
    const sent = await call(t, calls.sendEmail, { form: true, body: { email: email.toUpperCase() } })
    expect(sent.body).toMatchObject({ status: 200, msg: 'Enviado com sucesso', data: { wait: 180 } })
    const mail = readOutbox(t.config, email)
    expect(mail).toContain(`To: ${email}`)
    expect(mail).toMatch(/Subject: .*senha/i)
    const code = codeFrom(mail)

    const checked = await call<string>(t, calls.checkEmail, { form: true, body: { email, code } })
    expect(checked.body.status).toBe(200)
    const chkId = checked.body.data
    expect(chkId.length).toBeGreaterThanOrEqual(43)
    // The code is spent once it has been traded.
    expect((await call(t, calls.checkEmail, { form: true, body: { email, code } })).body.status).toBe(2006)

    const set = await call(t, calls.setPwd, { form: true, body: { nPwd: 'novaSenha9', chkId } })
    expect(set.body).toMatchObject({ status: 200, msg: 'Senha alterada com sucesso' })
    expect((await call(t, calls.userInfo, { token })).body.status).toBe(40101)
    expect((await login(t, email, pwd)).body.status).toBe(2002)
    expect((await login(t, email, 'novaSenha9')).body.status).toBe(200)
    // The chkId is single use.
    expect((await call(t, calls.setPwd, { form: true, body: { nPwd: 'outra1234', chkId } })).body.status).toBe(2007)
  })

  it('enforces the 3-minute resend countdown on the server, in mm:ss', async () => {
    const { email } = await registerUser(t)
    expect((await call(t, calls.sendEmail, { body: { email } })).body.status).toBe(200)
    t.advance(60_000)
    const early = await call(t, calls.sendEmail, { body: { email } })
    expect(early.http).toBe(429)
    expect(early.body.status).toBe(2008)
    expect(early.body.msg).toContain('02:00')
    t.advance(120_000)
    expect((await call(t, calls.sendEmail, { body: { email } })).body.status).toBe(200)
  })

  it('kills a code after five wrong tries and after it expires', async () => {
    const { email } = await registerUser(t)
    await call(t, calls.sendEmail, { body: { email } })
    const code = codeFrom(readOutbox(t.config, email))
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await call(t, calls.checkEmail, { body: { email, code: wrong } })).body.status).toBe(2006)
    expect((await call(t, calls.checkEmail, { body: { email, code } })).body.status).toBe(2006)

    t.advance(t.config.resetResendMs)
    await call(t, calls.sendEmail, { body: { email } })
    const fresh = codeFrom(readOutbox(t.config, email))
    t.advance(t.config.resetCodeTtlMs + 1000)
    expect((await call(t, calls.checkEmail, { body: { email, code: fresh } })).body.status).toBe(2006)
  })

  it('answers an unknown e-mail as it answers a known one, and mails nothing', async () => {
    const email = newEmail('ghost')
    const res = await call(t, calls.sendEmail, { body: { email } })
    expect(res.body).toMatchObject({ status: 200, data: { wait: 180 } })
    expect(readOutbox(t.config, email)).toBeNull()
    expect((await call(t, calls.sendEmail, { body: { email } })).body.status).toBe(2008)
    expect((await call(t, calls.checkEmail, { body: { email, code: '123456' } })).body.status).toBe(2006)
  })

  it('needs the e-mail and code, and a new password', async () => {
    const noCode = await call(t, calls.checkEmail, { body: { email: newEmail() } })
    expect(noCode.http).toBe(400)
    expect(noCode.body.msg).toContain('código de verificação')
    const noPwd = await call(t, calls.setPwd, { body: { chkId: 'x' } })
    expect(noPwd.http).toBe(400)
    expect(noPwd.body.msg).toContain('nova senha')
  })

  it('checks the chkId before any hashing, and limits setPwd per address (20 an hour)', async () => {
    expect(t.config.rateLimits.setPwdPerIp).toEqual({ count: 20, windowMs: 3_600_000 })
    const { email } = await registerUser(t)
    const chkId = await checkId(email)
    const hash = vi.spyOn(t.app.deps.hasher, 'hash')
    try {
      const guesser = '192.0.2.30'
      for (let i = 0; i < 20; i++) {
        // A weak password with a bad chkId: refused for the chkId, so the password was never looked at.
        const res = await call(t, calls.setPwd, { body: { nPwd: '12345678', chkId: `guess-${i}` }, remoteAddress: guesser })
        expect(res.body.status).toBe(2007)
      }
      const limited = await call(t, calls.setPwd, { body: { nPwd: 'Jabuti-Verde-27', chkId: 'guess-21' }, remoteAddress: guesser })
      expect(limited.http).toBe(429)
      expect(limited.body).toMatchObject({ status: 1429, msg: expect.stringMatching(/Tente novamente em \d+ min/) })
      expect(hash).not.toHaveBeenCalled()

      // Another address is not held back by the guesser.
      expect((await call(t, calls.setPwd, { body: { nPwd: 'Jabuti-Verde-27', chkId }, remoteAddress: '198.51.100.31' })).body.status).toBe(200)
      expect(hash).toHaveBeenCalledTimes(1)
      t.advance(60 * 60_000 + 1000)
      expect((await call(t, calls.setPwd, { body: { nPwd: 'Jabuti-Verde-27', chkId: 'guess-22' }, remoteAddress: guesser })).body.status).toBe(2007)
    } finally {
      hash.mockRestore()
    }
  })

  it('refuses a short or common new password in the user language, and the chkId stays usable', async () => {
    const { email, pwd } = await registerUser(t)
    const chkId = await checkId(email)
    for (const weak of ['12345678', 'password', 'senha123']) {
      const res = await call(t, calls.setPwd, { form: true, body: { nPwd: weak, chkId } })
      expect(res.http, weak).toBe(400)
      expect(res.body, weak).toMatchObject({ status: 2011, msg: expect.stringContaining('muito comum ou fácil de adivinhar') })
    }
    const short = await call(t, calls.setPwd, { form: true, body: { nPwd: 'Ab3$xY7', chkId }, headers: { lang: 'en_US' } })
    expect(short.body).toMatchObject({ status: 400, msg: 'The password needs at least 8 characters' })
    expect((await login(t, email, pwd)).body.status).toBe(200)
    expect((await call(t, calls.setPwd, { form: true, body: { nPwd: 'Tr3s-Pratos!', chkId } })).body.status).toBe(200)
    expect((await login(t, email, 'Tr3s-Pratos!')).body.status).toBe(200)
  })
})
