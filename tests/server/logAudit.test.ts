import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, CAPTCHA, logCapture, startTestApp, type TestApp } from './testApp'
import { captchaId } from './flows'
import { bank, callKeyed, freshCpf, listen, pkg100, prePay, sendWebhook, waitFor } from './walletHelpers'

/**
 * The log of a player's whole journey (issue 34): register, login, KYC with a CPF, a deposit paid
 * through the PSP, a withdrawal to a PIX key that is the CPF, and calls that fail. Every request's
 * lines carry its reqId, and no line carries a token, a password, the CPF (bare or formatted) or
 * the PIX keys, the operator's own included.
 */

const captured = logCapture()
const lines = () =>
  captured
    .text()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown> & { msg?: string; reqId?: string })
/** The operator's own PIX key, here a CPF (an individual's): never in a log line either. */
const OPERATOR_KEY = freshCpf()
const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`

/** A CPF a failing statement carries as its parameter (a bug's query): its error line has neither it nor the SQL. */
const QUERIED_CPF = freshCpf()

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { LOG: '1', PIX_KEY_CHAVE: OPERATOR_KEY }, { logStream: captured.stream, listen: false })
  t.app.get('/api/test/failing-cpf-query', async () => {
    await t.db.query('SELECT $1::bigint / 0 AS x', [QUERIED_CPF])
  })
  await listen(t)
})
afterAll(() => t.close())

describe('the log of a whole journey', () => {
  it('carries a reqId on every request line and no secret at all', async () => {
    const email = `audit.${process.pid}.${Date.now()}@example.com`
    const pwd = 'Senha-Secreta-Audit-77'
    const wrongPwd = 'Senha-Errada-Audit-88'
    const cpf = freshCpf()
    const reg = await call<{ access_token: string }>(t, calls.restRegister, {
      body: { username: email, pwd, pwd1: pwd, country: '+55', phone: '11987654321', codeId: await captchaId(t), captCode: CAPTCHA, isapp: 0 },
    })
    expect(reg.body.status).toBe(200)
    const refused = await call(t, calls.restLogin, { body: { username: email, pwd: wrongPwd, codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(refused.body.status).not.toBe(200)
    const logged = await call<{ access_token: string }>(t, calls.restLogin, { body: { username: email, pwd, codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(logged.body.status).toBe(200)
    const token = logged.body.data.access_token
    // KYC with the CPF formatted as a person types it.
    expect((await call(t, calls.updateKyc, { token, body: { name: 'Ana Souza', cardNo: formatted(cpf) } })).body.status).toBe(200)
    // A deposit paid by the player's bank (the PSP emulator calls our webhook, and is asked back).
    const order = await prePay(t, token, await pkg100(t), 0)
    expect(order.body.status).toBe(200)
    expect((await bank(t).pay(order.body.data.payNo, { payer: { cpf, nome: 'Ana Souza' } })).outcome).toBe('paid')
    // A withdrawal to the PIX key that is the CPF: sent to the PSP (the emulator, on this server) at once.
    const w = await callKeyed(t, calls.withdraw, { token, body: { payCardBank: 'CPF', payCardNo: cpf, ifsc: '', name: 'Ana Souza', amount: '40', whatsapp: '11999990000' } })
    expect(w.body.status, w.raw).toBe(200)
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_sends')).rows.length > 0)
    // Calls that fail: a bad token in the URL and the header, a refused withdrawal naming the CPF, an unknown route.
    await t.app.inject({ method: 'GET', url: `/api/app/user/userInfo?token=${token}&cpf=${cpf}`, headers: { authorization: `Bearer ${token}x` } })
    const bad = await callKeyed(t, calls.withdraw, { token, body: { payCardBank: 'CPF', payCardNo: formatted(cpf), ifsc: '', name: 'Ana Souza', amount: '999999', whatsapp: '11999990000' } })
    expect(bad.body.status).not.toBe(200)
    await t.app.inject({ method: 'GET', url: `/api/no/such/${cpf}` })
    // A webhook naming a payment the PSP does not know (a line its handler logs) and a statement that fails.
    await sendWebhook(t, { pix: [{ endToEndId: 'E99999999202611251200AUDITAUDIT1', txid: order.body.data.payNo, valor: '100.00', horario: new Date().toISOString() }] })
    expect((await t.app.inject({ method: 'GET', url: '/api/test/failing-cpf-query' })).statusCode).toBe(500)
    await waitFor(() => lines().some((l) => typeof l.req === 'object' && String((l.req as { url: string }).url).startsWith('/api/no/such/')) && lines().filter((l) => l.msg === 'request completed').length > 10)

    const text = captured.text()
    for (const secret of [token, reg.body.data.access_token, pwd, wrongPwd, cpf, formatted(cpf), OPERATOR_KEY, formatted(OPERATOR_KEY), QUERIED_CPF]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret)
    }
    // Every line of a request carries its id: fastify's own, and what a handler or hook logged on the way.
    const all = lines()
    const ofRequests = all.filter((l) => 'req' in l || 'res' in l || 'reqId' in l)
    expect(ofRequests.length).toBeGreaterThan(20)
    for (const l of all.filter((l) => 'req' in l || 'res' in l)) expect(l.reqId, JSON.stringify(l)).toMatch(/^req-/)
    const ids = new Set(ofRequests.map((l) => l.reqId))
    expect(ids.size).toBeGreaterThan(10)
    // What a handler logs, and a failed statement's error, carry the request's id too: one request is followed by it.
    const unknown = all.find((l) => String(l.msg).startsWith('PIX webhook named a payment the PSP does not know'))
    expect(unknown?.reqId).toMatch(/^req-/)
    const failed = all.find((l) => l.msg === 'unhandled error' && (l.err as { code?: string } | undefined)?.code === '22012')
    expect(failed?.reqId, JSON.stringify(failed)).toMatch(/^req-/)
    expect(all.filter((l) => l.reqId === failed!.reqId).map((l) => l.msg)).toEqual(['incoming request', 'unhandled error', 'request completed'])
    expect(JSON.stringify(failed)).not.toMatch(/SELECT|bigint/)
  })
})
