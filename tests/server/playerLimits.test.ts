import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, pkg100, prePay, verifiedPlayer, type Player } from './walletHelpers'

/**
 * Player protection (issue 31): the limits a player sets, held by the server on every bet (in
 * wallet_bets, under the player's lock) and before a deposit's PIX charge. A refusal names the limit
 * and what is left, and moves nothing; a raise waits 24 hours; bets raced together cannot pass a limit.
 */

let t: TestApp
const HOUR = 3_600_000

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const setLimit = (p: Player, kind: string, period: string, value: string | null) => callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind, period, value } })
const limits = async (p: Player) => (await callKeyed(t, calls.rgLimits, { token: p.token })).body.data as { kind: string; period: string; value: number | null; used: number; pending: { value: number | null; effectiveAt: number } | null }[]
const limitOf = async (p: Player, kind: string, period: string) => (await limits(p)).find((l) => l.kind === kind && l.period === period)!
/** A dice bet over 98: it mostly loses (a win pays back, and nets against the loss limit). */
const dice = (p: Player, amount: string) => callKeyed(t, calls.diceBet, { token: p.token, body: { amount, target: '98.00', condition: 'over' } })

async function funded(reais: bigint): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, reais * 100n)
  return p
}

describe('limits', () => {
  it('lists every limit a player can set, none set: deposits and net loss per day, week and month, stakes and time per day', async () => {
    const p = await newPlayer(t)
    const rows = await limits(p)
    expect(rows.map((r) => `${r.kind}/${r.period}`)).toEqual(['deposit/day', 'deposit/week', 'deposit/month', 'loss/day', 'loss/week', 'loss/month', 'stake/day', 'time/day'])
    for (const r of rows) expect(r).toMatchObject({ value: null, used: 0, pending: null })
  })

  it('refuses a period a kind has not (stakes per week), changing nothing', async () => {
    const p = await newPlayer(t)
    const res = await setLimit(p, 'stake', 'week', '10.00')
    expect(res.body.status).toBe(6010)
    expect(await t.db.query('SELECT 1 FROM rg_limits WHERE user_id = $1', [p.userId])).toMatchObject({ rows: [] })
  })

  it('a stake that could pass the daily net-loss limit is refused at its edge, naming the limit and what is left; nothing moves', async () => {
    const p = await funded(100n)
    expect((await setLimit(p, 'loss', 'day', '10.00')).body.data).toMatchObject({ kind: 'loss', period: 'day', value: 10, used: 0, pending: null })
    // R$ 10 counted as lost fits exactly; then nothing more unless a win paid some back.
    const first = await dice(p, '10.00')
    expect(first.body.status).toBe(200)
    const won = (first.body.data as { payout: number }).payout
    const before = await balances(t, p.userId)
    const left = won // net loss 10 - win: room = 10 - (10 - win)
    // At least the game's smallest stake (R$ 0,10), above what is left.
    const over = await dice(p, Math.max(left + 0.01, 1).toFixed(2))
    expect(over.body.status, JSON.stringify([first.body.data, over.body])).toBe(6001)
    expect(over.body.msg).toContain('limite de perda diário')
    expect(over.body.msg).toContain(`R$ ${left.toFixed(2).replace('.', ',')}`)
    expect(await balances(t, p.userId)).toEqual(before)
    expect((await limitOf(p, 'loss', 'day')).used).toBeCloseTo(10 - won, 2)
    // A period without a limit shows its use too (what the page offers to limit).
    for (const period of ['week', 'month']) expect((await limitOf(p, 'loss', period)).used, period).toBeCloseTo(10 - won, 2)
  })

  it('a daily stake limit holds under 8 bets raced together: exactly as many pass as fit', async () => {
    const p = await funded(100n)
    await setLimit(p, 'stake', 'day', '5.00')
    const replies = await Promise.all(Array.from({ length: 8 }, () => dice(p, '1.00')))
    const statuses = replies.map((r) => r.body.status).sort()
    expect(statuses).toEqual([200, 200, 200, 200, 200, 6002, 6002, 6002])
    expect((await limitOf(p, 'stake', 'day')).used).toBe(5)
  })

  it('a lower limit applies at once; a higher one, or a removal, 24 hours later while the old one holds', async () => {
    const p = await funded(200n)
    await setLimit(p, 'stake', 'day', '20.00')
    const asked = t.app.deps.now()
    const raised = (await setLimit(p, 'stake', 'day', '50.00')).body.data
    expect(raised).toMatchObject({ value: 20, pending: { value: 50 } })
    expect(raised.pending.effectiveAt - asked).toBeGreaterThanOrEqual(24 * HOUR)
    expect(raised.pending.effectiveAt - asked).toBeLessThan(24 * HOUR + 5000)
    expect((await dice(p, '20.01')).body.status).toBe(6002)
    t.advance(23 * HOUR)
    expect((await dice(p, '20.01')).body.status).toBe(6002)
    // Lower at once (and the pending raise dropped).
    expect((await setLimit(p, 'stake', 'day', '3.00')).body.data).toMatchObject({ value: 3, pending: null })
    expect((await dice(p, '3.01')).body.status).toBe(6002)
    const removal = (await setLimit(p, 'stake', 'day', null)).body.data
    expect(removal).toMatchObject({ value: 3, pending: { value: null } })
    t.advance(24 * HOUR + 1000)
    expect((await limitOf(p, 'stake', 'day')).value).toBeNull()
    expect((await dice(p, '20.01')).body.status).toBe(200)
  })

  it('a deposit that would pass the deposit limit is refused before any PIX charge; nothing is written', async () => {
    const p = await verifiedPlayer(t)
    await setLimit(p, 'deposit', 'week', '50.00')
    const res = await prePay(t, p.token, await pkg100(t), 0)
    expect(res.body.status).toBe(6003)
    expect(res.body.msg).toContain('limite de depósito semanal')
    expect((await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [p.userId])).rows).toEqual([])
  })
})
