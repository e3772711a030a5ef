/**
 * The seamless wallet that game providers call (issue 15): every status, repeats, races, calls out
 * of order, rollbacks; a win's round, session, cap and settlement window (issue 29); the ledger
 * invariant after each test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openProviderSession, closeProviderSessions } from '../../src/server/providers/sessions'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { signBody } from '../../src/server/providers/signature'
import { calls } from '../../src/shared/contract'
import { call, snapshotDb, startTestApp, type TestApp, logCapture } from './testApp'
import { balances, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

const PG = 'pg-secret-for-tests-0123456789abcdef'
const EVO = 'evo-secret-for-tests-0123456789abcdef'
const HOUR = 3_600_000
/** PROVIDER_SETTLE_WINDOW_HOURS of this suite. */
const SETTLE_MS = 24 * HOUR
/** The demo slot's largest multiplier (its catalogue's maxMultiplier). */
const MAX_X = 78
let t: TestApp
const captured = logCapture()
const log = () => captured.text()
beforeAll(async () => {
  t = await startTestApp(
    {},
    { PROVIDER_SECRETS: `PG=${PG},EVO=${EVO}`, WAGER_CONTRIBUTION: 'dice=10,limbo=10,mines=10,slots=50', PROVIDER_SETTLE_WINDOW_HOURS: '24', LOG: '1' },
    { logStream: captured.stream },
  )
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Reply = { status: string; balance?: number; transactionId?: string; message?: string }
let seq = 0
const rid = () => `req-${process.pid}-${++seq}`
const txid = (tag = 'tx') => `${tag}-${process.pid}-${Date.now()}-${++seq}`

async function wallet(op: string, body: Record<string, unknown>, opts: { code?: string; secret?: string; signature?: string | null; raw?: string } = {}): Promise<{ http: number; body: Reply }> {
  const raw = opts.raw ?? JSON.stringify({ requestId: rid(), ...body })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const signature = opts.signature === undefined ? signBody(opts.secret ?? PG, raw) : opts.signature
  if (signature !== null) headers['x-signature'] = signature
  const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/${opts.code ?? 'PG'}/wallet/${op}`, headers, payload: raw })
  return { http: res.statusCode, body: JSON.parse(res.body) as Reply }
}

interface Seat {
  player: Player
  token: string
  game: string
}

async function seat(cash = 10_000n, game = 'demo-fruits'): Promise<Seat> {
  const player = await newPlayer(t)
  if (cash > 0n) await fundCash(t, player.userId, cash)
  const token = await openProviderSession(t.db, player.userId, 'PG', game, new Date(t.app.deps.now()), t.config.providerSessionMs)
  return { player, token, game }
}

/** Each bet's round, by its id: a win or rollback names its bet's round unless told otherwise. */
const roundOf = new Map<string, string>()
const bet = (s: Seat, amount: number, transactionId = txid('bet'), roundId = txid('round')) => {
  roundOf.set(transactionId, roundId)
  return wallet('bet', { token: s.token, game: s.game, roundId, transactionId, amount, currency: 'BRL' })
}
const win = (s: Seat, referenceTransactionId: string, amount: number, transactionId = txid('win'), roundId = roundOf.get(referenceTransactionId) ?? 'r') =>
  wallet('win', { token: s.token, game: s.game, roundId, transactionId, referenceTransactionId, amount, currency: 'BRL' })
const rollback = (s: Seat, referenceTransactionId: string, transactionId = txid('rb'), roundId = roundOf.get(referenceTransactionId) ?? 'r') =>
  wallet('rollback', { token: s.token, game: s.game, roundId, transactionId, referenceTransactionId })
const spendable = async (p: Player) => {
  const b = await balances(t, p.userId)
  return Number(b.cash + b.bonus)
}

describe('provider wallet: who may call', () => {
  it('a missing, wrong or other provider\'s signature, or an unknown provider, is INVALID_SIGNATURE and changes nothing', async () => {
    const s = await seat()
    const body = { token: s.token, game: s.game, roundId: 'r1', transactionId: txid(), amount: 100, currency: 'BRL' }
    const before = await snapshotDb(t.db)
    for (const opts of [{ signature: null }, { signature: 'ab'.repeat(32) }, { secret: EVO }, { code: 'EVO' }, { code: 'XX', secret: 'whatever' }]) {
      const r = await wallet('bet', body, opts)
      expect([r.http, r.body.status], JSON.stringify(opts)).toEqual([200, 'INVALID_SIGNATURE'])
    }
    // Signed over other bytes than those sent.
    const raw = JSON.stringify({ requestId: rid(), ...body })
    expect((await wallet('bet', {}, { raw: raw.replace('"amount":100', '"amount":1'), signature: signBody(PG, raw) })).body.status).toBe('INVALID_SIGNATURE')
    expect(await snapshotDb(t.db)).toBe(before)
    expect(await spendable(s.player)).toBe(10_000)
  })

  it('a signed body that is not the call\'s shape is a 400 UNKNOWN_ERROR, never a 500, and an unknown call a 404', async () => {
    const s = await seat()
    const before = await snapshotDb(t.db)
    for (const raw of ['{"token":', '[]', '"x"', JSON.stringify({ requestId: 'r', token: s.token, game: s.game, roundId: 'r', transactionId: 't', amount: -5, currency: 'BRL' }), JSON.stringify({ requestId: 'r', token: s.token, game: s.game, roundId: 'r', transactionId: 't', amount: 1.5, currency: 'BRL' })]) {
      const r = await wallet('bet', {}, { raw })
      expect([r.http, r.body.status], raw).toEqual([400, 'UNKNOWN_ERROR'])
    }
    expect((await wallet('transfer', { token: s.token })).http).toBe(404)
    expect(await snapshotDb(t.db)).toBe(before)
  })

  it('an id, token or currency holding a NUL or other invisible character is a 400 (found by the fuzzer: a NUL in an id answered 500)', async () => {
    const s = await seat()
    const placed = txid('bet')
    expect((await bet(s, 100, placed)).body.status).toBe('OK')
    const before = await snapshotDb(t.db)
    const base = { token: s.token, game: s.game, roundId: 'r', transactionId: txid('rb'), referenceTransactionId: placed }
    for (const bad of [{ transactionId: 'a\u0000b' }, { referenceTransactionId: `${placed}\u0000` }, { roundId: 'r 1' }, { token: `${s.token}\n` }, { game: 'pg\u200bfortune' }]) {
      const r = await wallet('rollback', { ...base, ...bad })
      expect([r.http, r.body.status], JSON.stringify(bad)).toEqual([400, 'UNKNOWN_ERROR'])
    }
    const r = await wallet('balance', { token: s.token, currency: 'BR\u0000L' })
    expect([r.http, r.body.status]).toEqual([400, 'UNKNOWN_ERROR'])
    expect(await snapshotDb(t.db)).toBe(before)
    expect(await spendable(s.player)).toBe(9_900)
  })
})

describe('provider wallet: balance, tokens, games', () => {
  it('answers the balance in centavos; an unknown token, another currency, a closed or expired session, a disabled player say so', async () => {
    const s = await seat(12_345n)
    expect((await wallet('balance', { token: s.token, currency: 'BRL' })).body).toEqual({ status: 'OK', balance: 12_345 })
    expect((await wallet('balance', { token: 'nope', currency: 'BRL' })).body).toEqual({ status: 'INVALID_TOKEN' })
    expect((await wallet('balance', { token: s.token, currency: 'USD' })).body).toEqual({ status: 'WRONG_CURRENCY', balance: 12_345 })
    expect((await bet(s, 100, txid(), 'r')).body.status).toBe('OK')
    expect((await wallet('bet', { token: s.token, game: 'evo-roulette', roundId: 'r', transactionId: txid(), amount: 100, currency: 'BRL' })).body).toEqual({ status: 'INVALID_GAME', balance: 12_245 })
    // The same token through another provider's door is not a token there.
    expect((await wallet('balance', { token: s.token, currency: 'BRL' }, { code: 'EVO', secret: EVO })).body.status).toBe('INVALID_TOKEN')
    await t.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [s.player.userId])
    expect((await wallet('balance', { token: s.token, currency: 'BRL' })).body).toEqual({ status: 'USER_DISABLED' })
    await t.db.query('UPDATE users SET disabled_at = NULL WHERE id = $1', [s.player.userId])
    // Past PROVIDER_SESSION_HOURS: no more bets.
    t.advance(t.config.providerSessionMs + 1000)
    expect((await wallet('balance', { token: s.token, currency: 'BRL' })).body).toEqual({ status: 'TOKEN_EXPIRED', balance: 12_245 })
    expect((await bet(s, 100)).body.status).toBe('TOKEN_EXPIRED')
  })

  it('after the game closed, bets are TOKEN_EXPIRED but the round\'s win and a rollback are still taken', async () => {
    const s = await seat()
    const b1 = txid('bet')
    const b2 = txid('bet')
    expect((await bet(s, 300, b1)).body.status).toBe('OK')
    expect((await bet(s, 200, b2)).body.status).toBe('OK')
    await closeProviderSessions(t.db, s.player.userId, new Date(t.app.deps.now()))
    expect((await bet(s, 100)).body).toEqual({ status: 'TOKEN_EXPIRED', balance: 9_500 })
    expect((await win(s, b1, 900)).body).toMatchObject({ status: 'OK', balance: 10_400 })
    expect((await rollback(s, b2)).body).toEqual({ status: 'OK', balance: 10_600 })
  })
})

describe('provider wallet: bets and wins', () => {
  it('a bet takes the stake, a win pays, each once: a retry answers the first reply, a changed request is DUPLICATE_TRANSACTION', async () => {
    const s = await seat()
    const id = txid('bet')
    const first = await bet(s, 500, id, 'round-1')
    expect(first.body).toMatchObject({ status: 'OK', balance: 9_500 })
    expect(first.body.transactionId).toMatch(/^\d+$/)
    // A retry (a new requestId) of the same bet: the same reply, nothing moves.
    expect((await bet(s, 500, id, 'round-1')).body).toEqual(first.body)
    expect((await bet(s, 700, id, 'round-1')).body).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 9_500 })
    const w = txid('win')
    const paid = await win(s, id, 1_250, w, 'round-1')
    expect(paid.body).toMatchObject({ status: 'OK', balance: 10_750 })
    expect((await win(s, id, 1_250, w, 'round-1')).body).toEqual(paid.body)
    // The win's id used for a bet: another request, refused.
    expect((await bet(s, 1, w)).body).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 10_750 })
    // A second win on the same bet (a free spin's) pays too.
    expect((await win(s, id, 50)).body).toMatchObject({ status: 'OK', balance: 10_800 })
    expect(await spendable(s.player)).toBe(10_800)
    // Both show in the player's records: a bet and its wins, as casino orders.
    const rows = await t.db.query<{ kind: string; n: bigint }>(`SELECT kind, count(*) AS n FROM ledger_transactions WHERE user_id = $1 AND ref LIKE 'provider:PG:%' GROUP BY kind ORDER BY kind`, [s.player.userId])
    expect(rows.rows.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['bet', 1],
      ['win', 2],
    ])
  })

  it('NOT_ENOUGH_MONEY with the real balance, and nothing kept: the same bet goes through once the money is there', async () => {
    const s = await seat(300n)
    const id = txid('bet')
    expect((await bet(s, 500, id)).body).toEqual({ status: 'NOT_ENOUGH_MONEY', balance: 300 })
    await fundCash(t, s.player.userId, 1_000n)
    expect((await bet(s, 500, id)).body).toMatchObject({ status: 'OK', balance: 800 })
  })

  it('BET_LIMIT above the stake limit while a gift is wagered; the win of a bonus-paid stake goes back to bonus', async () => {
    const s = await seat(0n)
    await fundCash(t, s.player.userId, 10_000n, 'bonus')
    await t.db.query('INSERT INTO bonus_wagering (user_id, required, wagered, granted_at) VALUES ($1, 100000, 0, $2)', [s.player.userId, new Date(t.app.deps.now() - 1000)])
    expect((await bet(s, Number(t.config.wallet.bonusMaxStake) + 1)).body).toMatchObject({ status: 'BET_LIMIT', balance: 10_000 })
    const id = txid('bet')
    expect((await bet(s, 1_000, id)).body.status).toBe('OK')
    expect((await win(s, id, 3_000)).body.status).toBe('OK')
    const b = await balances(t, s.player.userId)
    expect([b.cash, b.bonus]).toEqual([0n, 12_000n])
    // The round's stake counted toward the gift at slots' 50 % when its win came.
    const w = await t.db.query<{ wagered: bigint }>('SELECT wagered FROM bonus_wagering WHERE user_id = $1', [s.player.userId])
    expect(BigInt(w.rows[0]!.wagered)).toBe(500n)
  })

  it('a win before its bet is TRANSACTION_NOT_FOUND and kept nowhere: sent again after the bet, it pays', async () => {
    const s = await seat()
    const b = txid('bet')
    const w = txid('win')
    expect((await win(s, b, 900, w)).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 10_000 })
    expect((await bet(s, 400, b)).body.status).toBe('OK')
    expect((await win(s, b, 900, w)).body).toMatchObject({ status: 'OK', balance: 10_500 })
  })

  it('a win on another player\'s bet is TRANSACTION_NOT_FOUND', async () => {
    const a = await seat()
    const b = await seat()
    const id = txid('bet')
    expect((await bet(a, 400, id)).body.status).toBe('OK')
    expect((await win(b, id, 5_000)).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 10_000 })
    expect(await spendable(b.player)).toBe(10_000)
  })
})

describe('provider wallet: a win belongs to its round, its session and its game (issue 29)', () => {
  const TEN_MILLION = 1_000_000_000

  it("the audit's attack: R$ 10.000.000 won on no stake after the session closed credits nothing, however its bet is named", async () => {
    const s = await seat()
    const zero = txid('bet')
    const zeroRound = txid('round')
    expect((await bet(s, 0, zero, zeroRound)).body.status).toBe('OK')
    const small = txid('bet')
    expect((await bet(s, 100, small)).body.status).toBe('OK')
    await closeProviderSessions(t.db, s.player.userId, new Date(t.app.deps.now()))
    const before = await snapshotDb(t.db)
    const attempts: [string, Promise<{ http: number; body: Reply }>][] = [
      // No bet at all under that id.
      ['no bet', win(s, txid('nothing'), TEN_MILLION, txid('win'), zeroRound)],
      // A bet of nothing in the same round: no multiplier of 0 is R$ 10 million.
      ['zero stake', win(s, zero, TEN_MILLION)],
      // A real bet, named from another round.
      ['other round', win(s, small, TEN_MILLION, txid('win'), zeroRound)],
      // Its own round, far above what any spin pays.
      ['own round', win(s, small, TEN_MILLION)],
    ]
    for (const [what, attempt] of attempts) {
      const r = await attempt
      expect([r.http, r.body.status], what).toEqual([200, expect.stringMatching(/^(TRANSACTION_NOT_FOUND|BET_LIMIT)$/)])
      expect(r.body.balance, what).toBe(9_900)
    }
    expect(await snapshotDb(t.db)).toBe(before)
    expect(await spendable(s.player)).toBe(9_900)
    // Nothing reached the cash a withdrawal could take.
    expect((await balances(t, s.player.userId)).cash).toBe(9_900n)
  })

  it('a win naming a bet of another round, or sent under another session of the player, is TRANSACTION_NOT_FOUND and moves nothing', async () => {
    const s = await seat()
    const placed = txid('bet')
    expect((await bet(s, 200, placed, txid('round'))).body.status).toBe('OK')
    const before = await snapshotDb(t.db)
    expect((await win(s, placed, 400, txid('win'), txid('round'))).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 9_800 })
    // The player launches the game again: a new session; the old bet's win cannot come under it.
    const again: Seat = { ...s, token: await openProviderSession(t.db, s.player.userId, 'PG', s.game, new Date(t.app.deps.now()), t.config.providerSessionMs) }
    expect((await win(again, placed, 400)).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 9_800 })
    expect(await snapshotDb(t.db)).toBe(before)
    // Under its own round and session it pays.
    expect((await win(s, placed, 400)).body).toMatchObject({ status: 'OK', balance: 10_200 })
  })

  it("a round's wins together pay at most the game's largest multiplier times its stake; past it BET_LIMIT, logged, nothing moves", async () => {
    const s = await seat()
    const round = txid('round')
    const first = txid('bet')
    const second = txid('bet')
    expect((await bet(s, 100, first, round)).body.status).toBe('OK')
    expect((await bet(s, 50, second, round)).body.status).toBe('OK')
    // The round's stake is 150: up to 150 x 78 = 11.700 in all, across its wins.
    expect((await win(s, first, 100 * MAX_X)).body).toMatchObject({ status: 'OK', balance: 9_850 + 100 * MAX_X })
    const before = await snapshotDb(t.db)
    const over = txid('win')
    const refused = await win(s, second, 50 * MAX_X + 1, over)
    expect(refused.body).toMatchObject({ status: 'BET_LIMIT', balance: 9_850 + 100 * MAX_X })
    expect(refused.body).not.toHaveProperty('refused')
    expect(await snapshotDb(t.db)).toBe(before)
    const line = log().split('\n').find((l) => l.includes(over))
    expect(line, 'the refusal is in the log').toBeDefined()
    expect(JSON.parse(line!)).toMatchObject({ level: 40, provider: 'PG', round, transactionId: over, amount: 50 * MAX_X + 1, roundStake: 150, roundWon: 100 * MAX_X, maxMultiplier: MAX_X })
    // Exactly the rest is taken; then not a centavo more.
    expect((await win(s, second, 50 * MAX_X)).body).toMatchObject({ status: 'OK', balance: 9_850 + 150 * MAX_X })
    expect((await win(s, first, 1)).body.status).toBe('BET_LIMIT')
    // A rolled-back bet's stake no longer counts: its round can pay nothing.
    const back = txid('bet')
    expect((await bet(s, 100, back)).body.status).toBe('OK')
    const b2 = txid('bet')
    expect((await bet(s, 100, b2, roundOf.get(back))).body.status).toBe('OK')
    expect((await rollback(s, back)).body.status).toBe('OK')
    expect((await win(s, b2, 100 * MAX_X + 1)).body.status).toBe('BET_LIMIT')
    expect((await win(s, b2, 100 * MAX_X)).body.status).toBe('OK')
  })

  it('a win of a game not in its provider\'s catalogue is refused (no largest multiplier to hold it to)', async () => {
    const s = await seat(10_000n, 'pg-unknown')
    const placed = txid('bet')
    expect((await bet(s, 100, placed)).body.status).toBe('OK')
    expect((await win(s, placed, 200)).body).toMatchObject({ status: 'INVALID_GAME', balance: 9_900 })
    expect((await rollback(s, placed)).body).toEqual({ status: 'OK', balance: 10_000 })
  })

  it('after the session closed or expired, a win is taken within PROVIDER_SETTLE_WINDOW_HOURS and refused after; a rollback still returns the stake', async () => {
    // Closed: 23 hours later its win is paid.
    const s = await seat()
    const inTime = txid('bet')
    expect((await bet(s, 100, inTime)).body.status).toBe('OK')
    await closeProviderSessions(t.db, s.player.userId, new Date(t.app.deps.now()))
    t.advance(SETTLE_MS - HOUR)
    const paidId = txid('win')
    const paid = await win(s, inTime, 300, paidId)
    expect(paid.body).toMatchObject({ status: 'OK', balance: 10_200 })
    // Closed: past the window, refused, nothing moves.
    const late = await seat()
    const lateBet = txid('bet')
    const lateRb = txid('bet')
    expect((await bet(late, 100, lateBet)).body.status).toBe('OK')
    expect((await bet(late, 100, lateRb)).body.status).toBe('OK')
    await closeProviderSessions(t.db, late.player.userId, new Date(t.app.deps.now()))
    t.advance(SETTLE_MS + 1000)
    const before = await snapshotDb(t.db)
    expect((await win(late, lateBet, 300)).body).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 9_800 })
    expect(await snapshotDb(t.db)).toBe(before)
    // The first win sent again (a provider's retry) answers its first reply.
    expect((await win(s, inTime, 300, paidId)).body).toEqual(paid.body)
    expect((await rollback(late, lateRb)).body).toEqual({ status: 'OK', balance: 9_900 })
    // Expired, never closed: the window runs from the expiry.
    const open = await seat()
    const openBet = txid('bet')
    expect((await bet(open, 100, openBet)).body.status).toBe('OK')
    t.advance(t.config.providerSessionMs + SETTLE_MS - HOUR)
    expect((await win(open, openBet, 0)).body).toMatchObject({ status: 'OK', balance: 9_900 })
    const open2 = await seat()
    const openBet2 = txid('bet')
    expect((await bet(open2, 100, openBet2)).body.status).toBe('OK')
    t.advance(t.config.providerSessionMs + SETTLE_MS + 1000)
    expect((await win(open2, openBet2, 200)).body).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 9_900 })
    expect(await spendable(open2.player)).toBe(9_900)
  })
})

describe('provider wallet: rollbacks', () => {
  it('returns exactly its bet once; a second rollback moves nothing; a win on the rolled-back bet is refused', async () => {
    const s = await seat()
    const id = txid('bet')
    expect((await bet(s, 700, id)).body.status).toBe('OK')
    const rb = txid('rb')
    const first = await rollback(s, id, rb)
    expect(first.body).toEqual({ status: 'OK', balance: 10_000 })
    expect((await rollback(s, id, rb)).body).toEqual(first.body)
    expect((await rollback(s, id)).body).toEqual({ status: 'OK', balance: 10_000 })
    expect((await win(s, id, 5_000)).body).toEqual({ status: 'TRANSACTION_ROLLED_BACK', balance: 10_000 })
    expect(await spendable(s.player)).toBe(10_000)
  })

  it('a rollback of a bet never seen is TRANSACTION_NOT_FOUND and kept: the bet arriving late is refused', async () => {
    const s = await seat()
    const id = txid('bet')
    const rb = txid('rb')
    expect((await rollback(s, id, rb)).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 10_000 })
    expect((await rollback(s, id, rb)).body).toEqual({ status: 'TRANSACTION_NOT_FOUND', balance: 10_000 })
    expect((await bet(s, 700, id)).body).toEqual({ status: 'TRANSACTION_ROLLED_BACK', balance: 10_000 })
    expect(await spendable(s.player)).toBe(10_000)
  })

  it('a win or rollback naming itself as its bet is DUPLICATE_TRANSACTION, kept nowhere (found by the fuzzer: a 500)', async () => {
    const s = await seat()
    const id = txid('self')
    expect((await rollback(s, id, id)).body).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 10_000 })
    expect((await win(s, id, 500, id)).body).toEqual({ status: 'DUPLICATE_TRANSACTION', balance: 10_000 })
    // The id is still free for a real bet.
    expect((await bet(s, 100, id)).body).toMatchObject({ status: 'OK', balance: 9_900 })
  })

  it('a rollback after the bet\'s win is BET_ALREADY_SETTLED and moves nothing', async () => {
    const s = await seat()
    const id = txid('bet')
    expect((await bet(s, 700, id)).body.status).toBe('OK')
    expect((await win(s, id, 2_000)).body).toMatchObject({ status: 'OK', balance: 11_300 })
    expect((await rollback(s, id)).body).toEqual({ status: 'BET_ALREADY_SETTLED', balance: 11_300 })
    expect(await spendable(s.player)).toBe(11_300)
  })
})

describe('provider wallet: records', () => {
  it('each stake, win and refund is a record of the spec\'s codes; its detail shows the round, its result and what it paid', async () => {
    const s = await seat(10_000n, 'demo-fruits')
    const won = txid('bet')
    const lost = txid('bet')
    const back = txid('bet')
    const open = txid('bet')
    const wonRound = txid('round')
    expect((await bet(s, 500, won, wonRound)).body.status).toBe('OK')
    expect((await win(s, won, 1_250)).body.status).toBe('OK')
    expect((await bet(s, 200, lost)).body.status).toBe('OK')
    expect((await win(s, lost, 0)).body.status).toBe('OK')
    expect((await bet(s, 300, back)).body.status).toBe('OK')
    expect((await rollback(s, back)).body.status).toBe('OK')
    expect((await bet(s, 100, open)).body.status).toBe('OK')
    const list = (await call(t, calls.records, { token: s.player.token })).body.data.records as { id: string; type: number; amount: number }[]
    // Newest first: the open stake; the refund and its stake; the lost stake (a win of 0 moves no money); the win and its stake.
    expect(list.map((r) => [r.type, r.amount])).toEqual([[41, 1], [43, 3], [41, 3], [41, 2], [42, 12.5], [41, 5]])
    const detail = async (i: number) => (await call(t, calls.record, { token: s.player.token, params: { id: list[i]!.id } })).body.data.bet
    expect(await detail(4)).toEqual({ betId: won, game: 'Frutas de Ouro (PG)', result: 10, stake: 5, multiplier: 2.5, payout: 12.5, roundId: wonRound })
    expect(await detail(5)).toMatchObject({ betId: won, result: 10, payout: 12.5 })
    expect(await detail(3)).toMatchObject({ betId: lost, result: 20, stake: 2, multiplier: 0, payout: 0 })
    expect(await detail(1)).toMatchObject({ betId: back, result: 90, stake: 3 })
    expect(await detail(0)).toMatchObject({ betId: open, result: -10, stake: 1, payout: 0 })
    // Another player cannot open them.
    const other = await newPlayer(t)
    expect((await call(t, calls.record, { token: other.token, params: { id: list[0]!.id } })).body.status).not.toBe(200)
  })
})

describe('provider wallet: races', () => {
  it('100 bets at once on a balance that covers 40: exactly 40 taken, the balance never below zero', async () => {
    const s = await seat(4_000n)
    const replies = await Promise.all(Array.from({ length: 100 }, () => bet(s, 100)))
    const statuses = replies.map((r) => r.body.status)
    expect(statuses.filter((x) => x === 'OK')).toHaveLength(40)
    expect(statuses.filter((x) => x === 'NOT_ENOUGH_MONEY')).toHaveLength(60)
    const b = await balances(t, s.player.userId)
    expect([b.cash, b.bonus]).toEqual([0n, 0n])
  })

  it('calls sent at once: a refused one leaves nothing behind and the others stand', async () => {
    const rich = await seat(10_000n)
    const poor = await seat(50n)
    const refused = txid('bet')
    const wins = Array.from({ length: 5 }, () => txid('bet'))
    const before = await spendable(poor.player)
    // At once: five bets of one player, one bet another cannot pay, a win on a bet never seen.
    const replies = await Promise.all([
      ...wins.map((id) => bet(rich, 100, id)),
      bet(poor, 100, refused),
      win(rich, txid('nothing'), 100),
    ])
    expect(replies.map((r) => r.body.status)).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'NOT_ENOUGH_MONEY', 'TRANSACTION_NOT_FOUND'])
    expect(await spendable(rich.player)).toBe(9_500)
    expect(await spendable(poor.player)).toBe(before)
    // The refused bet kept nothing: once the money is there, the same id goes through.
    await fundCash(t, poor.player.userId, 100n)
    expect((await bet(poor, 100, refused)).body).toMatchObject({ status: 'OK', balance: 50 })
  })

  it('the same bet, win and rollback sent ten times at once each move money once', async () => {
    const s = await seat()
    const id = txid('bet')
    const bets = await Promise.all(Array.from({ length: 10 }, () => bet(s, 600, id, 'round-x')))
    expect(new Set(bets.map((r) => JSON.stringify(r.body))).size).toBe(1)
    const w = txid('win')
    const wins = await Promise.all(Array.from({ length: 10 }, () => win(s, id, 1_000, w, 'round-x')))
    expect(new Set(wins.map((r) => JSON.stringify(r.body))).size).toBe(1)
    expect(await spendable(s.player)).toBe(10_400)
    const other = txid('bet')
    expect((await bet(s, 300, other)).body.status).toBe('OK')
    const rb = txid('rb')
    const rolled = await Promise.all(Array.from({ length: 10 }, () => rollback(s, other, rb)))
    expect(new Set(rolled.map((r) => JSON.stringify(r.body))).size).toBe(1)
    expect(await spendable(s.player)).toBe(10_400)
  })

  it("ten different wins of one round at once: together they never pass the game's largest multiplier times its stake", async () => {
    const s = await seat()
    const round = txid('round')
    const first = txid('bet')
    const second = txid('bet')
    expect((await bet(s, 60, first, round)).body.status).toBe('OK')
    expect((await bet(s, 40, second, round)).body.status).toBe('OK')
    // The round may pay 100 x 78 = 7.800: three of these wins (2.600 each) at most.
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => win(s, i % 2 ? first : second, 2_600)))
    expect(replies.filter((r) => r.body.status === 'OK')).toHaveLength(3)
    expect(replies.filter((r) => r.body.status === 'BET_LIMIT')).toHaveLength(7)
    expect(await spendable(s.player)).toBe(9_900 + 7_800)
  })

  it('a rollback racing its own bet: either the bet is refused or it is returned, never both taken', async () => {
    for (let i = 0; i < 5; i++) {
      const s = await seat()
      const id = txid('bet')
      const [b, r] = await Promise.all([bet(s, 800, id), rollback(s, id)])
      expect(await spendable(s.player), `${b.body.status} / ${r.body.status}`).toBe(10_000)
    }
  })
})
