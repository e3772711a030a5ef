import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { creditVipAwards } from '../../src/server/loyalty/vip/awards'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, deposit, fundCash, listen, recorder, socketFor, verifiedPlayer, waitFor } from './walletHelpers'

/**
 * The spec's VIP table (section 9), read as: column 1 the award for reaching the level, column 2
 * the total deposited (paySumAmount) and column 3 the total wagered (gameSumAmount) needed to reach
 * it; both thresholds must be met. Level 6's "24.000" is 24000. Reais. Its one home in the code is
 * the database's vip_levels (seeded by 001_baseline.sql), which the last test holds to this.
 */
const SPEC_VIP = [
  [0, 0, 0, 0], [1, 10, 100, 500], [2, 50, 500, 4000], [3, 200, 2000, 16000], [4, 1200, 10000, 80000], [5, 6000, 50000, 400000],
  [6, 24000, 200000, 1600000], [7, 75000, 500000, 3000000], [8, 225000, 1500000, 6000000], [9, 750000, 5000000, 20000000], [10, 2000000, 10000000, 40000000],
].map(([level, award, payMin, gameMin]) => ({ level: level!, award: BigInt(award!) * 100n, payMin: BigInt(payMin!) * 100n, gameMin: BigInt(gameMin!) * 100n }))

let t: TestApp
let base: string
beforeAll(async () => {
  // Dice counts in full toward wagering here (10 % by default), and takes stakes up to R$ 5.000, so a
  // test reaches the thresholds in a few bets.
  t = await startTestApp({}, { WAGER_CONTRIBUTION: 'dice=100', CASINO_MAX_STAKE: '5000', CASINO_MAX_PAYOUT: '10000000' })
  base = await listen(t)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

/** A dice bet that mostly loses (under 5.00), at odds far above 1.5x: it counts in full. */
const losingDice = (amount: string) => ({ amount, target: '5.00', condition: 'under' })
type Info = { level: number; paySumAmount: number; gameSumAmount: number; nextlevel: { paySumAmount: number; gameSumAmount: number } }
const info = async (token: string) => (await call<Info>(t, calls.userInfo, { token })).body.data
const awards = async (userId: bigint) => (await t.db.query<{ level: number; credited_at: Date | null }>('SELECT level, credited_at FROM vip_awards WHERE user_id = $1 ORDER BY level', [userId])).rows
const prizes = async (userId: bigint) => {
  const r = (await t.db.query<{ n: bigint; total: bigint }>(`SELECT count(*) AS n, COALESCE(sum(e.amount), 0) AS total FROM ledger_transactions lt JOIN ledger_entries e ON e.tx_id = lt.id JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = lt.user_id WHERE lt.user_id = $1 AND lt.kind = 'prize'`, [userId])).rows[0]!
  return { n: BigInt(r.n), total: BigInt(r.total) }
}
const pkgPriced = async (reais: number) => (await t.db.query<{ id: number }>(`SELECT id FROM price_packages WHERE currency = 'BRL' AND price = $1`, [reais * 100])).rows[0]!.id

describe('VIP levels', () => {
  it('stakes and then one deposit jump two levels: each award credited once, to bonus with its wagering, live', async () => {
    const p = await verifiedPlayer(t)
    const s = await socketFor(base, p.token)
    const got = recorder(s)
    expect(await info(p.token)).toMatchObject({ level: 0, gameSumAmount: 0, nextlevel: { paySumAmount: 100, gameSumAmount: 500 } })
    // R$ 4.000 of counted stakes with money that is not a deposit: no level yet (no deposit).
    await fundCash(t, p.userId, centavosOf(4000))
    for (const amount of ['2000.00', '2000.00']) expect((await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice(amount) })).body.status).toBe(200)
    expect(await info(p.token)).toMatchObject({ level: 0, gameSumAmount: 4000 })
    expect(await awards(p.userId)).toEqual([])
    // One R$ 500 deposit meets both thresholds of levels 1 and 2 at once.
    await deposit(t, p, await pkgPriced(500), 0)
    const after = await info(p.token)
    expect(after).toMatchObject({ level: 2, paySumAmount: 500, gameSumAmount: 4000, nextlevel: { paySumAmount: 2000, gameSumAmount: 16000 } })
    const expected = SPEC_VIP[1]!.award + SPEC_VIP[2]!.award
    expect((await awards(p.userId)).map((a) => [a.level, a.credited_at !== null])).toEqual([[1, true], [2, true]])
    expect(await prizes(p.userId)).toEqual({ n: 2n, total: expected })
    expect((await balances(t, p.userId)).bonus).toBe(expected)
    // The gifts' rule: 15 x the awards to wager before the bonus turns into cash.
    expect(BigInt((await t.db.query<{ required: bigint }>('SELECT required FROM bonus_wagering WHERE user_id = $1', [p.userId])).rows[0]!.required)).toBe(expected * 15n)
    await waitFor(() => (got.updateUserInfo ?? []).some((u) => (u as { level?: number }).level === 2))
    // The job running again (here, in two transactions at once) credits nothing more.
    const again = await Promise.all([t.db.tx((q) => creditVipAwards(q, 15, new Date())), t.db.tx((q) => creditVipAwards(q, 15, new Date()))])
    expect(again.flat().filter((c) => c.userId === p.userId)).toEqual([])
    await deposit(t, p, await pkgPriced(500), 0)
    expect(await prizes(p.userId)).toEqual({ n: 2n, total: expected })
    // The VIP page: what changed since it last showed the level, then seen.
    const vip = (await call<{ level: number; seenLevel: number; next: { level: number }; awards: { level: number; award: number; credited: boolean }[]; levels: unknown[] }>(t, calls.vipInfo, { token: p.token })).body.data
    expect(vip).toMatchObject({ level: 2, seenLevel: 0, next: { level: 3 }, awards: [{ level: 1, award: 10, credited: true }, { level: 2, award: 50, credited: true }] })
    expect(vip.levels).toHaveLength(11)
    expect((await call<{ seenLevel: number }>(t, calls.vipSeen, { token: p.token, body: {} })).body.data.seenLevel).toBe(2)
    expect((await call<{ seenLevel: number }>(t, calls.vipInfo, { token: p.token })).body.data.seenLevel).toBe(2)
    s.disconnect()
  })

  it('a test account (play money) has no VIP progress', async () => {
    const owner = await verifiedPlayer(t)
    const test = (await call<{ username: string; pwd: string }>(t, calls.getUserTest, { token: owner.token })).body.data
    const { login } = await import('./flows')
    const token = (await login(t, test.username, test.pwd)).body.data.access_token as string
    for (let i = 0; i < 3; i++) expect((await callKeyed(t, casino.diceBet, { token, body: losingDice('100.00') })).body.status).toBe(200)
    expect(await info(token)).toMatchObject({ level: 0, gameSumAmount: 0 })
  })

  it("the database's table is the spec's", async () => {
    const rows = (await t.db.query<{ level: number; award: bigint; pay_min: bigint; game_min: bigint }>('SELECT level, award, pay_min, game_min FROM vip_levels ORDER BY level')).rows
    expect(rows.map((r) => ({ level: Number(r.level), award: BigInt(r.award), payMin: BigInt(r.pay_min), gameMin: BigInt(r.game_min) }))).toEqual(SPEC_VIP)
  })
})
