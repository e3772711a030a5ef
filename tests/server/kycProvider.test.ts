import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { DatavalidClient } from '../../src/server/kyc/datavalid/DatavalidClient'
import { DATAVALID_TEST_CPFS as TEST, KYC_EMULATOR_PREFIX } from '../../src/server/kyc/datavalid/DatavalidEmulator'
import { DatavalidKycProvider } from '../../src/server/kyc/datavalid/DatavalidKycProvider'
import { BOUNDARY_STRINGS, HOSTILE_STRINGS } from './fuzzArbitraries'
import { call, freePort, startTestApp, type TestApp } from './testApp'
import { freshCpf, newPlayer, type Player } from './walletHelpers'

/**
 * The identity check of updateKyc: the Datavalid adapter talks real HTTP to the Datavalid emulator
 * on the test server (KYC_PROVIDER=emulator, the default in demo mode), on a real database.
 */

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const selfUrl = () => `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`
const kyc = (p: Player, body: Record<string, unknown>) => call(t, calls.updateKyc, { token: p.token, body })
const quiet = { warn() {}, error() {} }

/** What the account holds of an identity: kyc, the CPF, and the CPF's claim. */
async function stored(p: Player, cpf: string) {
  const user = (await t.db.query<{ kyc: number; card_no: string | null }>('SELECT kyc, card_no FROM users WHERE id = $1', [p.userId])).rows[0]
  const claims = (await t.db.query('SELECT 1 FROM kyc_tax_ids WHERE card_no = $1 OR user_id = $2', [cpf, p.userId])).rows.length
  return { kyc: user?.kyc, cardNo: user?.card_no || null, claims }
}

/** The adapter on its own, against `base` (the emulator by default), with its client's options. */
function adapter(opts: { base?: string; token?: string; secret?: string; timeoutMs?: number } = {}) {
  const base = opts.base ?? `${selfUrl()}${KYC_EMULATOR_PREFIX}`
  const client = new DatavalidClient({
    baseUrl: () => base,
    tokenUrl: () => opts.token ?? `${base}/token`,
    consumerKey: t.config.kyc.consumerKey,
    consumerSecret: opts.secret ?? t.config.kyc.consumerSecret,
    timeoutMs: opts.timeoutMs ?? 5000,
    now: Date.now,
    retryMs: [],
  })
  return new DatavalidKycProvider(client, quiet)
}

describe('updateKyc asks the identity provider (the Datavalid emulator over HTTP)', () => {
  it('a random valid CPF, any name and birth date: verified', async () => {
    const p = await newPlayer(t)
    const cpf = freshCpf()
    const res = await kyc(p, { name: 'Joana  Prado', cardNo: cpf, birthDate: '1990-05-17' })
    expect([res.http, res.body.status]).toEqual([200, 200])
    expect(await stored(p, cpf)).toEqual({ kyc: 1, cardNo: cpf, claims: 1 })
  })

  const refused: [string, string, Record<string, unknown>, number, number][] = [
    ['suspended', TEST.suspended, {}, 400, 3310],
    ['deceased (titular falecido)', TEST.deceased, {}, 400, 3310],
    ['cancelled', TEST.cancelled, {}, 400, 3310],
    ['null (nula)', TEST.nullified, {}, 400, 3310],
    ['not in the base', TEST.notFound, {}, 400, 3314],
    ['of another name', TEST.nameMismatch, {}, 400, 3311],
    ['of another birth date', TEST.birthDateMismatch, { birthDate: '1985-01-31' }, 400, 3312],
    ["of a minor (Datavalid's 422 DV001)", TEST.minor, {}, 403, 3316],
    ['while Datavalid is down (503)', TEST.outage, {}, 503, 3313],
  ]
  for (const [what, cpf, extra, http, status] of refused) {
    it(`a CPF ${what}: refused with ${status}, nothing stored, and a good CPF still works after`, async () => {
      const p = await newPlayer(t)
      const res = await kyc(p, { name: 'Ana Souza', cardNo: cpf, ...extra })
      expect([res.http, res.body.status, res.body.data], res.raw).toEqual([http, status, null])
      expect(await stored(p, cpf)).toEqual({ kyc: 0, cardNo: null, claims: 0 })
      const good = freshCpf()
      expect((await kyc(p, { name: 'Ana Souza', cardNo: good })).body.status).toBe(200)
      expect(await stored(p, good)).toEqual({ kyc: 1, cardNo: good, claims: 1 })
    })
  }

  it('the birth date is checked only when sent', async () => {
    const p = await newPlayer(t)
    expect((await kyc(p, { name: 'Ana Souza', cardNo: TEST.birthDateMismatch })).body.status).toBe(200)
    // Not a date: refused by the contract before anything is asked.
    const q = await newPlayer(t)
    const bad = await kyc(q, { name: 'Ana Souza', cardNo: freshCpf(), birthDate: '1990-02-30' })
    expect([bad.http, bad.body.status]).toEqual([400, 400])
  })

  it("refusals count per account (RATE_LIMIT_KYC_REFUSED, 5 a day): then every submission waits; an outage does not count", async () => {
    const p = await newPlayer(t)
    for (let i = 0; i < 3; i++) expect((await kyc(p, { name: 'Ana', cardNo: TEST.outage })).body.status).toBe(3313)
    for (let i = 0; i < 5; i++) expect((await kyc(p, { name: 'Ana', cardNo: TEST.nameMismatch })).body.status).toBe(3311)
    const sixth = await kyc(p, { name: 'Ana', cardNo: freshCpf() })
    expect([sixth.http, sixth.body.status]).toEqual([429, 1429])
    expect((await stored(p, '')).kyc).toBe(0)
  })
})

