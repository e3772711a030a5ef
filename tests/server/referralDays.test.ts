/**
 * Which days the referral job pays: only São Paulo days that are over, each once, oldest first,
 * whoever runs it and however often (a clock moved by the test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { payDueReferralDays } from '../../src/server/loyalty/referral/commissions'
import { dayOf } from '../../src/server/wallet/days'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { WAGER_CONTRIBUTION: 'dice=100' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const DAY = 86_400_000
const rules = { ratesBp: [40, 20, 10] as [number, number, number], wagerX: 1 }
const stake = async (p: Player, amount: string) => expect((await callKeyed(t, casino.diceBet, { token: p.token, body: { amount, target: '5.00', condition: 'under' } })).body.status).toBe(200)
const paidDays = async (p: Player) =>
  (await t.db.query<{ day: string; amount: bigint }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount FROM referral_commissions WHERE beneficiary = $1 GROUP BY day ORDER BY day`, [p.userId])).rows.map((r) => [r.day, BigInt(r.amount)])

describe('the referral job', () => {
  it('pays a day once it is over, once, and catches up on every day it missed, oldest first', async () => {
    const a = await newPlayer(t)
    const yqm = (await call<{ yqm: string }>(t, calls.userInfo, { token: a.token })).body.data.yqm
    const b = await newPlayer(t, { regcode: yqm })
    await fundCash(t, b.userId, centavosOf(1000))
    const first = dayOf(t.app.deps.now())
    await stake(b, '100.00')
    // Today is not over: nothing is paid.
    expect(await payDueReferralDays(t.app.deps, rules)).toBe(0)
    expect(await paidDays(a)).toEqual([])
    // The next day: yesterday is paid, once, however many runs race.
    t.advance(DAY)
    const runs = await Promise.all([payDueReferralDays(t.app.deps, rules), payDueReferralDays(t.app.deps, rules)])
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1)
    expect(await payDueReferralDays(t.app.deps, rules)).toBe(0)
    expect(await paidDays(a)).toEqual([[first, centavosOf(0.4)]])
    // Stakes on two more days, the job down meanwhile: both are paid on its next run, and today's is not.
    await stake(b, '200.00')
    const second = dayOf(t.app.deps.now())
    t.advance(DAY)
    const third = dayOf(t.app.deps.now())
    await stake(b, '300.00')
    t.advance(DAY)
    await stake(b, '50.00')
    expect(await payDueReferralDays(t.app.deps, rules)).toBe(2)
    expect(await paidDays(a)).toEqual([
      [first, centavosOf(0.4)],
      [second, centavosOf(0.8)],
      [third, centavosOf(1.2)],
    ])
  })
})
