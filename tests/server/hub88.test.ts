/**
 * Hub88 (issue 33): its documented signing example; our Wallet API as Hub88 calls it (every status,
 * units, repeats, races, rollbacks, lost answers, the signed answers); its Games API through the
 * emulator (the list with RTP and volatility, a game URL for a session, a round's details); a spin
 * of the demo slot end to end (page -> supplier -> emulator -> our wallet); production's refusals.
 */
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import example from './fixtures/hub88-signing-example.json'
import { loadConfig } from '../../src/server/config'
import { hub88Keys } from '../../src/server/providers/hub88/keys'
import { HUB88_SIGNATURE_HEADER, rsaPrivateKey, rsaPublicKey, signHub88, verifyHub88 } from '../../src/server/providers/hub88/signing'
import { HUB88_WALLET_PREFIX } from '../../src/server/providers/hub88/walletRoutes'
import { Hub88Games } from '../../src/server/providers/hub88/games'
import { HUB88_EMULATOR_PATH } from '../../src/server/providers/hub88/emulator'
import { openProviderSession, closeProviderSessions } from '../../src/server/providers/sessions'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { providerSecretOf } from '../../src/server/providers/secrets'
import { signBody } from '../../src/server/providers/signature'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

/** Hub88's units: R$ 1,00 is 100000, so a centavo is 1000. */
const U = 1000
const GAME = 'pgs_demo-fruits'
let t: TestApp
let base = ''
beforeAll(async () => {
  // PG and BG through Hub88 (its emulator), EVO from the demo provider directly: a token of EVO's is not Hub88's.
  t = await startTestApp({}, { GAME_AGGREGATOR: 'hub88', GAME_PROVIDERS: 'PG=hub88,EVO=demo,BG=hub88', DEMO_PROVIDER_FAULTS: '1', PROVIDER_SETTLE_WINDOW_HOURS: '24' })
  const a = t.app.server.address()
  if (!a || typeof a === 'string') throw new Error('not listening')
  base = `http://127.0.0.1:${a.port}`
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const keys = () => hub88Keys(t.config)

type Answer = { status: string; balance?: number; request_uuid?: string; user?: string; currency?: string; country?: string }

/** One Wallet API call as Hub88 makes it: signed with Hub88's key (the emulator's); the answer's signature checked. */
async function hub88(call: string, body: Record<string, unknown>, opts: { signature?: string | null; raw?: string } = {}): Promise<Answer & { signed: boolean }> {
  const raw = opts.raw ?? JSON.stringify({ request_uuid: randomUUID(), ...body })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const signature = opts.signature === undefined ? signHub88(keys().hub88Private!, raw) : opts.signature
  if (signature !== null) headers[HUB88_SIGNATURE_HEADER] = signature
  const res = await t.app.inject({ method: 'POST', url: `${HUB88_WALLET_PREFIX}/${call}`, headers, payload: raw })
  expect(res.statusCode).toBe(200)
  return { ...(JSON.parse(res.body) as Answer), signed: verifyHub88(keys().oursPublic, res.body, res.headers[HUB88_SIGNATURE_HEADER] as string | undefined) }
}

interface Seat {
  player: Player
  user: string
  token: string
}

async function seat(cash = 10_000n, code = 'PG', game = GAME): Promise<Seat> {
  const player = await newPlayer(t)
  if (cash > 0n) await fundCash(t, player.userId, cash)
  const token = await openProviderSession(t.db, player.userId, code, game, new Date(t.app.deps.now()), t.config.providerSessionMs)
  return { player, user: String(player.uId), token }
}

const ids = new Map<string, string>()
const tx = (): string => randomUUID()
const bet = (s: Seat, centavos: number, transaction = tx(), round = tx()) => {
  ids.set(transaction, round)
  return hub88('transaction/bet', { user: s.user, token: s.token, transaction_uuid: transaction, supplier_transaction_id: 's-1', round, round_closed: false, game_code: GAME, currency: 'BRL', amount: centavos * U, is_free: false, bet: 'spin', meta: {} })
}
const win = (s: Seat, reference: string, centavos: number, transaction = tx(), round = ids.get(reference) ?? 'r') =>
  hub88('transaction/win', { user: s.user, token: s.token, transaction_uuid: transaction, reference_transaction_uuid: reference, round, round_closed: true, game_code: GAME, currency: 'BRL', amount: centavos * U })
const rollback = (s: Seat, reference: string, transaction = tx(), round = ids.get(reference) ?? 'r') =>
  hub88('transaction/rollback', { user: s.user, token: s.token, transaction_uuid: transaction, reference_transaction_uuid: reference, round, round_closed: true, game_code: GAME })
const cashOf = async (p: Player) => Number((await balances(t, p.userId)).cash)

describe("Hub88's signing", () => {
  it("reproduces the docs' example: our signature of the example body with the example key is the documented one, and checks", () => {
    const key = rsaPrivateKey(example.privateKey)
    expect(signHub88(key, example.body)).toBe(example.signature)
    expect(verifyHub88(rsaPublicKey(example.publicKey), example.body, example.signature)).toBe(true)
    // One byte changed, or another key: refused.
    expect(verifyHub88(rsaPublicKey(example.publicKey), example.body.replace('39', '40'), example.signature)).toBe(false)
    expect(verifyHub88(keys().hub88Public, example.body, example.signature)).toBe(false)
    expect(verifyHub88(rsaPublicKey(example.publicKey), example.body, 'not base64!')).toBe(false)
  })
})

describe("our Wallet API, as Hub88 calls it", () => {
  it('a bet and its win move centavos at 1000 units each; every answer echoes request_uuid, names user and BRL, and is signed with our key', async () => {
    const s = await seat(10_000n)
    const uuid = randomUUID()
    const balance = await hub88('user/balance', { user: s.user, token: s.token, game_code: GAME, request_uuid: uuid })
    expect(balance).toEqual({ status: 'RS_OK', user: s.user, request_uuid: uuid, currency: 'BRL', balance: 10_000 * U, signed: true })
    const b = tx()
    expect(await bet(s, 250, b)).toMatchObject({ status: 'RS_OK', balance: 9_750 * U, signed: true })
    expect(await win(s, b, 1_000)).toMatchObject({ status: 'RS_OK', balance: 10_750 * U })
    expect(await cashOf(s.player)).toBe(10_750)
    // The record shows the round.
    const records = await t.db.query<{ n: string }>("SELECT count(*)::text AS n FROM provider_transactions WHERE provider = 'PG' AND user_id = $1", [s.player.userId])
    expect(records.rows[0]!.n).toBe('2')
  })

  it('a request not signed by Hub88, or not JSON, or of the wrong types, moves nothing', async () => {
    const s = await seat(1_000n)
    const body = { user: s.user, token: s.token, transaction_uuid: tx(), round: 'r1', game_code: GAME, currency: 'BRL', amount: 100 * U }
    expect((await hub88('transaction/bet', body, { signature: null })).status).toBe('RS_ERROR_INVALID_SIGNATURE')
    // Signed by another key (ours, say): not Hub88's.
    const raw = JSON.stringify({ request_uuid: randomUUID(), ...body })
    expect((await hub88('transaction/bet', body, { raw, signature: signHub88(keys().ours, raw) })).status).toBe('RS_ERROR_INVALID_SIGNATURE')
    const bad = '{"user":'
    expect((await hub88('transaction/bet', {}, { raw: bad })).status).toBe('RS_ERROR_WRONG_SYNTAX')
    expect((await hub88('transaction/bet', { ...body, amount: '100000' })).status).toBe('RS_ERROR_WRONG_TYPES')
    // A tenth of a centavo: the wallet keeps centavos.
    expect((await hub88('transaction/bet', { ...body, amount: 100 * U + 1 })).status).toBe('RS_ERROR_WRONG_TYPES')
    // A free round (Hub88's Freebets API): none is ours.
    expect((await hub88('transaction/bet', { ...body, is_free: true })).status).toBe('RS_ERROR_UNKNOWN')
    expect(await cashOf(s.player)).toBe(1_000)
  })

  it("a code served through Hub88 takes no call on the direct wallet, even signed with the demo supplier's secret", async () => {
    const s = await seat(1_000n)
    const raw = JSON.stringify({ requestId: 'r-direct', token: s.token, game: GAME, roundId: 'r', transactionId: tx(), amount: 100, currency: 'BRL' })
    const secret = providerSecretOf(t.config, 'PG')!
    const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/bet`, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) }, payload: raw })
    expect(JSON.parse(res.body)).toEqual({ status: 'INVALID_SIGNATURE' })
    expect(await cashOf(s.player)).toBe(1_000)
  })

  it('any signed body, of any shape, gets an RS_* answer with HTTP 200: never a 500 or a stack trace', async () => {
    const s = await seat(1_000n)
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }))
    // Each field its real value, another of any type, or missing.
    const field = (name: string, real: unknown) => fc.option(fc.oneof(fc.constant(real), value), { nil: undefined }).map((v) => [name, v] as const)
    const body = fc
      .tuple(field('user', s.user), field('token', s.token), field('transaction_uuid', tx()), field('reference_transaction_uuid', tx()), field('round', 'r-fuzz'), field('game_code', GAME), field('currency', 'BRL'), field('amount', 100 * U))
      .map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('user/info', 'user/balance', 'transaction/bet', 'transaction/win', 'transaction/rollback'), body, async (call, b) => {
        const raw = JSON.stringify({ request_uuid: randomUUID(), ...b })
        const res = await t.app.inject({ method: 'POST', url: `${HUB88_WALLET_PREFIX}/${call}`, headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88(keys().hub88Private!, raw) }, payload: raw })
        expect(res.statusCode).toBe(200)
        expect((JSON.parse(res.body) as Answer).status).toMatch(/^RS_/)
        expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at .+:\d+:\d+/)
      }),
      { numRuns: 150, seed: 33 },
    )
    // A fully valid body is among the cases, so money may have moved: the ledger's check after each test still holds.
  })

  it('ignores fields it does not know (Hub88 adds optional ones)', async () => {
    const s = await seat(1_000n)
    expect((await hub88('transaction/bet', { user: s.user, token: s.token, transaction_uuid: tx(), round: 'r', game_code: GAME, currency: 'BRL', amount: 100 * U, is_billable: true, direct_fee: 0, new_field: { x: 1 } })).status).toBe('RS_OK')
    expect(await cashOf(s.player)).toBe(900)
  })

  it('a repeat of a transaction answers as the first and moves nothing; the same id with another amount, round or game is a duplicate', async () => {
    const s = await seat(10_000n)
    const b = tx()
    const round = tx()
    const first = await bet(s, 100, b, round)
    expect(first.status).toBe('RS_OK')
    const again = await bet(s, 100, b, round)
    expect(again).toMatchObject({ status: 'RS_OK', balance: first.balance })
    expect(again.request_uuid).not.toBe(first.request_uuid)
    expect((await bet(s, 200, b, round)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION')
    expect((await bet(s, 100, b, tx())).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION')
    const w = tx()
    expect((await win(s, b, 300, w, round)).status).toBe('RS_OK')
    expect((await win(s, b, 300, w, round)).status).toBe('RS_OK')
    expect((await win(s, b, 400, w, round)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION')
    expect(await cashOf(s.player)).toBe(10_000 - 100 + 300)
  })

  it('the same bet sent ten times at once debits once', async () => {
    const s = await seat(1_000n)
    const b = tx()
    const round = tx()
    const answers = await Promise.all(Array.from({ length: 10 }, () => bet(s, 700, b, round)))
    expect(answers.every((a) => a.status === 'RS_OK' && a.balance === 300 * U)).toBe(true)
    expect(await cashOf(s.player)).toBe(300)
  })

  it('not enough money: refused with the real balance, nothing kept (the id may be sent again)', async () => {
    const s = await seat(500n)
    const b = tx()
    expect(await bet(s, 600, b)).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 500 * U })
    await fundCash(t, s.player.userId, 200n)
    expect((await bet(s, 600, b, ids.get(b))).status).toBe('RS_OK')
    expect(await cashOf(s.player)).toBe(100)
  })

  it("a win on a bet never seen is RS_ERROR_TRANSACTION_DOES_NOT_EXIST; a rollback of one is RS_OK and the bet arriving late is refused", async () => {
    const s = await seat(1_000n)
    expect((await win(s, tx(), 500, tx(), 'r-none')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST')
    const lost = tx()
    const round = tx()
    ids.set(lost, round)
    expect((await rollback(s, lost)).status).toBe('RS_OK')
    expect((await bet(s, 100, lost, round)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK')
    expect(await cashOf(s.player)).toBe(1_000)
  })

  it('a rollback gives the stake back once; a win after it is refused; a rollback after a win moves nothing', async () => {
    const s = await seat(1_000n)
    const b = tx()
    expect((await bet(s, 400, b)).status).toBe('RS_OK')
    const r = tx()
    expect(await rollback(s, b, r)).toMatchObject({ status: 'RS_OK', balance: 1_000 * U })
    expect((await rollback(s, b, r)).status).toBe('RS_OK')
    expect((await rollback(s, b)).status).toBe('RS_OK')
    expect((await win(s, b, 5_000)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST')
    expect(await cashOf(s.player)).toBe(1_000)

    const b2 = tx()
    await bet(s, 100, b2)
    await win(s, b2, 250)
    expect((await rollback(s, b2)).status).toBe('RS_ERROR_UNKNOWN')
    expect(await cashOf(s.player)).toBe(1_150)
  })

  it("another player's user with a token, a token of a provider not served by Hub88, an unknown token: RS_ERROR_INVALID_TOKEN", async () => {
    const s = await seat(1_000n)
    const other = await seat(1_000n)
    expect((await hub88('transaction/bet', { user: other.user, token: s.token, transaction_uuid: tx(), round: 'r', game_code: GAME, currency: 'BRL', amount: 100 * U })).status).toBe('RS_ERROR_INVALID_TOKEN')
    const evo = await seat(1_000n, 'EVO', 'demo-ocean')
    expect((await hub88('transaction/bet', { user: evo.user, token: evo.token, transaction_uuid: tx(), round: 'r', game_code: 'demo-ocean', currency: 'BRL', amount: 100 * U })).status).toBe('RS_ERROR_INVALID_TOKEN')
    expect((await hub88('user/balance', { user: s.user, token: 'no-such-token-000', game_code: GAME })).status).toBe('RS_ERROR_INVALID_TOKEN')
    expect(await cashOf(s.player)).toBe(1_000)
    expect(await cashOf(other.player)).toBe(1_000)
  })

  it('wrong currency, wrong game; an expired token refuses a bet but takes the win of a bet placed before', async () => {
    const s = await seat(1_000n)
    expect((await hub88('transaction/bet', { user: s.user, token: s.token, transaction_uuid: tx(), round: 'r', game_code: GAME, currency: 'USD', amount: 100 * U })).status).toBe('RS_ERROR_WRONG_CURRENCY')
    expect((await hub88('transaction/bet', { user: s.user, token: s.token, transaction_uuid: tx(), round: 'r', game_code: 'pgs_demo-jungle', currency: 'BRL', amount: 100 * U })).status).toBe('RS_ERROR_INVALID_GAME')
    const b = tx()
    expect((await bet(s, 100, b)).status).toBe('RS_OK')
    await closeProviderSessions(t.db, s.player.userId, new Date(t.app.deps.now()))
    expect((await bet(s, 100)).status).toBe('RS_ERROR_TOKEN_EXPIRED')
    expect((await hub88('user/balance', { user: s.user, token: s.token, game_code: GAME })).status).toBe('RS_ERROR_TOKEN_EXPIRED')
    expect((await win(s, b, 300)).status).toBe('RS_OK')
    expect(await cashOf(s.player)).toBe(1_200)
  })

  it("a round's wins above HUB88_MAX_WIN_X times its stake are refused (RS_ERROR_LIMIT_REACHED)", async () => {
    const s = await seat(1_000n)
    const b = tx()
    await bet(s, 1, b)
    expect((await win(s, b, t.config.hub88.maxWinX + 1)).status).toBe('RS_ERROR_LIMIT_REACHED')
    expect((await win(s, b, t.config.hub88.maxWinX)).status).toBe('RS_OK')
  })

  it('a paused player is disabled: bets refused, user/info says so; an active one gets the country and registration date, no personal data', async () => {
    const s = await seat(1_000n)
    const info = await hub88('user/info', { user: s.user })
    expect(info).toMatchObject({ status: 'RS_OK', user: s.user, country: 'BR', signed: true })
    expect(Object.keys(info).sort()).toEqual(['country', 'registration_date', 'request_uuid', 'signed', 'status', 'user'])
    expect((await callKeyed(t, calls.rgPause, { token: s.player.token, body: { days: 1 } })).body.status).toBe(200)
    expect((await bet(s, 100)).status).toBe('RS_ERROR_USER_DISABLED')
    expect((await hub88('user/info', { user: s.user })).status).toBe('RS_ERROR_USER_DISABLED')
    expect((await hub88('user/info', { user: '99999999' })).status).toBe('RS_ERROR_UNKNOWN')
    expect(await cashOf(s.player)).toBe(1_000)
  })
})

describe('the Games API and a spin end to end, through the emulator', () => {
  it('the lists carry the Hub88 games of each code with their RTP and volatility; a launch asks Hub88 for the URL, which opens the demo slot', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 5_000n)
    const pg = (await call(t, calls.gameGroup, { query: { productCode: 'PG' } })).body.data.records as { gameType: string; rtp: number; volatility?: number; stop: number }[]
    expect(pg.map((g) => g.gameType)).toEqual(['pgs_demo-fruits', 'pgs_demo-jungle', 'pgs_demo-carnival'])
    expect(pg[0]!.rtp).toBe(96.14)
    // The catalogue's volatility (the emulator lists every demo game at 3, Hub88's "medium"), shown on the tile.
    expect(pg.map((g) => g.volatility)).toEqual([3, 3, 3])
    expect(pg[2]!.stop).toBe(1)
    expect(((await call(t, calls.gameGroup, { query: { productCode: 'BG' } })).body.data.records as { gameType: string }[]).map((g) => g.gameType)).toEqual(['bgm_demo-carnival', 'bgm_demo-fruits'])
    const launched = await call(t, calls.launchGame, { token: p.token, body: { productCode: 'PG', game: GAME } })
    expect(launched.body.status).toBe(200)
    const url = new URL(launched.body.data.url as string, base)
    expect(url.pathname).toBe('/demo-provider/PG/')
    expect(url.searchParams.get('game')).toBe('demo-fruits')

    // A spin: the page asks the demo provider, which calls the emulator, which calls our wallet.
    const spin = async (fault?: string) => {
      const res = await fetch(`${base}/demo-provider/PG/api/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: url.searchParams.get('token'), game: 'demo-fruits', bet: 100, fault }) })
      return (await res.json()) as { status: string; payout?: number; balance?: number; roundId?: string }
    }
    const played = await spin()
    expect(played.status).toBe('OK')
    expect(played.balance).toBe(5_000 - 100 + played.payout!)
    expect(await cashOf({ ...p } as Player)).toBe(played.balance)

    // The round's details at Hub88 (the Games API's round call), for the user who played it.
    const games = new Hub88Games({ baseUrl: () => `${base}${HUB88_EMULATOR_PATH}`, operatorId: 1, subPartnerId: null, key: keys().ours, timeoutMs: 5_000 })
    const round = await games.roundUrl({ user: String(p.uId), transactionUuid: randomUUID(), round: played.roundId! })
    const details = (await (await fetch(`${base}${round}`)).json()) as { transactions: { call: string; status: string }[] }
    expect(details.transactions.map((x) => `${x.call} ${x.status}`)).toEqual(['bet RS_OK', 'win RS_OK'])
    await expect(games.roundUrl({ user: '12345678', transactionUuid: randomUUID(), round: played.roundId! })).rejects.toThrow(/404/)
    // The player's record of the stake links the same details (asked of Hub88 for the player, the round and its bet).
    const stakes = (await call(t, calls.records, { token: p.token, query: { type: '41' } })).body.data.records as { id: string }[]
    const detail = (await call(t, calls.record, { token: p.token, params: { id: stakes[0]!.id } })).body.data as { bet: { roundId: string; detailsUrl?: string } }
    expect(detail.bet.roundId).toBe(played.roundId)
    expect(detail.bet.detailsUrl).toBe(round)

    // The supplier's round fails after the bet: it rolls the bet back through Hub88.
    const before = await cashOf({ ...p } as Player)
    expect((await spin('timeoutAfterBet')).status).toBe('ROUND_FAILED')
    expect(await cashOf({ ...p } as Player)).toBe(before)
  })

  it("Hub88's rules for lost answers: a bet whose answer is lost is rolled back; a win whose answer is lost is sent again and paid once", async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 5_000n)
    const url = new URL((await call(t, calls.launchGame, { token: p.token, body: { productCode: 'PG', game: GAME } })).body.data.url as string, base)
    const spin = async () => {
      const res = await fetch(`${base}/demo-provider/PG/api/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: url.searchParams.get('token'), game: 'demo-fruits', bet: 200 }) })
      return (await res.json()) as { status: string; payout?: number; balance?: number }
    }
    const emulator = t.app.hub88Emulator!
    emulator.nextFaults.bet = { loseAnswer: true }
    expect((await spin()).status).not.toBe('OK')
    expect(await cashOf({ ...p } as Player)).toBe(5_000)
    const rolled = await t.db.query<{ state: string }>("SELECT state FROM provider_transactions WHERE user_id = $1 AND kind = 'bet'", [p.userId])
    expect(rolled.rows.map((r) => r.state)).toEqual(['rolled_back'])

    emulator.nextFaults.win = { loseAnswer: true }
    const played = await spin()
    expect(played.status).toBe('OK')
    expect(await cashOf({ ...p } as Player)).toBe(5_000 - 200 + played.payout!)
    const wins = await t.db.query<{ n: string }>("SELECT count(*)::text AS n FROM provider_transactions WHERE user_id = $1 AND kind = 'win'", [p.userId])
    expect(wins.rows[0]!.n).toBe('1')
  })

  it("the Games API refuses a call not signed with our key (401), another operator (404), and a second list within a minute (429)", async () => {
    const post = (path: string, raw: string, key = keys().ours) =>
      fetch(`${base}${HUB88_EMULATOR_PATH}/operator/generic/v2/game/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88(key, raw) }, body: raw })
    const list = JSON.stringify({ operator_id: 1 })
    expect((await post('list', list, keys().hub88Private!)).status).toBe(401)
    expect((await post('list', JSON.stringify({ operator_id: 2 }))).status).toBe(404)
    // The app read the list at its first launch: a second within the minute is refused.
    const again = await post('list', list)
    expect(again.status).toBe(429)
    expect(await again.text()).toBe('Too Many Requests')
    const res = await post('url', JSON.stringify({ operator_id: 1, user: '12345678', token: 'a-token-of-ten', platform: 'GPL_MOBILE', game_code: 'pgs_no-such-game', currency: 'BRL', lang: 'pt', ip: '127.0.0.1', country: 'BR' }))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })
})

describe('production', () => {
  it('refuses the Hub88 emulator and asks for the keys; takes Hub88 with its settings', () => {
    const env = { APP_MODE: 'production', DATA_DIR: '/tmp/x', GAME_AGGREGATOR: 'hub88' }
    const problems = (() => {
      try {
        loadConfig(env)
        return ''
      } catch (err) {
        return String(err)
      }
    })()
    expect(problems).toContain('HUB88_URL is unset')
    expect(problems).toContain('HUB88_PRIVATE_KEY is unset')
    expect(problems).toContain('HUB88_PUBLIC_KEY is unset')
    expect(problems).not.toContain('PROVIDER_SECRETS has no secret')
  })
})
