import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { z } from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, type CallDef, type CallName } from '../../src/shared/contract'
import { OPS_CALLS } from '../../src/shared/contract/opsConsole'
import { centavosToText } from '../../src/shared/money'
import { PAY_PAGE_PREFIX, SANDBOX_PAGE_PREFIX, WEBHOOK_PREFIX } from '../../src/server/payments/buildProviders'
import { KYC_EMULATOR_PREFIX } from '../../src/server/kyc/datavalid/DatavalidEmulator'
import { EMULATOR_PREFIX } from '../../src/server/payments/emulator/PspEmulator'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { providerSecretOf } from '../../src/server/providers/secrets'
import { signBody } from '../../src/server/providers/signature'
import { captchaId } from './flows'
import { bootstrapAdmin, enrol, opsLogin } from './opsHelpers'
import { BOUNDARY_STRINGS, HOSTILE_STRINGS, encodeSegment, objectOf, requestOf, type FuzzRequest, type Hints } from './fuzzArbitraries'
import { CAPTCHA, call, startTestApp, type TestApp } from './testApp'
import { CNPJ, CPF, USDT_ADDRESS, callKeyed, expectLedgerInvariant, fundCash, newPlayer, packagePrice, pkg100, prePay, type Player } from './walletHelpers'

/**
 * Property-based fuzzing of every route: valid, boundary and hostile values derived from each
 * call's schema, sent by a logged-in, funded, verified player (and by nobody, and by a forger),
 * as JSON, as a form, and as the wrong media. Whatever arrives, the server answers in the
 * envelope with a 2xx-4xx and no internals, and the ledger still balances afterwards.
 *
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run tests/server/fuzz.test.ts
 * (FUZZ_RUNS=<n> sets the runs per route; FUZZ_STATS=1 prints the replies' spread).
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const RUNS = Number(process.env.FUZZ_RUNS ?? 150)
/** FUZZ_STATS=1 prints how the replies spread over routes and codes: do the requests reach the handlers? */
const STATS = process.env.FUZZ_STATS ? new Map<string, number>() : null

/** The routes that are not calls of the contract (the payment provider's side). */
/** The PSP emulator's API (PIX_PROVIDER=sandbox): the standard's and Efí's formats, reached with its OAuth token. */
const EMULATOR_ROUTES = [
  'POST /oauth/token',
  'PUT /v2/cob/:txid',
  'PATCH /v2/cob/:txid',
  'GET /v2/cob/:txid',
  'GET /v2/pix',
  'GET /v2/pix/:e2eid',
  'PUT /v2/pix/:e2eid/devolucao/:id',
  'GET /v2/pix/:e2eid/devolucao/:id',
  'PUT /v2/webhook/:chave',
  'GET /v2/webhook/:chave',
  'GET /v2/webhook',
  'DELETE /v2/webhook/:chave',
  'PUT /v3/gn/pix/:idEnvio',
  'GET /v2/gn/pix/enviados/id-envio/:idEnvio',
  'GET /qr/:token',
  'GET /jwks',
].map((r) => r.replace(' /', ` ${EMULATOR_PREFIX}/`))
/** The emulator's answer to any other address under its prefix (the standard's 404 problem): printRoutes draws that wildcard route as a bare `*`. */
const EMULATOR_FALLBACK = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => `${m} *`)
const PROVIDER_ROUTES = [...EMULATOR_ROUTES, ...EMULATOR_FALLBACK, `POST ${WEBHOOK_PREFIX}/:secret`, `POST ${WEBHOOK_PREFIX}/:secret/pix`, `GET ${PAY_PAGE_PREFIX}/:payNo`, `GET ${SANDBOX_PAGE_PREFIX}/:txid`, `POST ${SANDBOX_PAGE_PREFIX}/:txid/pay`, `POST ${PROVIDER_WALLET_PREFIX}/:code/wallet/:op`, 'POST /demo-provider/:code/api/spin', 'POST /demo-provider/:code/api/balance', 'GET /demo-provider/:code/api/games', 'OPTIONS /demo-provider/:code/api/:call', `POST ${KYC_EMULATOR_PREFIX}/token`, `POST ${KYC_EMULATOR_PREFIX}/v3/validate/pf-basica`, `POST ${KYC_EMULATOR_PREFIX}/v3/validate/pf-facial`, 'GET /healthz', 'GET /readyz']