describe('the Datavalid emulator', () => {
  const token = (key: string, secret: string) =>
    fetch(`${selfUrl()}${KYC_EMULATOR_PREFIX}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
  const validate = (bearer: string, body: unknown) =>
    fetch(`${selfUrl()}${KYC_EMULATOR_PREFIX}/v3/validate/pf-basica`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('gives a token only for the consumer key and secret it was configured with; the API only with a token', async () => {
    const { consumerKey, consumerSecret } = t.config.kyc
    const wrong = await token(consumerKey, `${consumerSecret}x`)
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' })
    expect((await token('someone', consumerSecret)).status).toBe(401)
    const right = await token(consumerKey, consumerSecret)
    expect(right.status).toBe(200)
    const reply = (await right.json()) as { access_token: string; expires_in: number; token_type: string }
    expect(reply).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    const body = { key: { cpf: freshCpf() }, answer: { nome: 'Ana Souza', situacao_cpf: 'regular' } }
    expect((await validate('not-a-token', body)).status).toBe(401)
    const ok = await validate(reply.access_token, body)
    expect(await ok.json()).toEqual({ cpf_disponivel: true, nome: true, nome_similaridade: 1, situacao_cpf: true })
    // Datavalid's own refusals: a CPF whose check digits fail (DV010), a situation not in its list (DV014).
    const dv010 = await validate(reply.access_token, { key: { cpf: '52998224724' }, answer: { nome: 'Ana' } })
    expect([dv010.status, await dv010.json()]).toEqual([422, [expect.objectContaining({ code: 'DV010' })]])
    const dv014 = await validate(reply.access_token, { key: { cpf: freshCpf() }, answer: { situacao_cpf: 'ótima' } })
    expect([dv014.status, await dv014.json()]).toEqual([422, [expect.objectContaining({ code: 'DV014' })]])
  })

  it('updateKyc with a selfie: a face that does not match the document is refused (3315) and nothing is stored; without one, no face check', async () => {
    const p = await newPlayer(t)
    const selfie = { base64: Buffer.from('a face, in a photo of at least a hundred characters once it is written in base64 for the call').toString('base64'), format: 'JPG' }
    const refused = await kyc(p, { name: 'Ana Souza', cardNo: TEST.faceMismatch, selfie })
    expect(refused.body.status).toBe(3315)
    expect((await t.db.query('SELECT kyc FROM users WHERE id = (SELECT id FROM users WHERE email = $1)', [p.email])).rows[0]).toEqual({ kyc: 0 })
    expect((await kyc(p, { name: 'Ana Souza', cardNo: freshCpf(), selfie })).body.status).toBe(200)
    // A selfie that is not base64: refused by the call's schema.
    const q = await newPlayer(t)
    expect((await kyc(q, { name: 'Ana Souza', cardNo: freshCpf(), selfie: { base64: 'not base64!', format: 'JPG' } })).body.status).toBe(400)
  })

  it('answers the face check (pf-facial): high probability for any CPF, very low for its face-mismatch CPF', async () => {
    const selfie = { base64: Buffer.from('a face').toString('base64'), format: 'JPG' as const }
    const provider = adapter()
    try {
      expect(await provider.check({ cpf: freshCpf(), name: 'Ana Souza', selfie })).toEqual({ ok: true })
      expect(await provider.check({ cpf: TEST.faceMismatch, name: 'Ana Souza', selfie })).toEqual({ ok: false, reason: 'face_mismatch' })
      // Without a selfie the same CPF passes (pf-basica).
      expect(await provider.check({ cpf: TEST.faceMismatch, name: 'Ana Souza' })).toEqual({ ok: true })
    } finally {
      await provider.close()
    }
  })
  it('any body, token or path never gets a 5xx from it (but its outage CPF), nor a stack trace', async () => {
    const { consumerKey, consumerSecret } = t.config.kyc
    const basic = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`
    const bearer = ((await (await token(consumerKey, consumerSecret)).json()) as { access_token: string }).access_token
    const text = fc.constantFrom(...HOSTILE_STRINGS, ...BOUNDARY_STRINGS)
    const value = fc.oneof(text, fc.constantFrom(freshCpf(), TEST.nameMismatch, TEST.minor, TEST.notFound, '52998224724', '1990-01-01', 'regular', 'suspensa', null, 0, -1, 1e308, [], {}))
    const answer = fc.record({ nome: value, data_nascimento: value, situacao_cpf: value, biometria_face: fc.oneof(value, fc.record({ formato: value, base64: value })) }, { requiredKeys: [] })
    const body = fc.oneof(
      { weight: 4, arbitrary: fc.record({ key: fc.oneof(value, fc.record({ cpf: value })), answer: fc.oneof(value, answer) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', 'grant_type=client_credentials', 'x'.repeat(70_000)) },
    )
    const arb = fc.tuple(fc.constantFrom('/token', '/v3/validate/pf-basica', '/v3/validate/pf-facial', '/v3/validate/%00', '/v3/validate/pf-basica/x'), body, fc.constantFrom(`Bearer ${bearer}`, 'Bearer nope', basic, 'Basic %%%', ''), fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'))
    await fc.assert(
      fc.asyncProperty(arb, async ([path, payload, authorization, type]) => {
        const res = await t.app.inject({ method: 'POST', url: `${KYC_EMULATOR_PREFIX}${path}`, headers: { 'content-type': type, ...(authorization ? { authorization } : {}) }, payload })
        const what = `${path} ${authorization} ${payload.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`
        if (!payload.includes(TEST.outage)) expect(res.statusCode, what).toBeLessThan(500)
        expect(res.body, what).not.toMatch(/\bat (async )?[\w.<>]+ \(|\/src\/server|node_modules/)
      }),
      { numRuns: 300 },
    )
  })
})

describe('the adapter answers unavailable, never a verdict, when Datavalid cannot be asked', () => {
  it('credentials the token endpoint refuses', async () => {
    const provider = adapter({ secret: 'wrong' })
    try {
      expect(await provider.check({ cpf: freshCpf(), name: 'Ana Souza' })).toEqual({ ok: false, reason: 'unavailable' })
    } finally {
      await provider.close()
    }
  })

  it('nobody listening, or a server that never answers (the timeout)', async () => {
    const closed = adapter({ base: `http://127.0.0.1:${await freePort()}/datavalid` })
    const held = new Set<net.Socket>()
    const silent = net.createServer((socket) => void held.add(socket))
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const mute = adapter({ base: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/datavalid`, timeoutMs: 300 })
    try {
      expect(await closed.check({ cpf: freshCpf(), name: 'Ana Souza' })).toEqual({ ok: false, reason: 'unavailable' })
      const began = Date.now()
      expect(await mute.check({ cpf: freshCpf(), name: 'Ana Souza' })).toEqual({ ok: false, reason: 'unavailable' })
      expect(Date.now() - began).toBeLessThan(3000)
    } finally {
      await closed.close()
      await mute.close()
      for (const socket of held) socket.destroy()
      silent.close()
    }
  })

  it('through updateKyc: KYC_PROVIDER=datavalid at an address nobody answers is a 503 (3313), nothing stored', async () => {
    const port = await freePort()
    const down = await startTestApp({}, { KYC_PROVIDER: 'datavalid', DATAVALID_BASE_URL: `http://127.0.0.1:${port}/datavalid`, DATAVALID_TOKEN_URL: `http://127.0.0.1:${port}/token`, DATAVALID_CONSUMER_KEY: 'key', DATAVALID_CONSUMER_SECRET: 'secret' })
    try {
      const p = await newPlayer(down)
      const cpf = freshCpf()
      const res = await call(down, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: cpf } })
      expect([res.http, res.body.status, res.body.data]).toEqual([503, 3313, null])
      const user = (await down.db.query<{ kyc: number }>('SELECT kyc FROM users WHERE id = $1', [p.userId])).rows[0]
      expect(user?.kyc).toBe(0)
      expect((await down.db.query('SELECT 1 FROM kyc_tax_ids WHERE card_no = $1', [cpf])).rows).toEqual([])
    } finally {
      await down.close()
    }
  })
})
