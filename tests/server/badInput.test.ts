import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, type CallDef, type CallName } from '../../src/shared/contract'
import { captchaId, registerUser } from './flows'
import { SANDBOX_PAGE_PREFIX } from '../../src/server/payments/buildProviders'
import { call, CAPTCHA, newEmail, snapshotDb, startTestApp, type CallResult, type TestApp } from './testApp'
import { callKeyed, CPF, fundCash, newPlayer, pkg100, prePay, sendWebhook } from './walletHelpers'

/**
 * For every call: missing fields, wrong types, oversized strings, unknown fields and broken
 * bodies get a 4xx envelope with a message in the caller's language, never a 500 or a stack
 * trace, and the database is left exactly as it was.
 */

let t: TestApp
let token: string
/** Already verified by another account in beforeAll. */
const TAKEN_CPF = '12345678909'
const RECEIVER = `receiver.${process.pid}@example.com`

interface Sample {
  params?: Record<string, string | number>
  query?: Record<string, string>
  body?: Record<string, unknown>
}

/** A valid request of each call, from which the bad ones are made. Calls of later issues are listed as not served yet. */
const samples: Partial<Record<CallName, Sample>> = {
  restLogin: { body: { username: 'a@example.com', pwd: 'segredo123', codeId: 1, captCode: 'abcd' } },
  restRegister: { body: { username: 'b@example.com', pwd: 'segredo123', pwd1: 'segredo123', country: '+55', phone: '11999999999', regcode: '', codeId: 1, captCode: 'abcd', isapp: 0 } },
  captcha: { params: { codeId: 42 }, query: {} },
  logout: { body: {} },
  logoutAll: { body: {} },
  launchGame: { body: { productCode: 'PG', game: 'demo-fruits' } },
  mySessions: { query: {} },
  todayWins: { query: {} },
  sendEmail: { body: { email: 'c@example.com' } },
  checkEmail: { body: { email: 'c@example.com', code: '123456' } },
  setPwd: { body: { nPwd: 'segredo123', chkId: 'abc' } },
  userInfo: { query: {} },
  getBalance: { query: {} },
  setHeader: { params: { index: 3 }, query: {} },
  getUserTest: { query: {} },
  updatePwd: { body: { oPwd: 'segredo123', nPwd: 'segredo456', nPwd1: 'segredo456' } },
  main: { query: {} },
  appInfo: { query: {} },
  userGift: { query: {} },
  inPlay: { query: {} },
  gameGroup: { query: { productCode: 'PG' } },
  stopGame: { query: {} },
  // The wallet's samples are well formed but refused on their merits (no such package or order,
  // no money, a CPF already taken), so a variant that slipped through validation would still
  // change nothing, and the snapshot would show it if it did.
  updateKyc: { body: { name: 'Ana Souza', cardNo: TAKEN_CPF } },
  getPrices: { query: { curreny: 'INSBRL' } },
  bonusTerms: { query: {} },
  prePay: { params: { pkgId: 999_999 }, body: { gift: 1, pkgId: 999_999, isapp: 0 } },
  getStatus: { params: { orderId: 'D999999999' }, query: {} },
  cancelPay: { params: { orderId: 'D999999999' }, body: {} },
  pendingPay: { query: {} },
  getWithdraw: { query: {} },
  withdraw: { body: { payCardBank: 'CPF', payCardNo: '52998224725', ifsc: '52998224725', name: 'Ana Souza', amount: '50.00', whatsapp: '11999999999' } },
  transfer: { body: { toUser: RECEIVER, amount: '10.00' } },
  getSeed: { query: {} },
  rotateSeed: { body: { clientSeed: 'meu-seed' } },
  diceBet: { body: { amount: '1.00', target: '50.00', condition: 'over' } },
  limboBet: { body: { amount: '1.00', target: '2.00' } },
  minesStart: { body: { amount: '1.00', mines: 3 } },
  minesReveal: { body: { tile: 3 } },
  minesCashout: { body: {} },
  minesActive: { query: {} },
  casinoBets: { query: {} },
  casinoBet: { params: { betId: '1' }, query: {} },
  roundHistory: { params: { game: 'double' }, query: {} },
  roundState: { params: { game: 'double' }, query: {} },
  roundBet: { params: { game: 'double' }, body: { roundId: '1', choice: 'red', amount: '1.00' } },
  roundSeed: { params: { game: 'double' }, body: { seed: 'minha-seed-1' } },
  sportList: { query: {} },
  sportMatches: { query: { sport: 'football', state: 'live' } },
  sportMatch: { params: { matchId: '1000000001' }, query: {} },
  // An unknown selection: refused on its merits, nothing moves.
  sportBet: { body: { type: 'single', amount: '1.00', selections: [{ selectionId: '1000000001-1x2-1-0-home', odds: 2 }], acceptOdds: 'any' } },
  sportBets: { query: { state: 'open' } },
  sportDevResult: { params: { matchId: '1000000001' }, body: { matchTime: -14 } },
  sportSettleByHand: { params: { matchId: '1000000001' }, body: { void: true, reason: 'cancelado' } },
  vipInfo: { query: {} },
  vipSeen: { body: {} },
  referralTeam: { query: {} },
  signinStatus: { query: {} },
  signinClaim: { body: {} },
  myBonus: { query: {} },
  rgLimits: { query: {} },
  rgSetLimit: { body: { kind: 'loss', period: 'day', value: '10.00' } },
  rgStatus: { query: {} },
  rgPause: { body: { days: 7 } },
  rgSetRealityCheck: { body: { minutes: 30 } },
  // No session is open: refused on its merits (no check due), nothing written.
  rgAnswerRealityCheck: { body: {} },
  rgStatement: { query: { month: '2026-11' } },
  // A version that is not the current one: refused on its merits, nothing written.
  rgAcceptTerms: { body: { version: 'old' } },
  // Sent with a wrong password: refused on its merits (before the transaction), nothing written.
  rgExclusion: { body: { months: 6, password: 'not-the-password' } },
  opsNotice: { body: { text: 'Manutenção às 3h' } },
  opsRoundSalt: { params: { game: 'double' }, body: { value: '00000000000000000001a2b3c4d5e6f7' } },
  records: { query: { type: '10,11', from: '2026-01-01', to: '2026-12-31', page: '1', size: '20' } },
  record: { params: { id: 'D999999999' }, query: {} },
}

