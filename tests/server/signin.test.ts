import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as sport from '../../src/shared/contract/sport'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, deposit, idem, newPlayer, packagePrice, pkg100, verifiedPlayer, wageringLeft } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const DAY = 86_400_000
type Status = { today: string; claimedToday: boolean; day: number; rewards: number[]; claimed: boolean[] }
const status = async (token: string) => (await call<Status>(t, calls.signinStatus, { token })).body.data
const claim = (token: string, key = idem()) => callKeyed<{ day: number; reward: number; balance: number }>(t, calls.signinClaim, { token, body: {}, key })

describe('daily sign-in', () => {
  it('pays the cycle day by day, once a day whatever races, restarts after a missed day', async () => {
    const p = await newPlayer(t)
    expect(await status(p.token)).toMatchObject({ claimedToday: false, day: 1, rewards: [0.5, 1, 1.5, 2, 3, 4, 5], claimed: [false, false, false, false, false, false, false] })
    // Five claims at once, each with its own key: one pays.
    const raced = await Promise.all(Array.from({ length: 5 }, () => claim(p.token)))
    expect(raced.map((r) => r.body.status).sort()).toEqual([200, 4301, 4301, 4301, 4301])
    const first = raced.find((r) => r.body.status === 200)!
    expect(first.body.data).toMatchObject({ day: 1, reward: 0.5, balance: 0.5 })
    expect((await balances(t, p.userId)).bonus).toBe(50n)
    // Wagered 30 times before it turns into cash.
    expect(BigInt((await t.db.query<{ required: bigint }>('SELECT required FROM bonus_wagering WHERE user_id = $1', [p.userId])).rows[0]!.required)).toBe(1500n)
    expect(await status(p.token)).toMatchObject({ claimedToday: true, day: 1, claimed: [true, false, false, false, false, false, false] })
    // A replay of the same key answers the same bytes and pays nothing.
    const key = idem()
    t.advance(DAY)
    const day2 = await claim(p.token, key)
    expect(day2.body.data).toMatchObject({ day: 2, reward: 1 })
    expect((await claim(p.token, key)).raw).toBe(day2.raw)
    expect((await balances(t, p.userId)).bonus).toBe(150n)
    // A missed day: the cycle starts again.
    t.advance(2 * DAY)
    expect(await status(p.token)).toMatchObject({ claimedToday: false, day: 1, claimed: [false, false, false, false, false, false, false] })
    expect((await claim(p.token)).body.data).toMatchObject({ day: 1, reward: 0.5 })
  })

  it('test accounts (play money) claim nothing', async () => {
    const owner = await newPlayer(t)
    const test = (await call<{ username: string; pwd: string }>(t, calls.getUserTest, { token: owner.token })).body.data
    const { login } = await import('./flows')
    const token = (await login(t, test.username, test.pwd)).body.data.access_token as string
    const r = await claim(token)
    expect([r.http, r.body.status]).toEqual([403, 2009])
  })

  it("a reward never cuts the wagering still owed on a bonus staked in open bets (the audit: R$ 375 owed became R$ 15)", async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 1)
    const { price, gift, x } = await packagePrice(t, await pkg100(t))
    const owed = gift * BigInt(x)
    expect(await wageringLeft(t, p)).toBe(owed)
    // The cash, then the whole bonus, staked in open pre-match sport bets: the balance is zero.
    const list = await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })
    const match = await call<{ markets: { type: string; period: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }[] }>(t, sport.sportMatch, {
      params: { matchId: list.body.data[0]!.matchId },
    })
    const home = match.body.data.markets.find((m) => m.type === '1x2' && m.period === 1 && m.status === 'open')!.selections.find((s) => s.name === 'home')!
    const stake = async (centavos: bigint) => {
      const amount = (Number(centavos) / 100).toFixed(2)
      const r = await callKeyed(t, sport.sportBet, { token: p.token, body: { type: 'single', amount, selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' } })
      expect(r.http, r.raw).toBe(200)
    }
    for (let left = price; left > 0n; left -= 5_000n) await stake(left < 5_000n ? left : 5_000n)
    await stake(gift)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 0n })
    // A sign-in reward arrives: its own wagering adds to what is owed; it does not start afresh.
    const r = await claim(p.token)
    expect(r.body.data).toMatchObject({ day: 1, reward: 0.5 })
    expect(await wageringLeft(t, p)).toBe(owed + 50n * BigInt(t.config.wallet.signin.wagerX))
  })
})