/** A stack frame, a source path or a dependency's name: what a reply must never show. */
const LEAK = /^\s*at .+:\d+:\d+\)?$|\bat (async )?[\w.<>]+ \(|\/src\/(server|shared)\/|node_modules|\.ts:\d+/m

let t: TestApp
let player: Player
let hints: Hints
/** Deposit orders' payment numbers, and their amount as the provider writes it. */
let payNos: string[]
let payAmounts: string[]

/** The operators' console's admin: the fuzzed console calls carry this session's cookie (a fuzzed logout ends it; the next run logs in again). */
let admin: { email: string; secret: string; cookie: string }
let admins = 0
async function ensureOpsSession(): Promise<void> {
  const r = await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: { cookie: admin.cookie } })
  if (r.statusCode === 200) return
  // A fuzzed suspension or re-enrolment may have locked this admin out: another one, as the command
  // line makes (from an address of its own: the fuzzed wrong ops tokens hold back the fuzzer's).
  const back = await opsLogin(t, admin.email, admin.secret).catch(() => null)
  if (back) admin.cookie = back
  else {
    const made = await bootstrapAdmin(t, undefined, `10.7.${++admins}.1`)
    const enrolled = await enrol(t, made.enrolPath)
    admin = { email: made.email, secret: enrolled.secret, cookie: enrolled.cookie }
  }
}

async function ensureSession(): Promise<void> {
  // logout and a password change end the player's session; the fuzz goes on with a new one.
  if (await t.app.deps.sessions.authenticate(player.token)) return
  player.token = await t.app.deps.sessions.create(t.db, player.userId, 'fuzz', '127.0.0.1')
}

/** Sends one request and checks what every reply must be. */
async function send(req: FuzzRequest, def?: CallDef): Promise<void> {
  const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload })
  const what = `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${req.payload?.slice(0, 300) ?? ''}\n-> ${res.statusCode} ${res.body.slice(0, 500)}`
  expect(res.statusCode, what).toBeLessThan(500)
  if (STATS) {
    const key = `${req.method} ${req.url.split('?')[0]!.slice(0, 50)} ${res.statusCode} ${res.body.slice(0, 40)}`
    STATS.set(key, (STATS.get(key) ?? 0) + 1)
  }
  expect(res.statusCode, what).toBeGreaterThanOrEqual(200)
  expect(res.body, what).not.toMatch(LEAK)
  const type = String(res.headers['content-type'] ?? '')
  // The demo provider's own routes answer its words, or the app's envelope when the body is not JSON at all.
  const ownWords = req.url.startsWith('/demo-provider/') && type.startsWith('application/json') && typeof (JSON.parse(res.body) as { status?: unknown }).status === 'string'
  if (req.url.startsWith(PROVIDER_WALLET_PREFIX) || ownWords) {
    // The providers' wallet API has its own format: a status word, HTTP 200 for the wallet's answers.
    expect(type, what).toMatch(/^application\/json/)
    const reply = JSON.parse(res.body) as { status?: unknown; balance?: unknown }
    expect(typeof reply.status, what).toBe('string')
    if (reply.balance !== undefined) expect(Number.isSafeInteger(reply.balance) && (reply.balance as number) >= 0, what).toBe(true)
    return
  }
  if (res.statusCode >= 300 && res.statusCode < 400) return
  // A preflight's answer (the demo provider's sandboxed page): empty.
  if (req.method === 'OPTIONS' && res.statusCode === 204 && res.body === '') return
  // The PSP emulator answers in the standard's formats (its objects, RFC 7807 problems, Efí's {nome, mensagem}), or empty.
  // The Datavalid emulator answers in Datavalid's shapes (its results, its errors), or empty.
  if (req.url.startsWith(KYC_EMULATOR_PREFIX)) {
    if (res.body) expect(type, what).toMatch(/^application\/json/)
    return
  }
  if (req.url.startsWith(EMULATOR_PREFIX) && !(type.startsWith('application/json') && 'status' in (JSON.parse(res.body || '{}') as object) && 'msg' in (JSON.parse(res.body || '{}') as object))) {
    if (res.body) expect(type, what).toMatch(/^application\/(problem\+)?json/)
    return
  }
  if (res.statusCode === 200 && (type.startsWith('image/') || type.startsWith('text/html') || type.startsWith('text/csv'))) return
  expect(type, what).toMatch(/^application\/json/)
  const body = JSON.parse(res.body) as Record<string, unknown>
  expect(Object.keys(body).sort(), what).toEqual(['data', 'msg', 'status'])
  expect(typeof body.status, what).toBe('number')
  expect(typeof body.msg, what).toBe('string')
  if (res.statusCode === 200) {
    expect(body.status, what).toBe(200)
    // An empty path parameter reaches another route (/bets/ is the list): check the reply of the call actually served.
    const served = def && req.method === def.method && new RegExp(`^${def.path.replace(/:\w+/g, '[^/?]+')}/?(\\?|$)`).test(req.url)
    if (served && def.reply !== 'image') expect(def.reply.safeParse(body.data).error, what).toBeUndefined()
  } else {
    expect(body.status, what).not.toBe(200)
    expect((body.msg as string).length, what).toBeGreaterThan(0)
  }
}

