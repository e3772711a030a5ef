import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { payReferralDay } from '../../src/server/loyalty/referral/commissions'
import { dayOf } from '../../src/server/wallet/days'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { WAGER_CONTRIBUTION: 'dice=100', CASINO_MAX_STAKE: '5000' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Info = { yqm: string; level1Person: number; level2Person: number; level3Person: number; level1Amount: number; level2Amount: number; level3Amount: number }
const info = async (p: Player) => (await call<Info>(t, calls.userInfo, { token: p.token })).body.data
/** Mostly loses, odds far above 1.5x: counts in full (dice at 100 % here). */
const stake = async (p: Player, amount: string) => expect((await callKeyed(t, casino.diceBet, { token: p.token, body: { amount, target: '5.00', condition: 'under' } })).body.status).toBe(200)
const rules = { ratesBp: [40, 20, 10] as [number, number, number], wagerX: 1 }

describe('three-level referral', () => {
  it('a chain earns each level its rate of the counted stakes, once per day, whoever runs the job', async () => {
    const a = await newPlayer(t)
    const b = await newPlayer(t, { regcode: (await info(a)).yqm })
    const c = await newPlayer(t, { regcode: (await info(b)).yqm })
    const d = await newPlayer(t, { regcode: (await info(c)).yqm.toLowerCase() })
    expect(await info(a)).toMatchObject({ level1Person: 1, level2Person: 1, level3Person: 1 })
    expect(await info(c)).toMatchObject({ level1Person: 1, level2Person: 0, level3Person: 0 })
    await fundCash(t, d.userId, centavosOf(1000))
    await fundCash(t, c.userId, centavosOf(100))
    await stake(d, '500.00')
    await stake(d, '500.00')
    await stake(c, '100.00')
    const day = dayOf(Date.now())
    const before = { a: await balances(t, a.userId), b: await balances(t, b.userId), c: await balances(t, c.userId) }
    // Two runs at once, then a third: the day is paid once.
    const runs = await Promise.all([t.db.tx((q) => payReferralDay(q, rules, day, new Date())), t.db.tx((q) => payReferralDay(q, rules, day, new Date()))])
    const third = await t.db.tx((q) => payReferralDay(q, rules, day, new Date()))
    expect(third.size).toBe(0)
    const paid = new Map<bigint, bigint>()
    for (const run of runs) for (const [k, v] of run) paid.set(k, (paid.get(k) ?? 0n) + v)
    // C: 0.4 % of D's 1.000; B: 0.2 % of D's and 0.4 % of C's 100; A: 0.1 % of D's and 0.2 % of C's.
    expect(paid.get(c.userId)).toBe(centavosOf(4))
    expect(paid.get(b.userId)).toBe(centavosOf(2) + 40n)
    expect(paid.get(a.userId)).toBe(centavosOf(1) + 20n)
    expect(paid.has(d.userId)).toBe(false)
    expect((await balances(t, c.userId)).bonus - before.c.bonus).toBe(centavosOf(4))
    expect((await balances(t, a.userId)).bonus - before.a.bonus).toBe(centavosOf(1) + 20n)
    expect(await info(a)).toMatchObject({ level1Amount: 0, level2Amount: 0.2, level3Amount: 1 })
    expect(await info(b)).toMatchObject({ level1Amount: 0.4, level2Amount: 2, level3Amount: 0 })
    expect(await info(c)).toMatchObject({ level1Amount: 4, level2Amount: 0, level3Amount: 0 })
    // One promotion posting per beneficiary, award type 141.
    const tx = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ledger_transactions WHERE user_id = $1 AND kind = 'prize' AND meta->>'awardType' = '141'`, [b.userId])
    expect(Number(tx.rows[0]!.n)).toBe(1)
    // The team view: people and commissions per level, masked referees with what each brought, the day's row.
    const team = (await call<{ yqm: string; rates: number[]; levels: unknown[]; referees: { level: number; name: string; brought: number }[]; days: { day: string; amounts: number[] }[] }>(t, calls.referralTeam, { token: b.token })).body.data
    expect(team.rates).toEqual([0.4, 0.2, 0.1])
    expect(team.levels).toEqual([{ level: 1, people: 1, amount: 0.4 }, { level: 2, people: 1, amount: 2 }, { level: 3, people: 0, amount: 0 }])
    expect(team.referees.map((r) => [r.level, r.brought])).toEqual([[2, 2], [1, 0.4]])
    expect(team.referees[0]!.name).toMatch(/^\w{2}\*\*\*@e\*\*\*\.com$/)
    expect(team.days).toEqual([{ day, amounts: [0.4, 2, 0] }])
  })
})