const WRONG_VALUES: unknown[] = [null, true, {}, [], ['x'], { $gt: '' }, 'x'.repeat(5000), -1, 1e308, 'DROP TABLE users;']

/** Body fields, by call, where null is a value of its own (rgSetLimit's value: no limit). */
const NULL_MEANS: Record<string, string[]> = { rgSetLimit: ['value'] }

function mutations(sample: Sample, freeText: string[] = [], nullable: string[] = []): { label: string; sample: Sample }[] {
  const out: { label: string; sample: Sample }[] = []
  const body = sample.body ?? {}
  if (sample.body) out.push({ label: 'unknown body field', sample: { ...sample, body: { ...body, isAdmin: 1 } } })
  for (const key of Object.keys(body)) {
    const rest = Object.fromEntries(Object.entries(body).filter(([name]) => name !== key))
    out.push({ label: `missing ${key}`, sample: { ...sample, body: rest } })
    // A field whose null means something (a limit's value: none) takes null.
    const wrong = WRONG_VALUES.filter((v) => !(freeText.includes(key) && v === 'DROP TABLE users;') && !(nullable.includes(key) && v === null))
    for (const value of wrong) out.push({ label: `${key}=${JSON.stringify(value).slice(0, 20)}`, sample: { ...sample, body: { ...body, [key]: value } } })
  }
  for (const key of Object.keys(sample.params ?? {})) {
    for (const value of ['abc', '-5', '1.5', '99999999999', 'x'.repeat(190), '%00']) {
      out.push({ label: `param ${key}=${value.slice(0, 12)}`, sample: { ...sample, params: { ...sample.params, [key]: value } } })
    }
  }
  if (sample.query) {
    out.push({ label: 'unknown query field', sample: { ...sample, query: { ...sample.query, debug: '1' } } })
    out.push({ label: 'bad loading flag', sample: { ...sample, query: { ...sample.query, loading: 'maybe' } } })
  }
  return out
}

