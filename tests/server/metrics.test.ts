/**
 * GET /metrics (issue 34): off without METRICS_TOKEN; with it, only for the bearer of the token;
 * Prometheus's text with the process's own metrics, every answer by route pattern and status, and
 * what the domains count (bets, money by kind, webhooks, payouts, group-commit batches, statements),
 * each by the right amount and once (a replay counts nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openProviderSession } from '../../src/server/providers/sessions'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { signBody } from '../../src/server/providers/signature'
import { settleWithdrawal } from '../../src/server/withdrawals/service'
import { calls } from '../../src/shared/contract'
import * as sport from '../../src/shared/contract/sport'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { bank, callKeyed, checkLedgerAfterEach, fundCash, listen, newPlayer, pkg100, prePay, sendWebhook, socketFor, verifiedPlayer, waitFor } from './walletHelpers'

const TOKEN = 'metrics-token-for-tests-0123456789abcdef'
const PG = 'pg-secret-for-tests-0123456789abcdef'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { METRICS_TOKEN: TOKEN, PROVIDER_SECRETS: `PG=${PG}`, TRANSFER_COUNT_PER_DAY: '1000' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const scrape = (app: TestApp, authorization?: string) => app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

/** The scrape's samples by name and labels (`name{a="x",b="y"}`, as prom-client writes them): 0 when absent. */
async function samples(): Promise<(sample: string) => number> {
  const body = (await scrape(t, `Bearer ${TOKEN}`)).body
  const values = new Map<string, number>()
  for (const line of body.split('\n')) {
    const m = /^([^#\s][^\s]*) (\S+)$/.exec(line)
    if (m) values.set(m[1]!, Number(m[2]))
  }
  return (sample) => values.get(sample) ?? 0
}

describe('metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape(t)).statusCode).toBe(401)
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(401)
    expect((await scrape(t, TOKEN)).statusCode).toBe(401)
    const ok = await scrape(t, `Bearer ${TOKEN}`)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(ok.body).toMatch(/^nodejs_eventloop_lag_seconds /m)
    expect(ok.body).toMatch(/^process_resident_memory_bytes /m)
  })

  it('counts every answer by method, route pattern and status; a URL of its own is not a label', async () => {
    // A guest's two calls of main: 401 each.
    await call(t, calls.main, {})
    await call(t, calls.main, {})
    await t.app.inject({ method: 'GET', url: '/api/no/such/route-with-a-secret-0123' })
    const body = (await scrape(t, `Bearer ${TOKEN}`)).body
    const count = (labels: string) => Number(new RegExp(`^http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0)
    expect(count(`method="GET",route="${calls.main.path}",status="401"`)).toBe(2)
    expect(body).not.toContain('route-with-a-secret')
    expect(body).toMatch(/route="unmatched",status="404"/)
  })

  it("counts this process's open sockets", async () => {
    const base = await listen(t)
    const gauge = async () => Number(/^socket_connections (\d+)$/m.exec((await scrape(t, `Bearer ${TOKEN}`)).body)?.[1] ?? -1)
    expect(await gauge()).toBe(0)
    const s = await socketFor(base, (await newPlayer(t)).token)
    await waitFor(async () => (await gauge()) === 1)
    s.close()
    await waitFor(async () => (await gauge()) === 0)
  })

  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await startTestApp({}, {})
    try {
      expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })
  it('counts a settled bet by game and outcome, its stake and return, once; and the batches its group commit sent', async () => {
    // Twelve players (one player's bets go one after another, each its own batch).
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(t)))
    for (const p of players) await fundCash(t, p.userId, 10_00n)
    const before = await samples()
    const body = { amount: '1.00', target: '50.50', condition: 'over' }
    const replies = await Promise.all(players.map((p) => callKeyed(t, calls.diceBet, { token: p.token, body })))
    const after = await samples()
    const delta = (sample: string) => after(sample) - before(sample)
    const bets = replies.map((r) => r.body.data as { amount: number; payout: number })
    const won = bets.filter((b) => b.payout > b.amount).length
    expect(delta('bets_total{game="dice",outcome="win"}')).toBe(won)
    expect(delta('bets_total{game="dice",outcome="lose"}')).toBe(12 - won)
    expect(delta('bet_stakes_centavos_total{game="dice"}')).toBe(1200)
    expect(delta('bet_returns_centavos_total{game="dice"}')).toBe(bets.reduce((s, b) => s + Number(centavosOf(b.payout)), 0))
    // Twelve bets arriving together left in fewer statements than twelve, and every one was counted.
    expect(delta('group_commit_batch_size_sum{path="casino"}')).toBe(12)
    expect(delta('group_commit_batch_size_count{path="casino"}')).toBeGreaterThanOrEqual(1)
    expect(delta('group_commit_batch_size_count{path="casino"}')).toBeLessThan(12)
    // Each statement was timed (the casino_play_batch calls among them), by its first keyword only.
    expect(delta('db_statement_duration_seconds_count{op="select"}')).toBeGreaterThanOrEqual(delta('group_commit_batch_size_count{path="casino"}'))
    expect(after('db_statement_duration_seconds_count{op="transaction"}')).toBeGreaterThan(0)
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body
    expect(text).not.toMatch(/casino_play|SELECT/)
    // PGlite has no pool: no pool gauge; PostgreSQL's pool is read as it is.
    if (t.db.kind === 'pglite') expect(text).not.toMatch(/^db_pool_connections\{/m)
    else expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m)
  })

  it('counts a replayed bet once', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_00n)
    const before = await samples()
    const key = `replay-${Date.now()}`
    const body = { amount: '2.00', target: '50.50', condition: 'under' }
    const a = await callKeyed(t, calls.diceBet, { token: p.token, body, key })
    const b = await callKeyed(t, calls.diceBet, { token: p.token, body, key })
    expect(b.raw).toBe(a.raw)
    const after = await samples()
    const n = (s: string) => after(s) - before(s)
    expect(n('bets_total{game="dice",outcome="win"}') + n('bets_total{game="dice",outcome="lose"}')).toBe(1)
    expect(n('bet_stakes_centavos_total{game="dice"}')).toBe(200)
  })

  it("counts a deposit's webhook by outcome and the money it credited; a repeated webhook as a duplicate, no money", async () => {
    const p = await verifiedPlayer(t)
    const before = await samples()
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    bank(t).faults.duplicateWebhooks = true
    try {
      expect((await bank(t).pay(order.payNo)).outcome).toBe('paid')
      await bank(t).idle()
    } finally {
      bank(t).faults.duplicateWebhooks = false
    }
    // With the secret, a payment the PSP never saw; and a webhook without the secret.
    const item = { endToEndId: 'E99999999202611251200ABCDEFGHIJK', txid: order.payNo, valor: '100.00', horario: new Date().toISOString() }
    expect((await sendWebhook(t, { pix: [item] })).http).toBe(200)
    expect((await sendWebhook(t, { pix: [item] }, { secret: 'not-the-secret-not-the-secret-xx' })).http).toBe(401)
    const after = await samples()
    const n = (s: string) => after(s) - before(s)
    expect(n('pix_webhook_events_total{outcome="credited"}')).toBe(1)
    expect(n('pix_webhook_events_total{outcome="duplicate"}')).toBe(1)
    expect(n('pix_webhook_events_total{outcome="unknown"}')).toBe(1)
    expect(n('pix_webhook_events_total{outcome="refused"}')).toBe(1)
    expect(n('money_movements_total{kind="deposit"}')).toBe(1)
    expect(n('money_centavos_total{kind="deposit"}')).toBe(100_00)
  })

  it('counts transfers and payouts by kind and amount', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 80_00n)
    const before = await samples()
    const sent = await callKeyed(t, calls.transfer, { token: a.token, body: { toUser: b.email, amount: '3.25' } })
    expect(sent.body.status).toBe(200)
    const w = await callKeyed(t, calls.withdraw, { token: a.token, body: { payCardBank: 'CPF', payCardNo: a.cpf, ifsc: '', name: a.name, amount: '40', whatsapp: '11999990000' } })
    expect(w.body.status, w.raw).toBe(200)
    const after1 = await samples()
    expect(after1('money_centavos_total{kind="transfer"}') - before('money_centavos_total{kind="transfer"}')).toBe(325)
    expect(after1('money_movements_total{kind="transfer"}') - before('money_movements_total{kind="transfer"}')).toBe(1)
    await settleWithdrawal(t.app.deps, BigInt(String(w.body.data.orderId).slice(1)), 'paid')
    const after2 = await samples()
    expect(after2('payouts_total{outcome="paid"}') - before('payouts_total{outcome="paid"}')).toBe(1)
    expect(after2('money_movements_total{kind="withdrawal"}') - before('money_movements_total{kind="withdrawal"}')).toBe(1)
    expect(after2('money_centavos_total{kind="withdrawal"}') - before('money_centavos_total{kind="withdrawal"}')).toBe(40_00)
  })

  it("counts a provider's bets and rollbacks once, a repeated call not again", async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 100_00n)
    const token = await openProviderSession(t.db, p.userId, 'PG', 'demo-fruits', new Date(t.app.deps.now()), t.config.providerSessionMs)
    const wallet = async (op: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ requestId: `r-${Math.random()}`, ...body })
      const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(PG, raw) }, payload: raw })
      return JSON.parse(res.body) as { status: string }
    }
    const before = await samples()
    const bet = { token, game: 'demo-fruits', roundId: `round-${Date.now()}`, transactionId: `bet-${Date.now()}`, amount: 250, currency: 'BRL' }
    expect((await wallet('bet', bet)).status).toBe('OK')
    expect((await wallet('bet', bet)).status).toBe('OK')
    expect((await wallet('rollback', { token, game: bet.game, roundId: bet.roundId, transactionId: `rb-${Date.now()}`, referenceTransactionId: bet.transactionId })).status).toBe('OK')
    const after = await samples()
    const n = (s: string) => after(s) - before(s)
    expect(n('bets_total{game="provider:PG",outcome="placed"}')).toBe(1)
    expect(n('bet_stakes_centavos_total{game="provider:PG"}')).toBe(250)
    expect(n('bet_returns_centavos_total{game="provider:PG"}')).toBe(250)
  })
  it('counts a settled sport bet by its outcome, stake and return (settled once), and its batch', async () => {
    // Last in the file: it moves the clock to an hour with football on.
    await toFootballHours(t, { live: 0, upcoming: 1 })
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 20_00n)
    const list = await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })
    const matchId = list.body.data[0]!.matchId
    const detail = await call<{ markets: { type: string; period: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }[] }>(t, sport.sportMatch, { params: { matchId } })
    const home = detail.body.data.markets.find((m) => m.type === '1x2' && m.period === 1 && m.status === 'open')!.selections.find((s) => s.name === 'home')!
    const before = await samples()
    const placed = await callKeyed(t, sport.sportBet, { token: p.token, body: { type: 'single', amount: '10.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'none' } })
    expect(placed.body.status, placed.raw).toBe(200)
    const result = { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 1 }, corners: { home: 5, away: 3 } }
    const devResult = () => call<{ settled: number }>(t, sport.sportDevResult, { headers: { 'x-ops-token': opsTokenOf(t)! }, params: { matchId }, body: result })
    expect((await devResult()).body.data.settled).toBe(1)
    expect((await devResult()).body.data.settled).toBe(0)
    const after = await samples()
    const n = (s: string) => after(s) - before(s)
    expect(n('bets_total{game="sport",outcome="win"}')).toBe(1)
    expect(n('bet_stakes_centavos_total{game="sport"}')).toBe(10_00)
    expect(n('bet_returns_centavos_total{game="sport"}')).toBe(Math.round(home.odds * 1000))
    expect(n('group_commit_batch_size_count{path="sport"}')).toBe(1)
  })
})
