import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as casino from '../../src/shared/contract/casino'
import { calls } from '../../src/shared/contract'
import { centavosOf } from '../centavos'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, drained, fundCash, listen, newPlayer, recorder, socketFor, verifiedPlayer, waitFor, type ClientSocket } from './walletHelpers'

// The boost is offered after R$20 of stakes in a day here (BOOST_AFTER_WAGERED).
let t: TestApp
let base: string
const sockets: ClientSocket[] = []
beforeAll(async () => {
  t = await startTestApp({}, { BOOST_AFTER_WAGERED: '20' })
  base = await listen(t)
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

async function watched(cashReais: number) {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(cashReais))
  const s = await socketFor(base, p.token)
  sockets.push(s)
  return { p, s, got: recorder(s) }
}

/** A dice bet that always loses: under 0.01 wins only on a roll of 0.00 (1 in 10,001). */
const losingDice = (amount: string) => ({ amount, target: '0.01', condition: 'under' })

describe('bet nudges', () => {
  it('offers the bonus boost once a day, after the day\'s stakes reach the threshold', async () => {
    const { p, s, got } = await watched(100)
    for (let i = 0; i < 3; i++) await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('5.00') })
    // R$15 staked: no offer yet.
    await drained(t, s, p.userId)
    expect(got.userBetAmount).toBeUndefined()
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('5.00') })
    await waitFor(() => (got.userBetAmount?.length ?? 0) > 0)
    // The first EXPPAY package: R$50 with a R$50 gift, so bouns 2 and 'R$100.00' on the pop-up.
    expect(got.userBetAmount![0]).toEqual({ bouns: 2, amount: 50 })
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('5.00') })
    await drained(t, s, p.userId)
    expect(got.userBetAmount).toHaveLength(1)
    const offers = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM boost_offers WHERE user_id = $1', [p.userId])
    expect(Number(offers.rows[0]!.n)).toBe(1)
    // Another São Paulo day brings another offer.
    t.advance(24 * 3600_000)
    for (let i = 0; i < 4; i++) await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('5.00') })
    await waitFor(() => got.userBetAmount!.length === 2)
  })

  it('never nudges a test account (play money cannot be topped up)', async () => {
    const p = await newPlayer(t)
    const demo = (await call(t, calls.getUserTest, { token: p.token })).body.data
    const token = (await login(t, demo.username, demo.pwd)).body.data.access_token as string
    const demoId = BigInt((await t.db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [demo.username])).rows[0]!.id)
    const s = await socketFor(base, token)
    sockets.push(s)
    const got = recorder(s)
    // R$50 staked with play money: five times the threshold, and no offer.
    for (let i = 0; i < 5; i++) expect((await callKeyed(t, casino.diceBet, { token, body: losingDice('10.00') })).body.status).toBe(200)
    await drained(t, s, demoId)
    expect(got.userBetAmount).toBeUndefined()
    expect(got.insBalance?.length).toBe(5)
  })

  it('sends freeBalance when a bet takes the balance under R$0.51, once', async () => {
    const { p, s, got } = await watched(1)
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('0.40') })
    await drained(t, s, p.userId)
    expect(got.freeBalance).toBeUndefined()
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('0.20') })
    await waitFor(() => (got.freeBalance?.length ?? 0) > 0)
    const now = (await call(t, calls.getBalance, { token: p.token })).body.data
    expect(got.freeBalance![0]).toEqual({ balance: 0.4, balanceVersion: now.balanceVersion })
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('0.10') })
    await drained(t, s, p.userId)
    expect(got.freeBalance).toHaveLength(1)
    expect((await call(t, casino.getSeed, { token: p.token })).body.data.nonce).toBe(3)
  })

  it('sends offer:compensation when the server made the compensation offer, and only then (the app opens the compensation deposit on it)', async () => {
    const p = await verifiedPlayer(t)
    const pkg = (await t.db.query<{ id: number }>(`SELECT id FROM price_packages WHERE currency = 'BRL' AND price = 2000`)).rows[0]!.id
    await deposit(t, p, pkg, 0)
    const s = await socketFor(base, p.token)
    sockets.push(s)
    const got = recorder(s)
    for (let i = 0; i < 3; i++) await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('5.00') })
    await waitFor(() => (got['offer:compensation']?.length ?? 0) > 0)
    const now = (await call(t, calls.getBalance, { token: p.token })).body.data
    expect(got['offer:compensation']![0]).toEqual({ balance: 5, balanceVersion: now.balanceVersion })
    // Back at R$ 10 and R$ 0,10 lost: no offer is made, and the app is told nothing.
    await fundCash(t, p.userId, centavosOf(5))
    await callKeyed(t, casino.diceBet, { token: p.token, body: losingDice('0.10') })
    await drained(t, s, p.userId)
    expect(got['offer:compensation']).toHaveLength(1)
  })
})
