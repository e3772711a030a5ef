/**
 * The /bonus page's call: each bonus credited with its state, read from the ledger. Sign-in
 * rewards wagered once here (SIGNIN_WAGER_X 1) so a pool can be completed in two bets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { SIGNIN_WAGER_X: '1' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const DAY = 86_400_000
type Mine = { bonus: number; required: number; wagered: number; turnover: number; grants: { source: string; amount: number; state: string }[]; offers: unknown[] }
const mine = async (p: Player) => (await call<Mine>(t, calls.myBonus, { token: p.token })).body.data
const claim = (p: Player) => callKeyed(t, calls.signinClaim, { token: p.token, body: {} })
/** Aims at 9,900x: loses unless the roll is 0.00; counts 10 % of its stake toward a gift. */
const losingDice = (p: Player, amount: string) => callKeyed(t, casino.diceBet, { token: p.token, body: { amount, target: '0.01', condition: 'under' } })

describe('the bonus page', () => {
  it('shows each bonus as lost, completed or active, by the pool it joined', async () => {
    const p = await newPlayer(t)
    expect(await mine(p)).toMatchObject({ bonus: 0, grants: [], offers: [], turnover: 0 })
    // Day 1: R$ 0.50 of bonus, staked and lost before its wagering was done.
    expect((await claim(p)).body.status).toBe(200)
    expect((await mine(p)).grants).toEqual([expect.objectContaining({ source: 'signin', amount: 0.5, state: 'active' })])
    await losingDice(p, '0.50')
    expect((await balances(t, p.userId)).bonus).toBe(0n)
    // Day 2: R$ 1 starts a new pool; R$ 10 of cash stakes count R$ 1 and release it to cash.
    t.advance(DAY)
    expect((await claim(p)).body.status).toBe(200)
    await fundCash(t, p.userId, 10_000n)
    for (let i = 0; i < 2; i++) expect((await losingDice(p, '5.00')).body.status).toBe(200)
    expect((await balances(t, p.userId)).bonus).toBe(0n)
    // Day 3: R$ 1.50, being wagered.
    t.advance(DAY)
    expect((await claim(p)).body.status).toBe(200)
    const now = await mine(p)
    expect(now.grants.map((g) => [g.source, g.amount, g.state])).toEqual([
      ['signin', 1.5, 'active'],
      ['signin', 1, 'completed'],
      ['signin', 0.5, 'lost'],
    ])
    expect(now).toMatchObject({ bonus: 1.5, required: 1.5, wagered: 0 })
  })

  it('a bet that stakes the whole bonus and wins keeps it active: the win goes back to bonus, the same pool', async () => {
    const p = await newPlayer(t)
    expect((await claim(p)).body.status).toBe(200)
    // 98 %: wins 1.0102x nearly always; the stake is all bonus, so the win returns to bonus.
    const bet = await callKeyed<{ payout: number }>(t, casino.diceBet, { token: p.token, body: { amount: '0.50', target: '98.00', condition: 'under' } })
    expect(bet.body.status).toBe(200)
    const after = (await balances(t, p.userId)).bonus
    expect((await mine(p)).grants).toEqual([expect.objectContaining({ source: 'signin', state: after > 0n ? 'active' : 'lost' })])
  })
})