/** Each route draws from its own seed, derived from SEED and its name, so routes do not march in step. */
const seedOf = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED)

async function fuzz(name: string, arb: fc.Arbitrary<FuzzRequest>, def?: CallDef): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      await ensureSession()
      await send(req, def)
    }),
    { seed: seedOf(name), numRuns: RUNS, endOnFailure: true },
  ).catch((err: Error) => {
    err.message = `replay with FUZZ_SEED=${SEED}\n${err.message}`
    throw err
  })
}

beforeAll(async () => {
  t = await startTestApp()
  const made = await bootstrapAdmin(t)
  const enrolled = await enrol(t, made.enrolPath)
  admin = { email: made.email, secret: enrolled.secret, cookie: enrolled.cookie }
  player = await newPlayer(t)
  const receiver = await newPlayer(t)
  const depositor = await newPlayer(t)
  for (const p of [player, depositor]) {
    const kyc = await call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: p === player ? CPF.a : CPF.b } })
    if (kyc.body.status !== 200) throw new Error(kyc.raw)
  }
  await fundCash(t, player.userId, 10_000_000n)
  const bet = await callKeyed(t, calls.diceBet, { token: player.token, body: { amount: '1.00', target: '50.00', condition: 'over' } })
  const records = await call(t, calls.records, { token: player.token })
  const packages = await t.db.query<{ id: number }>('SELECT id FROM price_packages ORDER BY id')
  const pkgIds = packages.rows.map((r) => r.id)
  // Orders for the sandbox pages and the webhook, of another player (so the fuzzed one may still deposit): two closed, one open.
  const price = centavosToText((await packagePrice(t, await pkg100(t))).price)
  payNos = []
  const orderIds: string[] = []
  for (const close of [true, true, false]) {
    const order = await prePay(t, depositor.token, await pkg100(t), 0)
    if (order.body.status !== 200) throw new Error(order.raw)
    payNos.push(order.body.data.payNo)
    orderIds.push(order.body.data.orderId)
    if (close) await call(t, calls.cancelPay, { token: depositor.token, params: { orderId: order.body.data.orderId } })
  }
  payAmounts = [price]
  const receiverInfo = await call(t, calls.userInfo, { token: receiver.token })
  hints = {
    username: [player.email, receiver.email, 'nobody@example.com'],
    email: [player.email, 'nobody@example.com'],
    pwd: ['segredo123', 'errada123'],
    pwd1: ['segredo123'],
    oPwd: ['segredo123', 'errada123'],
    nPwd: ['segredo456', 'curta'],
    nPwd1: ['segredo456'],
    codeId: [await captchaId(t), await captchaId(t), 1],
    captCode: [CAPTCHA, 'errado'],
    name: ['Ana Souza', ''],
    cardNo: [CPF.a, CPF.c, '123'],
    country: ['+55', '55'],
    phone: ['11987654321'],
    regcode: ['', 'ABC123'],
    isapp: [0, 1, '1'],
    loading: [false, 'true'],
    t: [String(Date.now())],
    index: [0, 35, 36],
    code: ['123456'],
    chkId: ['abc'],
    amount: ['0.10', '1.00', '1', 10.5, '30.00', 50, '100.00', '0.09', '1000.00', '1000.01', '', '999999999999.99'],
    target: ['50.00', '2', '1.01', '98.99', 1.5, '0.01', '100', '1000000'],
    condition: ['over', 'under'],
    mines: [1, 3, 24, '5'],
    tile: [0, 7, 24, '12'],
    toUser: [receiver.email, String(receiverInfo.body.data.uId), player.email, '999999999999999999'],
    clientSeed: ['meu-seed'],
    payCardBank: ['CPF', 'CNPJ', 'USDT', ''],
    payCardNo: [CPF.a, CNPJ, USDT_ADDRESS, ''],
    ifsc: [CPF.a, ''],
    whatsapp: ['11987654321'],
    gift: [0, 1],
    pkgId: pkgIds,
    curreny: ['INSBRL', 'EXPPAY'],
    orderId: [...orderIds, 'D999999999'],
    id: [...(records.body.data.records as { id: string }[]).map((r) => r.id), 'D1', 'L9223372036854775807'],
    betId: [bet.body.data.betId, '9223372036854775807', '9999999999999999999'],
    type: ['10', '31,32', '10,11,19', '9999'],
    from: ['2026-01-01', '1900-01-01', '9999-12-31', '2024-02-29'],
    to: ['2026-12-31', '0001-01-01'],
    page: [1, '2', 100_000],
    size: [1, '20', 100],
    game: ['dice', 'limbo', 'mines'],
    // The operators' console.
    password: ['Console-de-operacao-2026', 'errada123'],
    role: ['support', 'payments', 'risk', 'admin'],
    reason: ['pedido do jogador', ''],
    operatorId: ['1', '2', '999999'],
    recoveryCode: ['ABCDE-FGHJK'],
  }
})