function expectClientError(res: CallResult, label: string) {
  expect(res.http, `${label}: ${res.raw}`).toBeGreaterThanOrEqual(400)
  expect(res.http, `${label}: ${res.raw}`).toBeLessThan(500)
  expect(res.body.status, label).not.toBe(200)
  expect(typeof res.body.msg, label).toBe('string')
  expect(res.body.msg.length, label).toBeGreaterThan(0)
  expect(res.raw, label).not.toMatch(/\bat .+\.(ts|js):\d+|stack|node_modules/i)
}

/** Sends a raw payload with a content type of our choosing. */
async function raw(def: CallDef, payload: string, contentType: string, params: Record<string, string | number> = {}) {
  const url = def.path.replace(/:(\w+)/g, (_, k: string) => String(params[k] ?? 1))
  const res = await t.app.inject({ method: def.method, url, headers: { 'content-type': contentType, authorization: token, lang: 'pt_BR', ...keyed(def) }, payload })
  return { http: res.statusCode, body: JSON.parse(res.body), raw: res.body, headers: res.headers } as CallResult
}

beforeAll(async () => {
  t = await startTestApp()
  ;({ token } = await registerUser(t))
  const other = await registerUser(t, { username: RECEIVER })
  const kyc = await call(t, calls.updateKyc, { token: other.token, body: { name: 'Outra Pessoa', cardNo: TAKEN_CPF } })
  if (kyc.body.status !== 200) throw new Error(kyc.raw)
})

/** Fields where any short printable text is valid input (a client seed may well read 'DROP TABLE users;'). */
const FREE_TEXT: Partial<Record<CallName, string[]>> = { rotateSeed: ['clientSeed'], roundSeed: ['seed'], opsRoundSalt: ['value'] }

/** Money-moving calls need an Idempotency-Key: each request gets a fresh one, so validation is what refuses it. */
const keyed = (def: CallDef): Record<string, string> => (def.idempotent ? { 'idempotency-key': `bad-${randomUUID()}` } : {})
afterAll(() => t.close())

