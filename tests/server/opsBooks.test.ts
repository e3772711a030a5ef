/**
 * Games and books in the operators' console (issue 35): the books per Brasília day and product
 * reconcile with the ledger (a provider's rollback and a void sport bet as the ledger has them),
 * days split at Brasília midnight, the sportsbook's open liability, a shared round game's chain
 * checked (and a tampered round found), and who may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as casino from '../../src/shared/contract/casino'
import * as ops from '../../src/shared/contract/opsConsole'
import * as rounds from '../../src/shared/contract/rounds'
import * as sport from '../../src/shared/contract/sport'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { openProviderSession } from '../../src/server/providers/sessions'
import { signBody } from '../../src/server/providers/signature'
import { dayOf, dayStart, nextDay } from '../../src/server/wallet/days'
import { centavosOf } from '../centavos'
import { bootstrapAdmin, enrol, operatorOf, opsLogin, withCookie } from './opsHelpers'
import { toFootballHours } from './sportHours'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, waitFor, type Player } from './walletHelpers'

const PG = 'pg-secret-for-tests-0123456789abcdef'
// Short rounds (as rounds.test.ts): Row Double bets for 1.5 s.
const ENV = {
  ROUNDS: 'on',
  ROUND_CHAIN_LENGTH: '400',
  ROUND_CHAIN_CHECKPOINT: '25',
  ROUND_SALT_WAIT_SECONDS: '0',
  ROUND_TIMINGS: 'double=3/0.2/0.2,rowDouble=1.5/0.2/0.2,luckyColor=0.9/0.1/0.2',
  SPORT_SEED: '7',
  PROVIDER_SECRETS: `PG=${PG}`,
}

let t: TestApp
let payments = ''
let support = ''
/** The payments operator's e-mail and authenticator secret: a new session after the clock moves past the last one's 12 hours. */
let paymentsLogin = { email: '', secret: '' }
beforeAll(async () => {
  t = await startTestApp({}, ENV)
  await toFootballHours(t)
  const admin = await enrol(t, (await bootstrapAdmin(t)).enrolPath)
  const p = await operatorOf(t, admin.cookie, 'payments')
  payments = p.cookie
  paymentsLogin = { email: (await t.db.query<{ email: string }>('SELECT email FROM operators WHERE id = $1', [BigInt(p.operatorId)])).rows[0]!.email, secret: p.secret }
  support = (await operatorOf(t, admin.cookie, 'support')).cookie
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Figures = { stakes: number; bonusStakes: number; returns: number; ggr: number; bets: number; players: number; rtpObserved: number | null; rtpTheoretical: number | null }
type Day = { day: string; products: (Figures & { product: string })[]; totals: Figures }
const books = async (from: string, to = from, cookie = payments) => call<Day[]>(t, ops.opsBooks, { ...withCookie(cookie), query: { from, to } })
const today = () => dayOf(t.now())

async function funded(reais: number): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(reais))
  return p
}
const dice = (p: Player, amount: string) => callKeyed(t, casino.diceBet, { token: p.token, body: { amount, target: '50.00', condition: 'over' } })

/** A Row Double round open for bets with at least `ms` left. */
async function openRound(game: string, ms = 800) {
  const end = Date.now() + 15_000
  for (;;) {
    const s = (await call<{ roundId: string; phase: string; bettingEndsAt: number; serverTime: number } | null>(t, rounds.roundState, { params: { game } })).body.data
    if (s && s.phase === 'betting' && s.bettingEndsAt - s.serverTime >= ms) return s
    if (Date.now() > end) throw new Error(`${game}: no round open for bets`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The provider's wallet, signed as the provider signs it. */
async function wallet(op: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: idem(), ...body })
  const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(PG, raw) }, payload: raw })
  return JSON.parse(res.body) as { status: string }
}

