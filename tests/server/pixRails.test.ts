import { createPublicKey, randomUUID, verify } from 'node:crypto'
import { hasError, parsePix } from 'pix-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { PixJobs } from '../../src/server/payments/PixJobs'
import type { PayoutProcessor } from '../../src/server/withdrawals/PayoutProcessor'
import { EMULATOR_PREFIX } from '../../src/server/payments/emulator/PspEmulator'
import { WEBHOOK_PREFIX } from '../../src/server/payments/buildProviders'
import { startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, depositState, fundCash, pkg100, prePay, verifiedPlayer, waitFor } from './walletHelpers'

/**
 * The API Pix adapter (deposits) and Efí's send API (payouts) against the PSP emulator, through
 * the faults PSPs have: webhooks lost, repeated or late, tokens that expire, 5xx answers.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterEach(() => bank(t).resetFaults())
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const jobs = () => t.app.deps.pixJobs as PixJobs
const payouts = () => t.app.deps.payouts as unknown as PayoutProcessor
const cob = async (txid: string) => {
  const r = await t.db.query<{ status: string; valor: bigint; expiracao: number; solicitacao: string; chave: string }>('SELECT status, valor, expiracao, solicitacao, chave FROM psp_sandbox_cobs WHERE txid = $1', [txid])
  return r.rows[0]
}

/** The emulator's client credentials, as a Basic header's value. */
const basicAuth = () => Buffer.from(`${t.config.wallet.pix.clientId}:${t.config.wallet.pix.clientSecret}`).toString('base64')
/** A bearer token from the emulator (asked with the standard's form). */
async function emulatorBearer(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${basicAuth()}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' })
  return `Bearer ${(JSON.parse(res.body) as { access_token: string }).access_token}`
}
/** A call to the emulator's API with its token: the status and the JSON answered. */
async function atBank(method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = { authorization: await emulatorBearer(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  const res = await t.app.inject({ method, url: `${EMULATOR_PREFIX}${path}`, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) })
  return { status: res.statusCode, body: JSON.parse(res.body || '{}') as Record<string, unknown> }
}
/** The standard's error type for a problem of this kind. */
const errorType = (kind: string) => `https://pix.bcb.gov.br/api/v2/error/${kind}`
/** A txid of the receiver's making for a charge opened at the emulator directly (33 letters and digits). */
const freshTxid = () => `T${randomUUID().replace(/-/g, '')}`

/** A deposit paid, then paid again at the bank (`before` sets the bank's faults for the second payment): the second Pix is ours to refund. */
async function paidTwice(before: () => void = () => undefined) {
  const p = await verifiedPlayer(t)
  const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
  await bank(t).pay(order.payNo)
  before()
  const again = await bank(t).pay(order.payNo, { again: true })
  return { p, again }
}

describe('deposits through the API Pix adapter', () => {
  it('opens an immediate charge as the standard asks: txid, expiry in seconds, the exact amount, our key, the order named to the payer', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    expect(order.payNo).toMatch(/^[a-zA-Z0-9]{26,35}$/)
    expect(await cob(order.payNo)).toEqual({ status: 'ATIVA', valor: 10_000n, expiracao: 30 * 60, solicitacao: `Pedido ${order.orderId}`, chave: t.config.wallet.pix.chave })
    const row = await t.db.query<{ pay_code: string }>('SELECT pay_code FROM orders WHERE pay_no = $1', [order.payNo])
    const code = parsePix(row.rows[0]!.pay_code)
    expect(hasError(code)).toBe(false)
    expect(code).toMatchObject({ type: 'DYNAMIC' })
    // The payer's bank fetches the code's location: the charge as a JWS, signed with the published key.
    const location = (code as { url: string }).url
    const jws = await t.app.inject({ method: 'GET', url: location.slice(location.indexOf('/psp-sandbox')) })
    expect(jws.headers['content-type']).toMatch(/^application\/jose/)
    const [header, payload, signature] = jws.body.split('.') as [string, string, string]
    const jwks = JSON.parse((await t.app.inject({ method: 'GET', url: '/psp-sandbox/jwks' })).body) as { keys: (import('node:crypto').JsonWebKey & { kid: string })[] }
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string }
    expect(head.alg).toBe('ES256')
    const jwk = jwks.keys.find((k) => k.kid === head.kid)!
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true)
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ txid: order.payNo, status: 'ATIVA', valor: { original: '100.00' }, calendario: { expiracao: 1800 } })
    // Tampered: the signature no longer holds.
    const forged = Buffer.from(JSON.stringify({ txid: order.payNo, valor: { original: '1.00' } })).toString('base64url')
    expect(verify('sha256', Buffer.from(`${header}.${forged}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(false)
  })

  it('a webhook that never comes: reconciliation (GET /v2/pix) finds the payment and credits it exactly once, also when the webhook comes after all', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    bank(t).faults.dropWebhooks = true
    const paid = await bank(t).pay(order.payNo)
    expect(paid.outcome).toBe('paid')
    expect(await depositState(t, order.payNo)).toBe('00')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n })
    const first = await jobs().runOnce()
    expect(first.credited).toBe(1)
    expect(first.found).toBeGreaterThanOrEqual(1)
    expect(await depositState(t, order.payNo)).toBe('10')
    // Seen once, a payment is not applied again by later runs (one query for the list, not a transaction each).
    const second = await jobs().runOnce()
    expect(second).toMatchObject({ credited: 0, applied: 0 })
    expect(second.found).toBe(first.found)
    // The lost webhook, delivered late (the PSP's retry): a duplicate.
    bank(t).faults.dropWebhooks = false
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/pay/webhook/apipix/${t.config.wallet.paymentWebhookSecret}/pix`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pix: [{ endToEndId: paid.e2eId, txid: order.payNo, valor: '100.00', horario: new Date().toISOString() }] }),
    })
    expect(JSON.parse(late.body).data.outcomes).toEqual(['duplicate'])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n })
  })

  it('the webhook and reconciliation racing for one payment credit it once', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    bank(t).faults.dropWebhooks = true
    const paid = await bank(t).pay(order.payNo)
    const webhook = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/pay/webhook/apipix/${t.config.wallet.paymentWebhookSecret}/pix`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pix: [{ endToEndId: paid.e2eId, txid: order.payNo, valor: '100.00', horario: new Date().toISOString() }] }),
      })
    const [a, b, c] = await Promise.all([webhook(), jobs().runOnce(), webhook()])
    const outcomes = [...(JSON.parse(a.body) as { data: { outcomes: string[] } }).data.outcomes, ...(JSON.parse(c.body) as { data: { outcomes: string[] } }).data.outcomes]
    expect(outcomes.filter((o) => o === 'credited').length + b.credited).toBe(1)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n })
  })

  it('a webhook that comes before its payment could be read back is never trusted: a delayed one still credits once', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    bank(t).faults.webhookDelayMs = 50
    bank(t).faults.duplicateWebhooks = true
    await bank(t).pay(order.payNo)
    await bank(t).idle()
    expect(await depositState(t, order.payNo)).toBe('10')
    const events = await t.db.query('SELECT outcome FROM payment_events WHERE pay_no = $1', [order.payNo])
    expect(events.rows).toEqual([{ outcome: 'credited' }])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n })
  })

  it('an OAuth token that expires mid-run is renewed once and the call goes through', async () => {
    const p = await verifiedPlayer(t)
    bank(t).expireTokens()
    const a = await prePay(t, p.token, await pkg100(t), 0)
    expect(a.body.status, a.raw).toBe(200)
    // Short-lived tokens: the adapter renews them before they lapse, by the PSP's expires_in.
    bank(t).faults.tokenTtlSeconds = 40
    bank(t).expireTokens()
    await callKeyed(t, calls.cancelPay, { token: p.token, params: { orderId: a.body.data.orderId } })
    t.advance(60_000)
    const b = await prePay(t, p.token, await pkg100(t), 0)
    expect(b.body.status, b.raw).toBe(200)
    expect((await cob(b.body.data.payNo))?.status).toBe('ATIVA')
  })

  it('a PSP answering 5xx: retried until it recovers; when it stays down prePay answers 503 and writes nothing, and the same key works later', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    bank(t).faults.unavailable = 2
    const ok = await prePay(t, p.token, pkgId, 0)
    expect(ok.body.status, ok.raw).toBe(200)
    await callKeyed(t, calls.cancelPay, { token: p.token, params: { orderId: ok.body.data.orderId } })
    const before = await t.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [p.userId])
    bank(t).faults.unavailable = 100
    const key = 'k-psp-down'
    const down = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: 0, pkgId, isapp: 0 }, key })
    expect([down.http, down.body.status]).toEqual([503, 5003])
    expect((await t.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [p.userId])).rows).toEqual(before.rows)
    bank(t).resetFaults()
    const again = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: 0, pkgId, isapp: 0 }, key })
    expect(again.body.status, again.raw).toBe(200)
  }, 30_000)

  it('a refund the payer\'s bank refuses stays on record as failed (the money is still ours to return by hand)', async () => {
    const { p, again } = await paidTwice(() => (bank(t).faults.refuseRefunds = true))
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM pix_refunds WHERE e2e_id = $1 AND state = 'failed'`, [again.e2eId])).rows.length === 1)
    const r = await t.db.query<{ failure: string }>('SELECT failure FROM pix_refunds WHERE e2e_id = $1', [again.e2eId])
    expect(r.rows[0]!.failure).toBe('Negado pelo PSP do pagador')
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
  })

  it('a refund says why in words the payer reads (its descricao), never our code for it', async () => {
    const { again } = await paidTwice()
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_refunds WHERE e2e_id = $1', [again.e2eId])).rows.length === 1)
    const sent = await t.db.query<{ descricao: string }>('SELECT descricao FROM psp_sandbox_refunds WHERE e2e_id = $1', [again.e2eId])
    expect(sent.rows[0]!.descricao).toBe('Devolução: este pedido já tinha sido pago')
  })

  it('a refund the PSP refuses when asked (400: past its deadline) fails once with its words, for a person to return, and is not asked again', async () => {
    const { p, again } = await paidTwice(() => (bank(t).faults.invalidRefunds = true))
    // Not read as "this id was used before" (its GET answers 404): the refund fails at once.
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM pix_refunds WHERE e2e_id = $1 AND state = 'failed'`, [again.e2eId])).rows.length === 1)
    const r = await t.db.query<{ failure: string; updated_at: Date }>('SELECT failure, updated_at FROM pix_refunds WHERE e2e_id = $1', [again.e2eId])
    expect(r.rows[0]!.failure).toBe('O prazo para a devolução do pix originário expirou.')
    await jobs().runOnce()
    await jobs().runOnce()
    const after = await t.db.query<{ state: string; updated_at: Date }>('SELECT state, updated_at FROM pix_refunds WHERE e2e_id = $1', [again.e2eId])
    expect(after.rows[0]).toEqual({ state: 'failed', updated_at: r.rows[0]!.updated_at })
    expect((await t.db.query('SELECT 1 FROM psp_sandbox_refunds WHERE e2e_id = $1', [again.e2eId])).rows).toHaveLength(0)
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
  })

  it('a charge answered without pixCopiaECola (optional in the standard) is paid with a code built from its location', async () => {
    bank(t).faults.omitCopiaECola = true
    const p = await verifiedPlayer(t)
    const res = await prePay(t, p.token, await pkg100(t), 0)
    expect(res.body.status, res.raw).toBe(200)
    const order = res.body.data
    const row = await t.db.query<{ pay_code: string }>('SELECT pay_code FROM orders WHERE pay_no = $1', [order.payNo])
    const code = parsePix(row.rows[0]!.pay_code)
    expect(hasError(code)).toBe(false)
    const loc = await t.db.query<{ location: string }>('SELECT location FROM psp_sandbox_cobs WHERE txid = $1', [order.payNo])
    expect(code).toMatchObject({ type: 'DYNAMIC', url: loc.rows[0]!.location, merchantName: t.config.wallet.pix.merchant.name, merchantCity: t.config.wallet.pix.merchant.city })
  })

  it("Efí's test call on webhook registration ({\"evento\":\"teste_webhook\"}) is answered 200, with or without /pix, and moves nothing; without the secret it is refused", async () => {
    const secret = encodeURIComponent(t.config.wallet.paymentWebhookSecret)
    for (const suffix of ['', '/pix']) {
      const res = await t.app.inject({ method: 'POST', url: `${WEBHOOK_PREFIX}/${secret}${suffix}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ evento: 'teste_webhook' }) })
      expect(res.statusCode, suffix).toBe(200)
      expect(JSON.parse(res.body)).toMatchObject({ status: 200, data: { outcomes: [] } })
    }
    const wrong = await t.app.inject({ method: 'POST', url: `${WEBHOOK_PREFIX}/not-the-secret`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ evento: 'teste_webhook' }) })
    expect(wrong.statusCode).not.toBe(200)
    // Anything else that is not the standard's notice is still refused.
    const other = await t.app.inject({ method: 'POST', url: `${WEBHOOK_PREFIX}/${secret}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ evento: 'outro' }) })
    expect(other.statusCode).toBe(422)
  })
})

describe('the PSP emulator', () => {
  it('an id in the path holding a NUL or another invisible character is a 400 problem, never a 500 (found by the fuzzer)', async () => {
    const basic = Buffer.from(`${t.config.wallet.pix.clientId}:${t.config.wallet.pix.clientSecret}`).toString('base64')
    const tokenRes = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' }, payload: '{"grant_type":"client_credentials"}' })
    const authorization = `Bearer ${(JSON.parse(tokenRes.body) as { access_token: string }).access_token}`
    for (const [method, url] of [['GET', '/v2/webhook/a%00b'], ['DELETE', '/v2/webhook/a%0Ab'], ['GET', '/v2/pix/E%00x'], ['GET', '/v2/gn/pix/enviados/id-envio/a%20b']] as const) {
      const res = await t.app.inject({ method, url: `${EMULATOR_PREFIX}${url}`, headers: { authorization } })
      expect([res.statusCode, res.headers['content-type']], `${method} ${url} ${res.body}`).toEqual([400, 'application/problem+json; charset=utf-8'])
    }
    const fine = await t.app.inject({ method: 'GET', url: `${EMULATOR_PREFIX}/v2/webhook/nobody`, headers: { authorization } })
    expect(fine.statusCode).toBe(404)
  })

  it('its OAuth endpoint as RFC 6749 and 6750 have it: a form, the scopes granted, no-store, and challenges on a 401', async () => {
    const basic = basicAuth()
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const ok = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${basic}`, ...form }, payload: 'grant_type=client_credentials&scope=cob.write+pix.read' })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(ok.body)).toMatchObject({ token_type: 'Bearer', scope: 'cob.write pix.read' })
    const unknownScope = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${basic}`, ...form }, payload: 'grant_type=client_credentials&scope=cob.write+admin' })
    expect([unknownScope.statusCode, JSON.parse(unknownScope.body)]).toEqual([400, { error: 'invalid_scope' }])
    const badClient = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}`, ...form }, payload: 'grant_type=client_credentials' })
    expect(badClient.statusCode).toBe(401)
    expect(badClient.headers['www-authenticate']).toMatch(/^Basic /)
    const noToken = await t.app.inject({ method: 'GET', url: `${EMULATOR_PREFIX}/v2/webhook/nobody` })
    expect([noToken.statusCode, noToken.headers['www-authenticate']]).toEqual([401, 'Bearer realm="pix"'])
    const staleToken = await t.app.inject({ method: 'GET', url: `${EMULATOR_PREFIX}/v2/webhook/nobody`, headers: { authorization: 'Bearer not-a-token' } })
    expect(staleToken.headers['www-authenticate']).toMatch(/error="invalid_token"/)
    // An address the standard does not have: its problem format, not the app's envelope.
    const unknown = await t.app.inject({ method: 'GET', url: `${EMULATOR_PREFIX}/v2/nothing/here` })
    expect([unknown.statusCode, unknown.headers['content-type']]).toEqual([404, 'application/problem+json; charset=utf-8'])
    expect(JSON.parse(unknown.body)).toMatchObject({ status: 404, title: 'Não Encontrado' })
  })

  it('lists received Pix by the payer\'s document (cpf or cnpj, not both), as GET /v2/pix filters them', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    const paid = await bank(t).pay(order.payNo, { payer: { cpf: '52998224725', nome: 'Rita' } })
    const authorization = await emulatorBearer()
    const span = `inicio=${new Date(0).toISOString()}&fim=${new Date(t.app.deps.now() + 60_000).toISOString()}`
    const list = async (filter: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${EMULATOR_PREFIX}/v2/pix?${span}${filter}`, headers: { authorization } })
      return { status: res.statusCode, ids: res.statusCode === 200 ? (JSON.parse(res.body) as { pix: { endToEndId: string }[] }).pix.map((x) => x.endToEndId) : [] }
    }
    expect((await list('&cpf=52998224725')).ids).toEqual([paid.e2eId])
    expect((await list('&cpf=11144477735')).ids).not.toContain(paid.e2eId)
    expect((await list('&cnpj=11222333000181')).ids).toEqual([])
    expect((await list('&cpf=52998224725&cnpj=11222333000181')).status).toBe(400)
    expect((await list('&cpf=123')).status).toBe(400)
  })

  it('refuses a RETIRADA return of a plain Pix, and answers 201 to a repeated PUT of an open charge', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    const authorization = await emulatorBearer()
    const json = { authorization, 'content-type': 'application/json' }
    const again = await t.app.inject({ method: 'PUT', url: `${EMULATOR_PREFIX}/v2/cob/${order.payNo}`, headers: json, payload: JSON.stringify({ calendario: { expiracao: 600 }, valor: { original: '100.00' }, chave: t.config.wallet.pix.chave }) })
    expect(again.statusCode).toBe(201)
    expect(JSON.parse(again.body)).toMatchObject({ txid: order.payNo, revisao: 1 })
    const paid = await bank(t).pay(order.payNo)
    const retirada = await t.app.inject({ method: 'PUT', url: `${EMULATOR_PREFIX}/v2/pix/${paid.e2eId}/devolucao/R1`, headers: json, payload: JSON.stringify({ valor: '1.00', natureza: 'RETIRADA' }) })
    expect(retirada.statusCode).toBe(400)
    expect(JSON.parse(retirada.body)).toMatchObject({ title: 'Devolução inválida.' })
  })

  it("keeps a charge's devedor and infoAdicionais as the standard has them (cpf or cnpj, and nome; at most 50 pairs) and answers them back", async () => {
    const txid = freshTxid()
    const at = `/v2/cob/${txid}`
    const base = { calendario: { expiracao: 600 }, valor: { original: '10.00' }, chave: t.config.wallet.pix.chave }
    // At the standard's limits: nome 200 characters, 50 pairs of nome (50) and valor (200).
    const person = { cpf: '52998224725', nome: 'N'.repeat(200) }
    const info = Array.from({ length: 50 }, (_, i) => ({ nome: `Campo ${i}`.padEnd(50, '.'), valor: 'v'.repeat(200) }))
    const made = await atBank('PUT', at, { ...base, devedor: person, infoAdicionais: info })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ txid, revisao: 0, devedor: person, infoAdicionais: info })
    expect((await atBank('GET', at)).body).toMatchObject({ devedor: person, infoAdicionais: info })
    const company = { cnpj: '11222333000181', nome: 'Empresa de Serviços SA' }
    const revised = await atBank('PUT', at, { ...base, devedor: company, infoAdicionais: [{ nome: 'Campo 1', valor: 'Informação Adicional1 do PSP-Recebedor' }] })
    expect(revised.body).toMatchObject({ revisao: 1, devedor: company, infoAdicionais: [{ nome: 'Campo 1', valor: 'Informação Adicional1 do PSP-Recebedor' }] })
    // The payer's bank reads them too, from the location's payload.
    const location = revised.body.location as string
    const jws = await t.app.inject({ method: 'GET', url: location.slice(location.indexOf(EMULATOR_PREFIX)) })
    expect(JSON.parse(Buffer.from(jws.body.split('.')[1]!, 'base64url').toString())).toMatchObject({ revisao: 1, devedor: company, infoAdicionais: [{ nome: 'Campo 1' }] })
    // Out of the schema, in a PUT or a PATCH: the standard's CobOperacaoInvalida, and the charge unchanged.
    const refused: [string, object][] = [
      ['both cpf and cnpj', { devedor: { cpf: '52998224725', cnpj: '11222333000181', nome: 'X' } }],
      ['a cpf of 10 digits', { devedor: { cpf: '5299822472', nome: 'X' } }],
      ['a cnpj of 13 digits', { devedor: { cnpj: '1122233300018', nome: 'X' } }],
      ['no nome', { devedor: { cpf: '52998224725' } }],
      ['a nome but no document', { devedor: { nome: 'X' } }],
      ['a nome of 201', { devedor: { cpf: '52998224725', nome: 'N'.repeat(201) } }],
      ['51 pairs', { infoAdicionais: [...info, { nome: 'a', valor: 'b' }] }],
      ['a pair nome of 51', { infoAdicionais: [{ nome: 'n'.repeat(51), valor: 'b' }] }],
      ['a pair valor of 201', { infoAdicionais: [{ nome: 'n', valor: 'v'.repeat(201) }] }],
      ['a pair without valor', { infoAdicionais: [{ nome: 'n' }] }],
    ]
    for (const [what, body] of refused) {
      const put = await atBank('PUT', at, { ...base, ...body })
      const patch = await atBank('PATCH', at, body)
      expect([put.status, put.body.type, patch.status, patch.body.type], what).toEqual([400, errorType('CobOperacaoInvalida'), 400, errorType('CobOperacaoInvalida')])
    }
    expect((await atBank('GET', at)).body).toMatchObject({ revisao: 1, devedor: company })
    // A PUT gives the whole charge: one without them leaves none.
    const plain = await atBank('PUT', at, base)
    expect(plain.body).toMatchObject({ revisao: 2 })
    expect(plain.body).not.toHaveProperty('devedor')
    expect(plain.body).not.toHaveProperty('infoAdicionais')
  })

  it('PATCH revises an open charge, each change a new revisao: paid then, it is paid at the revised amount; ?revisao=N answers it as it was', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    const at = `/v2/cob/${order.payNo}`
    const loc = (await atBank('GET', at)).body.loc as { id: number }
    // The same loc and the same amount change nothing: no new revision.
    expect((await atBank('PATCH', at, { loc: { id: loc.id }, valor: { original: '100.00' } })).body).toMatchObject({ revisao: 0 })
    const changes = { valor: { original: '90.00' }, devedor: { cpf: p.cpf, nome: p.name }, solicitacaoPagador: 'Valor revisto', calendario: { expiracao: 3600 }, infoAdicionais: [{ nome: 'Pedido', valor: order.orderId }] }
    const revised = await atBank('PATCH', at, changes)
    expect(revised.status).toBe(200)
    expect(revised.body).toMatchObject({ ...changes, revisao: 1, status: 'ATIVA' })
    // Refused as the standard lists them: a zero amount, a removal with other changes, a location it does not have, another's key.
    for (const [what, body] of [
      ['zero', { valor: { original: '0.00' } }],
      ['removed and changed', { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '1.00' } }],
      ['another loc', { loc: { id: loc.id + 1_000_000 } }],
      ['another key', { chave: 'outra-chave@example.com' }],
      ['a status of its own', { status: 'CONCLUIDA' }],
    ] as const) {
      const res = await atBank('PATCH', at, body)
      expect([res.status, res.body.type], what).toEqual([400, errorType('CobOperacaoInvalida')])
    }
    // The payer's bank charges what the charge now says; the app credits what arrived, flagged against the order's 100.00.
    const paid = await bank(t).pay(order.payNo)
    expect((await atBank('GET', `/v2/pix/${paid.e2eId}`)).body).toMatchObject({ txid: order.payNo, valor: '90.00' })
    const row = await t.db.query('SELECT status, close_reason, paid_amount FROM orders WHERE pay_no = $1', [order.payNo])
    expect(row.rows[0]).toEqual({ status: '10', close_reason: 'amount_mismatch', paid_amount: 9_000n })
    // Paid, it is no longer revised.
    const late = await atBank('PATCH', at, { valor: { original: '80.00' } })
    expect([late.status, late.body.type]).toEqual([400, errorType('CobOperacaoInvalida')])
    const current = await atBank('GET', at)
    expect(current.body).toMatchObject({ revisao: 2, status: 'CONCLUIDA', valor: { original: '90.00' }, pix: [{ endToEndId: paid.e2eId }] })
    // Each revision as it stood.
    const first = await atBank('GET', `${at}?revisao=0`)
    expect(first.body).toMatchObject({ txid: order.payNo, revisao: 0, status: 'ATIVA', valor: { original: '100.00' }, calendario: { expiracao: 1800 }, solicitacaoPagador: `Pedido ${order.orderId}` })
    expect(first.body).not.toHaveProperty('devedor')
    expect(first.body).not.toHaveProperty('pix')
    const second = await atBank('GET', `${at}?revisao=1`)
    expect(second.body).toMatchObject({ ...changes, revisao: 1, status: 'ATIVA' })
    expect(second.body).not.toHaveProperty('pix')
    expect((await atBank('GET', `${at}?revisao=2`)).body).toEqual(current.body)
    // A revision it never had: the standard's CobConsultaInvalida (400), as is a revisao out of its schema.
    for (const n of ['3', '-1', 'x', '1&revisao=2']) {
      const res = await atBank('GET', `${at}?revisao=${n}`)
      expect([res.status, res.body.type], n).toEqual([400, errorType('CobConsultaInvalida')])
    }
  })

  it('GET /v2/pix filters by whether a Pix has a devolução (devolucaoPresente)', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    const first = await bank(t).pay(order.payNo)
    // Paid twice: the second Pix is returned (a devolução at the bank).
    const again = await bank(t).pay(order.payNo, { again: true })
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_refunds WHERE e2e_id = $1', [again.e2eId])).rows.length === 1)
    const span = `inicio=${new Date(0).toISOString()}&fim=${new Date(t.app.deps.now() + 60_000).toISOString()}&txid=${order.payNo}`
    const ids = async (filter: string) => ((await atBank('GET', `/v2/pix?${span}${filter}`)).body.pix as { endToEndId: string }[]).map((x) => x.endToEndId).sort()
    expect(await ids('')).toEqual([first.e2eId, again.e2eId].sort())
    expect(await ids('&devolucaoPresente=true')).toEqual([again.e2eId])
    expect(await ids('&devolucaoPresente=false')).toEqual([first.e2eId])
    // Each listed Pix is the Pix its own GET answers, devoluções and all (a page is read in two queries).
    const listed = (await atBank('GET', `/v2/pix?${span}`)).body.pix as { endToEndId: string; devolucoes?: unknown[] }[]
    for (const x of listed) expect(x, x.endToEndId).toEqual((await atBank('GET', `/v2/pix/${x.endToEndId}`)).body)
    expect(listed.find((x) => x.endToEndId === again.e2eId)?.devolucoes).toHaveLength(1)
    expect(listed.find((x) => x.endToEndId === first.e2eId)?.devolucoes).toBeUndefined()
  })

  it("answers a webhook with the account holder's cnpj, as WebhookCompleto requires: by its key, and in the list (GET /v2/webhook)", async () => {
    const p = await verifiedPlayer(t)
    await prePay(t, p.token, await pkg100(t), 0)
    const chave = t.config.wallet.pix.chave
    const one = await atBank('GET', `/v2/webhook/${encodeURIComponent(chave)}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual({ webhookUrl: expect.stringMatching(/^http/), chave, cnpj: expect.stringMatching(/^\d{14}$/), criacao: expect.any(String) })
    const all = await atBank('GET', '/v2/webhook')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ parametros: { paginacao: { paginaAtual: 0, quantidadeTotalDeItens: 1 } }, webhooks: [one.body] })
    const since = await atBank('GET', `/v2/webhook?inicio=${new Date(0).toISOString()}&fim=${new Date(t.app.deps.now() + 60_000).toISOString()}`)
    expect(since.body).toMatchObject({ webhooks: [one.body] })
    for (const q of [`inicio=${new Date(t.app.deps.now()).toISOString()}&fim=${new Date(0).toISOString()}`, 'inicio=x', 'paginacao.paginaAtual=-1', 'paginacao.itensPorPagina=0']) {
      const res = await atBank('GET', `/v2/webhook?${q}`)
      expect([res.status, res.body.type], q).toEqual([400, errorType('WebhookConsultaInvalida')])
    }
  })
})

