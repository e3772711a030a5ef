import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { serverEventSchemas } from '../../src/shared/contract/socket'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, fundCash, listen, pkg100, recorder, socketFor, verifiedPlayer, waitFor, type ClientSocket } from './walletHelpers'

let t: TestApp
let base: string
const sockets: ClientSocket[] = []
beforeAll(async () => {
  t = await startTestApp()
  base = await listen(t)
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Versioned = { balance: number; balanceVersion: number }

/** A dice bet that always loses: under 0.01 wins only on a roll of 0.00 (1 in 10,001). */
const losingDice = (amount: string) => ({ amount, target: '0.01', condition: 'under' })

describe('balanceVersion', () => {
  it('every balance on the wire carries a version that grows with each movement: deposit, bet, mines, transfer', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    const sa = await socketFor(base, a.token)
    const sb = await socketFor(base, b.token)
    sockets.push(sa, sb)
    const gotA = recorder(sa)
    const gotB = recorder(sb)
    const seen: Versioned[] = []
    /** Each movement's reply: a newer version than every earlier one, and the same version as getBalance and userInfo now. */
    const step = async (reply: Versioned) => {
      expect(typeof reply.balanceVersion).toBe('number')
      for (const earlier of seen) expect(reply.balanceVersion).toBeGreaterThan(earlier.balanceVersion)
      seen.push(reply)
      const now = (await call(t, calls.getBalance, { token: a.token })).body.data
      expect(now).toEqual({ balance: reply.balance, balanceVersion: reply.balanceVersion })
      const info = (await call(t, calls.userInfo, { token: a.token })).body.data
      expect({ balance: info.balance, balanceVersion: info.balanceVersion }).toEqual(now)
    }

    const fresh = (await call(t, calls.getBalance, { token: a.token })).body.data
    expect(fresh).toEqual({ balance: 0, balanceVersion: 0 })
    seen.push(fresh)

    await deposit(t, a, await pkg100(t), 0)
    const afterDeposit = (await call(t, calls.getBalance, { token: a.token })).body.data as Versioned
    await step(afterDeposit)
    await waitFor(() => (gotA.insBalance?.length ?? 0) === 1 && (gotA.updateUserInfo?.length ?? 0) === 1)
    expect(gotA.insBalance![0]).toEqual(afterDeposit)
    expect(gotA.updateUserInfo![0]).toMatchObject(afterDeposit)

    const bet = (await callKeyed(t, casino.diceBet, { token: a.token, body: losingDice('1.00') })).body.data
    expect(bet.balance).toBe(99)
    await step(bet)
    await waitFor(() => gotA.insBalance!.length === 2)
    expect(gotA.insBalance![1]).toEqual({ balance: bet.balance, balanceVersion: bet.balanceVersion })

    const start = (await callKeyed(t, casino.minesStart, { token: a.token, body: { amount: '2.00', mines: 24 } })).body.data
    await step(start)
    // A revealed tile that moves no money keeps the version; the game's end moves it on.
    const active = (await call(t, casino.minesActive, { token: a.token })).body.data
    expect(active.balanceVersion).toBe(start.balanceVersion)
    let move = start
    for (let tile = 0; move.state === 'active'; tile++) {
      move = (await callKeyed(t, casino.minesReveal, { token: a.token, body: { tile } })).body.data
      if (move.state === 'active') expect(move.balanceVersion).toBe(start.balanceVersion)
    }
    if (move.state === 'won') await step(move)
    else expect(move.balanceVersion).toBe(start.balanceVersion)

    const history = (await call(t, casino.casinoBets, { token: a.token })).body.data.records as Versioned[]
    for (const record of history) expect(record.balanceVersion).toBe(seen.at(-1)!.balanceVersion)

    const bBefore = (await call(t, calls.getBalance, { token: b.token })).body.data as Versioned
    const sent = await callKeyed(t, calls.transfer, { token: a.token, body: { toUser: b.email, amount: '5.00' } })
    expect(sent.body.status).toBe(200)
    await step(sent.body.data)
    const bAfter = (await call(t, calls.getBalance, { token: b.token })).body.data as Versioned
    expect(bAfter.balanceVersion).toBeGreaterThan(bBefore.balanceVersion)
    await waitFor(() => (gotB.insBalance?.length ?? 0) === 1 && (gotB.updateUserInfo?.length ?? 0) === 1)
    expect(gotB.insBalance![0]).toEqual(bAfter)
    expect(gotB.updateUserInfo![0]).toMatchObject(bAfter)
    await waitFor(() => (gotA.insBalance as Versioned[]).some((e) => e.balanceVersion === sent.body.data.balanceVersion))

    // Every balance event A received parses with the contract and grows in version.
    const events = gotA.insBalance as Versioned[]
    for (const e of events) expect(serverEventSchemas.insBalance.safeParse(e).success).toBe(true)
    for (let i = 1; i < events.length; i++) expect(events[i]!.balanceVersion).toBeGreaterThanOrEqual(events[i - 1]!.balanceVersion)
    for (const e of gotA.updateUserInfo as Versioned[]) expect(serverEventSchemas.updateUserInfo.safeParse(e).success).toBe(true)
  })

  it('a movement of another player leaves a player\'s version alone', async () => {
    const a = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const before = (await call(t, calls.getBalance, { token: a.token })).body.data as Versioned
    const other = await verifiedPlayer(t)
    await fundCash(t, other.userId, 1_000n)
    await callKeyed(t, casino.diceBet, { token: other.token, body: losingDice('1.00') })
    expect((await call(t, calls.getBalance, { token: a.token })).body.data).toEqual(before)
  })

  it('the contract refuses a balance without its version on the socket', () => {
    expect(serverEventSchemas.insBalance.safeParse({ balance: 1 }).success).toBe(false)
    expect(serverEventSchemas.updateUserInfo.safeParse({ balance: 1 }).success).toBe(false)
    expect(serverEventSchemas.updateUserInfo.safeParse({ header: 3 }).success).toBe(true)
    expect(serverEventSchemas.freeBalance.safeParse({ balance: 0.4 }).success).toBe(false)
  })
})