type Market = { marketId: string; type: string; period: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }
async function upcoming(n: number, skip = 0) {
  const list = await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })
  const out: { matchId: string; markets: Market[]; match: { home: string; away: string; startsAt: number } }[] = []
  for (const m of list.body.data.slice(skip, skip + n)) {
    const d = (await call<{ match: { home: string; away: string; startsAt: number }; markets: Market[] }>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data
    out.push({ matchId: m.matchId, ...d })
  }
  return out
}
const selection = (markets: Market[], name: string) => {
  const market = markets.find((m) => m.type === '1x2' && m.period === 1 && m.status === 'open')!
  return market.selections.find((s) => s.name === name)!
}
const sportBet = (p: Player, selectionId: string, odds: number, amount: string) =>
  callKeyed<{ betId: string; potentialWin: number }>(t, sport.sportBet, { token: p.token, body: { type: 'single', amount, selections: [{ selectionId, odds }], acceptOdds: 'any' } })
const devResult = (matchId: string, body: Record<string, unknown>) => call<{ settled: number }>(t, sport.sportDevResult, { headers: { 'x-ops-token': opsTokenOf(t)! }, params: { matchId }, body })

/** The house's net per product on a Brasília day, straight from ledger_entries: every game posting's entries on the house's accounts. */
async function ledgerGgr(day: string): Promise<Map<string, number>> {
  const r = await t.db.query<{ product: string; ggr: string }>(
    `SELECT CASE WHEN strpos(t.meta->>'game', ':') > 0 THEN 'provider:' || split_part(t.meta->>'game', ':', 1) ELSE t.meta->>'game' END AS product,
       sum(e.amount)::text AS ggr
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.tx_id
     WHERE a.user_id IS NULL AND a.kind = 'house' AND t.meta ? 'game'
       AND t.created_at >= $1 AND t.created_at < $2
     GROUP BY 1`,
    [dayStart(day), dayStart(nextDay(day))],
  )
  return new Map(r.rows.map((x) => [x.product, Number(x.ggr) / 100]))
}

