import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { RgStatement } from '../../src/shared/contract/rg'
import { startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, fundCash, newPlayer, pkg100, verifiedPlayer, type Player } from './walletHelpers'

/**
 * The activity statement (issue 31): a São Paulo calendar month's deposits, withdrawals, and per
 * product what was staked and came back, from the ledger; as JSON and as a CSV file.
 */

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const monthOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Sao_Paulo' }).format(ms)
const statement = async (p: Player, month: string) => (await callKeyed(t, calls.rgStatement, { token: p.token, query: { month } })).body.data as RgStatement

describe('activity statement', () => {
  it('sums a month per product from the ledger: stakes, returns, net; deposits credited', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    await fundCash(t, p.userId, 50_00n)
    const bets = [] as { amount: number; payout: number }[]
    for (let i = 0; i < 5; i++) {
      const r = await callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '2.00', target: '50.00', condition: 'over' } })
      expect(r.body.status).toBe(200)
      bets.push({ amount: 2, payout: (r.body.data as { payout: number }).payout })
    }
    const s = await statement(p, monthOf(t.app.deps.now()))
    const casino = s.products.find((x) => x.product === 'casino')!
    const won = bets.reduce((a, b) => a + b.payout, 0)
    expect(casino.staked).toBe(10)
    expect(casino.returned).toBeCloseTo(won, 2)
    expect(casino.net).toBeCloseTo(won - 10, 2)
    expect(s.products.map((x) => x.product)).toEqual(['casino', 'round', 'sport', 'provider'])
    for (const other of s.products.filter((x) => x.product !== 'casino')) expect(other).toMatchObject({ staked: 0, returned: 0, net: 0 })
    expect(s.staked).toBe(10)
    expect(s.net).toBeCloseTo(won - 10, 2)
    expect(s.deposits).toBeGreaterThan(0)
    expect(s.withdrawals).toBe(0)
    // Another month is empty; another player's is theirs.
    expect((await statement(p, '2020-01')).staked).toBe(0)
    expect((await statement(await newPlayer(t), monthOf(t.app.deps.now()))).staked).toBe(0)
  })

  it('answers a CSV file with headings in the player\'s language', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_00n)
    expect((await callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '1.00', target: '98.00', condition: 'over' } })).body.status).toBe(200)
    const month = monthOf(t.app.deps.now())
    const res = await t.app.inject({ method: 'GET', url: `/api/app/rg/statement?month=${month}&format=csv`, headers: { authorization: p.token, lang: 'pt_BR' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain(`statement-${month}.csv`)
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe(`Mês,${month}`)
    expect(lines[2]).toBe('Produto,Apostado,Retornado,Resultado')
    expect(lines[3]).toMatch(/^Cassino \(jogos originais\),1\.00,/)
    const en = await t.app.inject({ method: 'GET', url: `/api/app/rg/statement?month=${month}&format=csv`, headers: { authorization: p.token, lang: 'en_US' } })
    expect(en.body).not.toContain('Apostado')
  })

  it('refuses a month that is not YYYY-MM, and answers nothing without a session', async () => {
    const p = await newPlayer(t)
    for (const month of ['2026-13', '2026-1', 'x', '2026-11-01']) expect((await callKeyed(t, calls.rgStatement, { token: p.token, query: { month } })).body.status, month).toBe(400)
    const res = await t.app.inject({ method: 'GET', url: '/api/app/rg/statement?month=2026-11&format=csv' })
    expect(res.headers['content-type']).not.toContain('text/csv')
  })
})