afterAll(async () => {
  if (STATS) console.log([...STATS].sort().map(([key, n]) => `${n}\t${key}`).join('\n'))
  await t?.close()
})

describe(`fuzzing every route (seed ${SEED}, ${RUNS} runs each)`, () => {
  it('covers every route the server registers', () => {
    // The tree printRoutes draws: each level indents 4 characters and continues its parent's path.
    const routes: string[] = []
    const stack: string[] = []
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line)
      if (!m) continue
      const depth = m[1]!.length / 4
      stack[depth] = (depth > 0 ? stack[depth - 1]! : '') + m[2]!
      for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${stack[depth]}`)
    }
    const fuzzed = [...[...Object.values(calls), ...OPS_CALLS].map((d) => `${d.method} ${d.path}`), ...PROVIDER_ROUTES]
    expect(routes.length).toBeGreaterThan(Object.keys(calls).length)
    expect(routes.sort()).toEqual([...new Set(fuzzed)].sort())
  })

  for (const name of Object.keys(calls) as CallName[]) {
    it(`${name}: no 5xx, no internals, always the envelope`, async () => {
      await fuzz(name, requestOf(calls[name], player.token, hints), calls[name])
    })
  }

  // The console's calls with an admin's session (the most any operator may do), and without one.
  for (const def of OPS_CALLS) {
    it(`ops ${def.method} ${def.path}: no 5xx, no internals, always the envelope`, async () => {
      const withSession = requestOf(def, player.token, hints).map((req) => ({ ...req, headers: { ...req.headers, cookie: admin.cookie } }))
      await fc.assert(
        fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: withSession }, { weight: 1, arbitrary: requestOf(def, player.token, hints) }), async (req) => {
          await ensureOpsSession()
          // The cookie read now: a fuzzed logout or re-enrolment may have ended the one the request was drawn with.
          if (req.headers.cookie !== undefined) req.headers.cookie = admin.cookie
          await send(req, def)
        }),
        { seed: seedOf(def.path), numRuns: RUNS, endOnFailure: true },
      )
    })
  }

  it('payment webhook: API Pix bodies, with the secret or without, valid or spoiled, never get a 5xx', async () => {
    const secret = t.config.wallet.paymentWebhookSecret
    // A received Pix as the standard writes it: valid, one field spoiled, or free.
    const item = objectOf(
      { endToEndId: z.string(), txid: z.string(), valor: z.string(), horario: z.iso.datetime() },
      {
        endToEndId: ['E99999999202611251200ABCDEFGHIJK', randomUUID()],
        txid: payNos,
        valor: [...payAmounts, '0.00', '-1.00'],
        horario: [new Date().toISOString(), '+275760-09-13T00:00:00.000Z', '1970-01-01T00:00:00Z'],
      },
    )
    const body = fc.oneof(
      { weight: 4, arbitrary: fc.array(item, { minLength: 0, maxLength: 3 }).map((pix) => JSON.stringify({ pix })) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '\u0000', '{"pix":null}', 'x'.repeat(20_000)) },
    )
    const path = fc.oneof({ weight: 6, arbitrary: fc.constant(`${encodeURIComponent(secret)}/pix`) }, { weight: 2, arbitrary: fc.constantFrom(encodeURIComponent(secret), 'outro/pix', '%00/pix', `${'x'.repeat(150)}/pix`) })
    const arb = fc
      .tuple(body, path, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''))
      .map(([raw, at, type]): FuzzRequest => ({ method: 'POST', url: `${WEBHOOK_PREFIX}/${at}`, headers: type ? { 'content-type': type } : {}, payload: raw }))
    await fuzz('webhook', arb)
  })

  it('the PSP emulator\'s API: any body, path or token never gets a 5xx', async () => {
    const basic = Buffer.from(`${t.config.wallet.pix.clientId}:${t.config.wallet.pix.clientSecret}`).toString('base64')
    const tokenRes = await t.app.inject({ method: 'POST', url: `${EMULATOR_PREFIX}/oauth/token`, headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' }, payload: '{"grant_type":"client_credentials"}' })
    const token = (JSON.parse(tokenRes.body) as { access_token: string }).access_token
    const segment = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...payNos, 'E99999999202611251200ABCDEFGHIJK', 'R1', t.config.wallet.pix.chave, 'W100001') },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...BOUNDARY_STRINGS).map(encodeSegment) },
    )
    const body = fc.constantFrom(
      '',
      '{}',
      'null',
      '{',
      JSON.stringify({ calendario: { expiracao: 3600 }, valor: { original: '10.00' }, chave: t.config.wallet.pix.chave }),
      JSON.stringify({ calendario: { expiracao: -1 }, valor: { original: '0.00' }, chave: 'x'.repeat(100) }),
      JSON.stringify({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
      JSON.stringify({ valor: { original: '12.34' }, devedor: { cpf: CPF.a, nome: 'Ana' }, infoAdicionais: [{ nome: 'a', valor: 'b' }], calendario: { expiracao: 60 }, loc: { id: 1 } }),
      JSON.stringify({ devedor: { cpf: CPF.a, cnpj: CNPJ, nome: 'x'.repeat(300) }, infoAdicionais: [{ nome: 1 }] }),
      JSON.stringify({ valor: '1.00' }),
      JSON.stringify({ valor: '99999999999.00', natureza: 'X' }),
      JSON.stringify({ webhookUrl: 'http://127.0.0.1:9/x' }),
      JSON.stringify({ valor: '1.00', pagador: { chave: t.config.wallet.pix.chave }, favorecido: { chave: CPF.a, cpf: CPF.a } }),
      JSON.stringify({ grant_type: 'client_credentials' }),
    )
    const auth = fc.constantFrom(`Bearer ${token}`, 'Bearer nope', `Basic ${basic}`, '')
    const query = fc.constantFrom('', `?inicio=${new Date(0).toISOString()}&fim=${new Date().toISOString()}`, '?inicio=x&fim=y', '?paginacao.itensPorPagina=0', '?revisao=0', '?revisao=1&revisao=x', `?inicio=${new Date().toISOString()}&fim=${new Date(0).toISOString()}&paginacao.paginaAtual=-1`)
    const arb = fc.tuple(fc.constantFrom(...EMULATOR_ROUTES), segment, segment, body, auth, query).map(([route, a, b, raw, authorization, q]): FuzzRequest => {
      const [method, path] = route.split(' ') as [string, string]
      let n = 0
      const url = path.replace(/:\w+/g, () => (n++ === 0 ? a : b)) + (method === 'GET' ? q : '')
      return { method, url, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, payload: method === 'GET' || method === 'DELETE' ? undefined : raw }
    })
    await fuzz('emulator', arb)
  })

  it('our own pay page never gets a 5xx', async () => {
    const arb = fc.oneof(fc.constantFrom(...payNos), fc.constantFrom(...HOSTILE_STRINGS, ...BOUNDARY_STRINGS).map(encodeSegment)).map((payNo): FuzzRequest => ({ method: 'GET', url: `${PAY_PAGE_PREFIX}/${payNo}`, headers: {} }))
    await fuzz('payPage', arb)
  })

  it('sandbox pay page and its bank button never get a 5xx', async () => {
    const payNo = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...payNos) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...BOUNDARY_STRINGS).map(encodeSegment) }, { weight: 1, arbitrary: fc.constantFrom('%', '%zz', 'x'.repeat(300)) })
    const lang = fc.constantFrom('', '?lang=en_US', '?lang=xx', '?lang=%zz', `?lang=${'x'.repeat(500)}`, '?lang=pt_BR&lang=en_US')
    const arb = fc.record({ payNo, lang, pay: fc.boolean(), body: fc.constantFrom('', 'a=1', '{"a":1}') }).map(
      (r): FuzzRequest => (r.pay
        ? { method: 'POST', url: `${SANDBOX_PAGE_PREFIX}/${r.payNo}/pay${r.lang}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: r.body }
        : { method: 'GET', url: `${SANDBOX_PAGE_PREFIX}/${r.payNo}${r.lang}`, headers: {} }),
    )
    await fuzz('sandbox', arb)
  })

  it('provider wallet: signed, unsigned and forged calls never get a 5xx, whatever the order', async () => {
    const secret = providerSecretOf(t.config, 'PG')!
    await fundCash(t, player.userId, 100_000n)
    const launched = (await call<{ url: string }>(t, calls.launchGame, { token: player.token, body: { productCode: 'PG', game: 'demo-fruits' } })).body.data.url
    const token = new URL(launched, 'http://x').searchParams.get('token')!
    const ids = ['t1', 't2', 't3', 'x'.repeat(100)]
    const body = objectOf(
      { requestId: z.string(), token: z.string(), game: z.string(), roundId: z.string(), transactionId: z.string(), referenceTransactionId: z.string(), amount: z.number(), currency: z.string() },
      {
        requestId: ['r1', 'r2'],
        token: [token, 'nope'],
        game: ['demo-fruits', 'demo-jungle'],
        roundId: ['round-1'],
        transactionId: ids,
        referenceTransactionId: ids,
        amount: [0, 1, 100, 5_000, 1_000_000_000, -1, 1.5, 2 ** 60],
        currency: ['BRL', 'USD'],
      },
    )
    const raw = fc.oneof({ weight: 5, arbitrary: body.map((b) => JSON.stringify(b)) }, { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', 'x'.repeat(20_000)) })
    const arb = fc
      .tuple(raw, fc.constantFrom('balance', 'bet', 'win', 'rollback', 'x', '%00'), fc.oneof({ weight: 6, arbitrary: fc.constant('PG') }, { weight: 1, arbitrary: fc.constantFrom('EVO', 'XX', '%00') }))
      .chain(([payload, op, code]) =>
        fc.oneof({ weight: 5, arbitrary: fc.constant(signBody(secret, payload)) }, { weight: 1, arbitrary: fc.constantFrom(undefined, '', signBody('other', payload)) }).map((sig): FuzzRequest => {
          const headers: Record<string, string> = { 'content-type': 'application/json' }
          if (sig !== undefined) headers['x-signature'] = sig
          return { method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/${code}/wallet/${op}`, headers, payload }
        }),
      )
    await fuzz('provider-wallet', arb)
  })

  it('demo provider: spins, balance asks and game lists with any body never get a 5xx (its wallet unreachable here: not listening)', async () => {
    const launched = (await call<{ url: string }>(t, calls.launchGame, { token: player.token, body: { productCode: 'PG', game: 'demo-fruits' } })).body.data.url
    const token = new URL(launched, 'http://x').searchParams.get('token')!
    const body = objectOf(
      { token: z.string(), game: z.string(), bet: z.number(), fault: z.string() },
      { token: [token, 'nope'], game: ['demo-fruits', 'demo-carnival', 'x'], bet: [20, 100, 123, -1, 1.5, 2 ** 60], fault: ['repeat', 'x'] },
    )
    const raw = fc.oneof({ weight: 4, arbitrary: body.map((b) => JSON.stringify(b)) }, { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null') })
    // OPTIONS: the sandboxed page's preflight (origin 'null'), or anyone's.
    const arb = fc.tuple(raw, fc.constantFrom('spin', 'balance', 'games', 'x'), fc.constantFrom('PG', 'EVO', 'XX', '%00'), fc.constantFrom('POST', 'POST', 'OPTIONS', 'GET'), fc.constantFrom('null', 'https://evil.example', '')).map(
      ([payload, op, code, method, origin]): FuzzRequest => ({ method, url: `/demo-provider/${code}/api/${op}`, headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) }, payload: method === 'POST' ? payload : undefined }),
    )
    await fuzz('demo-provider', arb)
  })

  it('leaves the ledger balanced and no player below zero', async () => {
    await expectLedgerInvariant(t.db)
    const negative = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM ledger_accounts WHERE NOT is_system AND balance < 0')
    expect(negative.rows[0]!.n).toBe(0n)
  })
})