describe('the books', () => {
  it('reconcile with the ledger per product and in total: dice, a shared round, sport (one void), a provider slot with a rollback', async () => {
    const day = today()
    // Dice: two bets of 1.00.
    const a = await funded(100)
    expect((await dice(a, '1.00')).body.status).toBe(200)
    expect((await dice(a, '1.00')).body.status).toBe(200)
    // Row Double: one bet of 2.00 on red, played to its end.
    const s = await openRound('rowDouble')
    expect((await callKeyed(t, rounds.roundBet, { token: a.token, params: { game: 'rowDouble' }, body: { roundId: s.roundId, choice: 'red', amount: '2.00' } })).body.status).toBe(200)
    await waitFor(async () => (await t.db.query("SELECT 1 FROM round_bets WHERE user_id = $1 AND state <> 'open'", [a.userId])).rows.length === 1, 10_000)
    // Sport: a single that wins (2-0 home) and one on a match then cancelled (void: its stake comes back as a win).
    const [m1, m2] = await upcoming(2)
    const home = selection(m1!.markets, 'home')
    const won = await sportBet(a, home.selectionId, home.odds, '3.00')
    expect(won.body.status).toBe(200)
    const voided = selection(m2!.markets, 'away')
    expect((await sportBet(a, voided.selectionId, voided.odds, '4.00')).body.status).toBe(200)
    expect((await devResult(m1!.matchId, { fullTime: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 }, corners: { home: 1, away: 1 } })).body.data.settled).toBe(1)
    expect((await devResult(m2!.matchId, { matchTime: -10 })).body.data.settled).toBe(1)
    // A provider slot: two bets (5.00, 3.00), the second rolled back, the first won 2.00.
    const b = await funded(100)
    const token = await openProviderSession(t.db, b.userId, 'PG', 'demo-fruits', new Date(t.now()), t.config.providerSessionMs)
    const slot = (op: string, extra: Record<string, unknown>) => wallet(op, { token, game: 'demo-fruits', currency: 'BRL', ...extra })
    expect((await slot('bet', { roundId: 'r-1', transactionId: 'bet-1', amount: 500 })).status).toBe('OK')
    expect((await slot('bet', { roundId: 'r-2', transactionId: 'bet-2', amount: 300 })).status).toBe('OK')
    expect((await slot('rollback', { roundId: 'r-2', transactionId: 'rb-2', referenceTransactionId: 'bet-2' })).status).toBe('OK')
    expect((await slot('win', { roundId: 'r-1', transactionId: 'win-1', referenceTransactionId: 'bet-1', amount: 200 })).status).toBe('OK')

    const r = await books(day)
    expect(r.body.status).toBe(200)
    const [d] = r.body.data
    const byProduct = new Map(d!.products.map((p) => [p.product, p]))
    // Every product the ledger has that day is in the books with the ledger's net, and nothing else is.
    const ledger = await ledgerGgr(day)
    expect([...byProduct.keys()].sort()).toEqual([...ledger.keys()].sort())
    for (const [product, ggr] of ledger) expect(byProduct.get(product)!.ggr, product).toBeCloseTo(ggr, 2)
    expect(d!.totals.ggr).toBeCloseTo([...ledger.values()].reduce((x, y) => x + y, 0), 2)
    for (const p of ['dice', 'rowDouble', 'sport', 'provider:PG']) expect(byProduct.has(p), p).toBe(true)
    // The rollback is no stake kept: the slot's stakes are the 5.00 that stood, its return the 2.00 win.
    expect(byProduct.get('provider:PG')).toMatchObject({ stakes: 5, returns: 2, ggr: 3, bets: 1, players: 1, rtpObserved: 0.4 })
    expect(byProduct.get('provider:PG')!.rtpTheoretical).toBeGreaterThan(0.8)
    // The void single is staked and returned in full; the winning one pays 3.00 at its odds.
    const sportRow = byProduct.get('sport')!
    expect(sportRow.stakes).toBeGreaterThanOrEqual(7)
    expect(sportRow.returns).toBeGreaterThanOrEqual(4 + won.body.data.potentialWin)
    expect(byProduct.get('rowDouble')!.rtpTheoretical).toBeCloseTo(14 / 15, 6)
    expect(byProduct.get('dice')!.rtpTheoretical).toBeCloseTo(9900 / 10001, 6)
    expect(d!.totals.stakes).toBeCloseTo(d!.products.reduce((x, p) => x + p.stakes, 0), 2)
    expect(d!.totals.players).toBeGreaterThanOrEqual(2)
  })

  it('refuse a period backwards or longer than 92 days, and export CSV with an audit line', async () => {
    expect((await books('2026-03-02', '2026-03-01')).http).toBe(400)
    expect((await books('2026-01-01', '2026-04-03')).http).toBe(400)
    expect((await books('2026-01-01', '2026-04-02')).body.data).toHaveLength(92)
    expect((await books('2026-02-30')).http).toBe(400)
    const day = today()
    const csv = await t.app.inject({ method: 'GET', url: '/api/ops/books.csv', query: { from: day, to: day }, headers: { cookie: payments } })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('day,product,stakes,bonus_stakes,returns,ggr,bets,players,rtp_observed,rtp_theoretical')
    const json = (await books(day)).body.data[0]!
    expect(lines).toHaveLength(1 + json.products.length)
    const dice = json.products.find((p) => p.product === 'dice')!
    expect(lines).toContain(`"${day}","dice",${dice.stakes.toFixed(2)},${dice.bonusStakes.toFixed(2)},${dice.returns.toFixed(2)},${dice.ggr.toFixed(2)},${dice.bets},${dice.players},${dice.rtpObserved ?? ''},${dice.rtpTheoretical}`)
    const audit = await t.db.query<{ action: string; after: { from: string } }>("SELECT action, after FROM ops_audit WHERE action = 'books.export'")
    expect(audit.rows).toHaveLength(1)
    expect(audit.rows[0]!.after.from).toBe(day)
  })

  it('need payments: support is refused (OPS_ROLE), no session is logged out', async () => {
    const day = today()
    for (const def of [ops.opsBooks, ops.opsBooksCsv, ops.opsBooksLiability, ops.opsRoundChain]) {
      const opts = { query: { from: day, to: day }, params: { game: 'rowDouble' } }
      expect((await call(t, def, { ...opts, ...withCookie(support) })).body.status, def.path).toBe(6403)
      expect((await call(t, def, opts)).body.status, def.path).toBe(6401)
    }
  })
})