describe('payouts through Efí\'s send API', () => {
  const ask = (cpf: string, amount: string) => ({ payCardBank: 'CPF', payCardNo: cpf, ifsc: '', name: 'Ana Souza', amount, whatsapp: '11999990000' })
  const status = async (orderId: string) => (await t.db.query<{ status: string; close_reason: string | null }>('SELECT status, close_reason FROM orders WHERE id = $1', [BigInt(orderId.slice(1))])).rows[0]!

  it('paid, refused, and a repeated webhook settle each withdrawal once; the idEnvio is the withdrawal id, sent again only as a question', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 30_000n)
    const ok = (await callKeyed(t, calls.withdraw, { token: p.token, body: ask(p.cpf, '100') })).body.data.orderId as string
    const refused = (await callKeyed(t, calls.withdraw, { token: p.token, body: ask(p.cpf, '50.13') })).body.data.orderId as string
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = ANY($1)', [[ok, refused]])).rows.length === 2)
    // A restart forgets what was sent: the next run sends again, the PSP answers 409, the state is asked.
    expect(await payouts().runOnce()).toBe(0)
    expect((await t.db.query('SELECT count(*)::int AS n FROM psp_sandbox_sends WHERE id_envio = ANY($1)', [[ok, refused]])).rows).toEqual([{ n: 2 }])
    bank(t).faults.duplicateWebhooks = true
    await bank(t).settleSend(ok)
    await bank(t).settleSend(refused)
    await waitFor(async () => (await status(ok)).status === '10' && (await status(refused)).status === '01')
    await bank(t).idle()
    expect(await status(refused)).toEqual({ status: '01', close_reason: 'NAO_REALIZADO' })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 20_000n, hold: 0n })
    const moves = await t.db.query<{ kind: string; ref: string }>('SELECT kind, ref FROM ledger_transactions WHERE ref = ANY($1) ORDER BY id', [[ok, refused]])
    expect(moves.rows.map((m) => `${m.ref}:${m.kind}`).sort()).toEqual([`${ok}:withdrawal_hold`, `${ok}:withdrawal`, `${refused}:withdrawal_hold`, `${refused}:withdrawal_refund`].sort())
  })

  it('a USDT withdrawal has no Pix rail: refused by the payout provider, not sent', async () => {
    const efi = t.app.pixRails!.payouts!.provider
    const state = await efi.send({ id: 'W999001', amount: 5_000n, type: 'USDT', account: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', ifsc: '5.5', holderName: 'Ana', requestedAt: new Date() })
    expect(state).toEqual({ state: 'failed', reason: 'unsupported_method' })
    expect((await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = $1', ['W999001'])).rows).toEqual([])
  })

  it('the bank refusing every payout returns each hold', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    bank(t).faults.refusePayouts = true
    const w = (await callKeyed(t, calls.withdraw, { token: p.token, body: ask(p.cpf, '40') })).body.data.orderId as string
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = $1', [w])).rows.length === 1)
    await bank(t).settleSend(w)
    await waitFor(async () => (await status(w)).status === '01')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n, hold: 0n })
  })
})
