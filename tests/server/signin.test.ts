import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, idem, newPlayer } from './walletHelpers'

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
})