describe('the sportsbook liability', () => {
  it('shows a match with open bets and its worst case; a settled match disappears', async () => {
    const p = await funded(100)
    const [m] = await upcoming(1, 4)
    const home = selection(m!.markets, 'home')
    const away = selection(m!.markets, 'away')
    expect((await sportBet(p, home.selectionId, home.odds, '10.00')).body.status).toBe(200)
    expect((await sportBet(p, away.selectionId, away.odds, '5.00')).body.status).toBe(200)
    const liability = async () => (await call<{ matchId: string; home: string; away: string; startsAt: number; openStakes: number; bets: number; worstCase: number }[]>(t, ops.opsBooksLiability, withCookie(payments))).body.data
    const row = (await liability()).find((x) => x.matchId === m!.matchId)
    // One of home and away wins, never both: the worst is the larger of the two payouts (10 x home odds, 5 x away odds).
    const worst = Math.max(Math.floor(10 * home.odds * 100 + 1e-6), Math.floor(5 * away.odds * 100 + 1e-6)) / 100
    expect(row).toEqual({ matchId: m!.matchId, sport: 'football', league: expect.any(String), home: m!.match.home, away: m!.match.away, startsAt: m!.match.startsAt, openStakes: 15, bets: 2, worstCase: worst })
    await devResult(m!.matchId, { fullTime: { home: 0, away: 0 }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    expect((await liability()).some((x) => x.matchId === m!.matchId)).toBe(false)
  })
})

describe('a shared round game\'s chain', () => {
  type Check = { chain: { played: number; terminatingHash: string; length: number } | null; rounds: { roundId: string; seq: number; hash: string; roll: number }[]; verification: { checked: number; verified: boolean; firstBad: { roundId: string; problem: string; roll: number; expectedRoll: number } | null } }
  const check = async () => (await call<Check>(t, ops.opsRoundChain, { ...withCookie(payments), params: { game: 'rowDouble' } })).body.data

  it('verifies on the real chain; a round whose stored result is changed is the first bad one', async () => {
    await waitFor(async () => ((await check()).chain?.played ?? 0) >= 4, 20_000)
    const ok = await check()
    expect(ok.chain).toMatchObject({ length: 400 })
    expect(ok.verification).toEqual({ checked: Math.min(100, ok.chain!.played), verified: true, firstBad: null })
    expect(ok.rounds.length).toBeGreaterThanOrEqual(4)
    // The second newest round played: its roll changed in the database.
    const target = ok.rounds[1]!
    await t.db.query('UPDATE rounds SET roll = ($2::int + 1) % 15 WHERE game = $1 AND round_id = $3', ['rowDouble', target.roll, target.roundId])
    const bad = await check()
    expect(bad.verification.verified).toBe(false)
    expect(bad.verification.firstBad).toEqual({ roundId: target.roundId, seq: target.seq, problem: 'result', roll: (target.roll + 1) % 15, expectedRoll: target.roll })
    // Put right, then an older round's hash replaced: its link to the round before it breaks first.
    await t.db.query('UPDATE rounds SET roll = $2 WHERE game = $1 AND round_id = $3', ['rowDouble', target.roll, target.roundId])
    const older = ok.rounds[2]!
    await t.db.query('UPDATE rounds SET hash = $2 WHERE game = $1 AND round_id = $3', ['rowDouble', 'f'.repeat(64), older.roundId])
    expect((await check()).verification.firstBad).toMatchObject({ roundId: older.roundId, problem: 'chain' })
    await t.db.query('UPDATE rounds SET hash = $2 WHERE game = $1 AND round_id = $3', ['rowDouble', older.hash, older.roundId])
    expect((await check()).verification.verified).toBe(true)
  })
})

// Last: it moves the clock two days on.
describe('days', () => {
  it('split days at Brasília midnight (03:00 UTC)', async () => {
    // The next midnight a day from now: days no other test has played on.
    const midnight = dayStart(nextDay(nextDay(today()))).getTime()
    expect(new Date(midnight).getUTCHours()).toBe(3)
    t.advance(midnight - 60_000 - t.now())
    const p = await funded(10)
    expect((await dice(p, '1.00')).body.status).toBe(200)
    const before = today()
    t.advance(120_000)
    expect((await dice(p, '2.00')).body.status).toBe(200)
    const after = today()
    expect(after).toBe(nextDay(before))
    payments = await opsLogin(t, paymentsLogin.email, paymentsLogin.secret)
    const r = await books(before, after)
    expect(r.body.data.map((d) => [d.day, d.products.find((x) => x.product === 'dice')?.stakes, d.totals.bets])).toEqual([
      [before, 1, 1],
      [after, 2, 1],
    ])
  })
})