describe('bad input', () => {
  it('covers every call of the contract', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(calls).sort())
  })

  it('a path or method no call serves answers 404 in the envelope, not 500', async () => {
    const misses: [string, string][] = [
      ['GET', '/api/app/user/nothingHere'],
      ['POST', '/api/app/user/userInfo'],
      ['GET', '/api/app/casino/dice/bet'],
      ['DELETE', '/api/app/order/records'],
      ['GET', '/api/app/order/records/D1/extra'],
    ]
    for (const [method, url] of misses) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: token, lang: 'pt_BR' } })
      const label = `${method} ${url}: ${res.body}`
      expect(res.statusCode, label).toBe(404)
      expect(JSON.parse(res.body), label).toEqual({ status: 1404, msg: 'Endereço não encontrado', data: null })
    }
  })

  for (const [name, sample] of Object.entries(samples) as [CallName, Sample][]) {
    it(`${name}: every malformed variant is refused and changes nothing`, async () => {
      const def = calls[name]
      // A user, a captcha and a pending reset exist, so a wrongly accepted request would show.
      await captchaId(t)
      const before = await snapshotDb(t.db)
      for (const { label, sample: bad } of mutations(sample, FREE_TEXT[name], NULL_MEANS[name])) {
        const res = await call(t, def, { token, ...bad, headers: keyed(def) })
        expectClientError(res, `${name} ${label}`)
      }
      if (def.method !== 'GET') {
        for (const [label, payload, type] of [
          ['broken JSON', '{"username": ', 'application/json'],
          ['JSON array', '[1,2]', 'application/json'],
          ['JSON string', '"hello"', 'application/json'],
          ['JSON null', 'null', 'application/json'],
          ['empty JSON', '', 'application/json'],
          ['text body', 'hello', 'text/plain'],
          ['xml body', '<a/>', 'application/xml'],
          ['form with arrays', 'username=a&username=b&pwd[]=x', 'application/x-www-form-urlencoded'],
          ['oversized body', JSON.stringify({ username: 'x'.repeat(100_000) }), 'application/json'],
          ['deep JSON', '['.repeat(5000) + ']'.repeat(5000), 'application/json'],
        ] as const) {
          expectClientError(await raw(def, payload, type, sample.params), `${name} ${label}`)
        }
      }
      expect(await snapshotDb(t.db), name).toBe(before)
    })
  }

  it('names the missing field in the language asked for', async () => {
    const pt = await call(t, calls.restRegister, { body: { pwd: 'segredo123', codeId: 1, captCode: 'x' } })
    expect(pt.http).toBe(400)
    expect(pt.body.msg).toBe('Preencha o campo e-mail')
    expect(pt.body.data).toMatchObject({ problems: [{ field: 'username', msg: 'Preencha o campo e-mail' }] })
    const en = await call(t, calls.restRegister, { body: { pwd: 'segredo123', codeId: 1, captCode: 'x' }, headers: { lang: 'en_US' } })
    expect(en.body.msg).toMatch(/e-?mail/i)
    expect(en.body.msg).not.toBe(pt.body.msg)
    const fresh = await registerUser(t)
    const amount = await call(t, calls.setHeader, { token: fresh.token, params: { index: 99 } })
    expect(amount.body.msg).toBe('O campo avatar deve estar entre 0 e 35')
  })

  it('survives random junk on every POST without a 500', async () => {
    let seed = 12345
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const junk = (depth = 0): unknown => {
      const r = rand()
      if (depth > 2 || r < 0.3) return ['', 'a', '0', '1.005', '-0', 'ção', '\u0000', 'null'][Math.floor(rand() * 8)]
      if (r < 0.5) return Math.floor(rand() * 1e6) * (rand() < 0.5 ? -1 : 1)
      if (r < 0.6) return rand() < 0.5
      if (r < 0.8) return Array.from({ length: Math.floor(rand() * 3) }, () => junk(depth + 1))
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [['username', 'pwd', 'email', 'codeId', 'x'][Math.floor(rand() * 5)], junk(depth + 1)]))
    }
    const before = await snapshotDb(t.db)
    for (const [name, def] of Object.entries(calls)) {
      if (def.method !== 'POST' || name === 'logout' || name === 'logoutAll') continue
      for (let i = 0; i < 40; i++) {
        const body = junk()
        // Junk that happens to be a valid request (an empty body is one for a few calls) is not junk.
        if (def.body?.safeParse(body).success) continue
        const res = await raw(def, JSON.stringify(body), 'application/json', { pkgId: 1 })
        expect(res.http, `${name} ${JSON.stringify(body)}`).toBeLessThan(500)
      }
    }
    expect(await snapshotDb(t.db)).toBe(before)
  })

  it('a valid request from the samples does get through (the harness can pass)', async () => {
    const email = newEmail()
    const res = await call(t, calls.restRegister, { body: { ...samples.restRegister!.body, username: email, codeId: await captchaId(t), captCode: CAPTCHA } })
    expect(res.body.status).toBe(200)
  })
})

