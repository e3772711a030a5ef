import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, fundCash, newPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const DAY = 86_400_000
const wins = async () => (await call<{ total: number; perSecond: number }>(t, calls.todayWins)).body.data
/** 98 %: wins 1.0102x nearly always. */
const safeDice = (token: string) => callKeyed(t, casino.diceBet, { token, body: { amount: '10.00', target: '98.00', condition: 'under' } })
const paid = async (p: Player) => Number((await t.db.query<{ s: bigint }>('SELECT COALESCE(sum(payout), 0)::bigint AS s FROM casino_bets WHERE user_id = $1', [p.userId])).rows[0]!.s) / 100

describe("the home's counter of today's wins", () => {
  it("adds today's real wins, leaves out play money, is read again after 5 s and starts over each day", async () => {
    expect(await wins()).toEqual({ total: 0, perSecond: 0 })
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    for (let i = 0; i < 3; i++) expect((await safeDice(p.token)).body.status).toBe(200)
    // A test account's wins are play money.
    const test = (await call<{ username: string; pwd: string }>(t, calls.getUserTest, { token: p.token })).body.data
    const testToken = (await login(t, test.username, test.pwd)).body.data.access_token
    for (let i = 0; i < 2; i++) expect((await safeDice(testToken)).body.status).toBe(200)
    // Within 5 s of the last read: the same figure.
    expect((await wins()).total).toBe(0)
    t.advance(5_000)
    const first = await paid(p)
    expect(first).toBeGreaterThan(0)
    expect((await wins()).total).toBe(first)
    // More wins a minute later: the total grows, and so does the rate.
    t.advance(60_000)
    for (let i = 0; i < 2; i++) await safeDice(p.token)
    const later = await wins()
    expect(later.total).toBe(await paid(p))
    expect(later.perSecond).toBeCloseTo((later.total - first) / 60, 2)
    // A new São Paulo day starts from nothing.
    t.advance(DAY)
    expect(await wins()).toEqual({ total: 0, perSecond: 0 })
    await safeDice(p.token)
    t.advance(5_000)
    const today = Number((await t.db.query<{ s: bigint }>('SELECT payout AS s FROM casino_bets WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [p.userId])).rows[0]!.s) / 100
    expect((await wins()).total).toBe(today)
  })
})