/** Cases the route fuzzer (fuzz.test.ts) found; each answered 5xx or outside the envelope before its fix. */
describe('found by the fuzzer', () => {
  const notFound = { status: 1404, msg: 'Endereço não encontrado', data: null }

  it('an over-long or malformed path parameter gets the 404 envelope, not the router\'s own reply', async () => {
    for (const url of [`/api/app/casino/bets/${'1'.repeat(201)}`, '/api/app/casino/bets/%zz', '/api/app/order/getStatus/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token, lang: 'pt_BR' } })
      expect(res.statusCode, url).toBe(404)
      expect(JSON.parse(res.body), url).toEqual(notFound)
    }
  })

  it('a bet id past the bigint range is a 400, not a 500', async () => {
    for (const betId of ['9223372036854775808', '9999999999999999999']) {
      const res = await call(t, calls.casinoBet, { token, params: { betId } })
      expectClientError(res, betId)
      expect(res.body.status, betId).toBe(400)
    }
    expect((await call(t, calls.casinoBet, { token, params: { betId: '9223372036854775807' } })).body.status).toBe(1404)
  })

  it('a NUL character or a lone surrogate in any text is a 400 naming the field, and writes nothing', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const before = await snapshotDb(t.db)
    const cases: [string, () => Promise<CallResult>][] = [
      ['name', () => call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana\u0000Souza', cardNo: '52998224725' } })],
      ['name', () => call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza\u0000', cardNo: '52998224725' }, form: true })],
      ['toUser', () => callKeyed(t, calls.transfer, { token: p.token, body: { toUser: `${RECEIVER}\u0000`, amount: '1.00' } })],
      ['name', () => callKeyed(t, calls.withdraw, { token: p.token, body: { ...samples.withdraw!.body, name: 'Ana\u0000' } })],
      ['t', () => call(t, calls.records, { token: p.token, query: { t: '\u0000' } })],
      // Half of a UTF-16 pair: jsonb refuses its JSON escape (an operator's notice answered 500).
      ['name', () => call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana \ud800Souza', cardNo: '52998224725' } })],
      ['name', () => callKeyed(t, calls.withdraw, { token: p.token, body: { ...samples.withdraw!.body, name: 'Ana\udc00' } })],
      ['toUser', () => callKeyed(t, calls.transfer, { token: p.token, body: { toUser: `\udc00\ud83d${RECEIVER}`, amount: '1.00' } })],
    ]
    for (const [field, send] of cases) {
      const res = await send()
      expectClientError(res, `${field}: ${res.raw}`)
      expect(res.body.status, res.raw).toBe(400)
      expect(res.body.data, res.raw).toMatchObject({ problems: [{ field }] })
    }
    expect(await snapshotDb(t.db)).toBe(before)
  })

  it('the sandbox pay page takes the first of a repeated ?lang=', async () => {
    const p = await newPlayer(t)
    expect((await call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: CPF.b } })).body.status).toBe(200)
    const order = await prePay(t, p.token, await pkg100(t))
    expect(order.body.status, order.raw).toBe(200)
    const res = await t.app.inject({ method: 'GET', url: `${SANDBOX_PAGE_PREFIX}/${order.body.data.payNo}?lang=en_US&lang=pt_BR` })
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.body).toContain('<html lang="en-US">')
  })

  it('a webhook whose ids hold a NUL is refused (422), not a 500', async () => {
    const item = { endToEndId: 'E99999999202611251200ABCDEFGHIJK', txid: 'A'.repeat(30), valor: '100.00', horario: new Date().toISOString() }
    for (const ids of [{ txid: 'ABC\u0000'.padEnd(30, 'A') }, { endToEndId: 'E99999999202611251200ABCDEFGHIJ\u0000' }]) {
      const res = await sendWebhook(t, { pix: [{ ...item, ...ids }] })
      expect(res.http, JSON.stringify(ids)).toBe(422)
      expect(res.body.status).toBe(3011)
    }
  })
})
