/**
 * The built-in demo provider end to end over HTTP: launched by the app, it calls the operator's
 * wallet with the signed API for every spin; each fault it can be told to make ends with the right
 * balance (issue 15).
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, checkLedgerAfterEach, fundCash, newPlayer, type Player } from './walletHelpers'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await startTestApp({}, { DEMO_PROVIDER_FAULTS: '1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Spin = { status: string; payout?: number; balance?: number; wins?: { line: number; pay: number }[]; stops?: number[] }

async function launched(cash = 10_000n): Promise<{ player: Player; token: string }> {
  const player = await newPlayer(t)
  await fundCash(t, player.userId, cash)
  const r = await call<{ url: string }>(t, calls.launchGame, { token: player.token, body: { productCode: 'PG', game: 'demo-fruits' } })
  return { player, token: new URL(r.body.data.url, base).searchParams.get('token')! }
}

async function spin(token: string, bet: number, fault?: string, spinId?: string): Promise<Spin> {
  const res = await fetch(`${base}/demo-provider/PG/api/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, game: 'demo-fruits', bet, fault, spinId }) })
  return (await res.json()) as Spin
}
const spendable = async (p: Player) => {
  const b = await balances(t, p.userId)
  return Number(b.cash + b.bonus)
}

describe('the demo provider through the wallet', () => {
  it('each spin takes the stake and pays its result: the balance follows every spin exactly', async () => {
    const { player, token } = await launched()
    let expected = 10_000
    for (let i = 0; i < 20; i++) {
      const s = await spin(token, 100)
      expect(s.status).toBe('OK')
      expected += (s.payout ?? 0) - 100
      expect(s.balance).toBe(expected)
      expect(s.payout).toBe(Math.floor((100 * (s.wins ?? []).reduce((sum, w) => sum + w.pay, 0)) / 20))
    }
    expect(await spendable(player)).toBe(expected)
    // Every round was closed by its win (0 for a loss): no bet left open.
    const open = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM provider_transactions WHERE user_id = $1 AND kind = 'bet' AND state = 'open'`, [player.userId])
    expect(Number(open.rows[0]!.n)).toBe(0)
  })

  it('a spin sent again under its id (a browser retry) answers the first spin and plays once, even sent at once', async () => {
    const { player, token } = await launched()
    const id = crypto.randomUUID()
    const [a, b] = await Promise.all([spin(token, 200, undefined, id), spin(token, 200, undefined, id)])
    const c = await spin(token, 200, undefined, id)
    expect(a.status).toBe('OK')
    expect(b).toEqual(a)
    expect(c).toEqual(a)
    expect(await spendable(player)).toBe(10_000 - 200 + (a.payout ?? 0))
    // Another id is another spin; the same id under another player's session is that player's own spin.
    expect((await spin(token, 200, undefined, crypto.randomUUID())).status).toBe('OK')
    const other = await launched()
    expect((await spin(other.token, 200, undefined, id)).balance).toBe(10_000 - 200 + ((await spin(other.token, 200, undefined, id)).payout ?? 0))
    const bets = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM provider_transactions WHERE user_id = $1 AND kind = 'bet'`, [player.userId])
    expect(Number(bets.rows[0]!.n)).toBe(2)
  })

  it('refuses a stake it does not offer and a spin without money, moving nothing', async () => {
    const { player, token } = await launched(50n)
    const res = await fetch(`${base}/demo-provider/PG/api/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, game: 'demo-fruits', bet: 123 }) })
    expect(res.status).toBe(400)
    expect(await spin(token, 100)).toEqual({ status: 'NOT_ENOUGH_MONEY', balance: 50 })
    expect(await spendable(player)).toBe(50)
  })

  it('fault cases end with the right balance: a round failing after the bet, repeated requests, the win before the bet, a rollback after the win', async () => {
    const { player, token } = await launched()
    expect(await spin(token, 500, 'timeoutAfterBet')).toEqual({ status: 'ROUND_FAILED', balance: 10_000 })
    expect(await spendable(player)).toBe(10_000)
    let expected = 10_000
    for (const fault of ['repeat', 'winBeforeBet', 'rollbackAfterWin']) {
      const s = await spin(token, 500, fault)
      expect(s.status, fault).toBe('OK')
      expected += (s.payout ?? 0) - 500
      expect(s.balance, fault).toBe(expected)
      expect(await spendable(player), fault).toBe(expected)
    }
  })

  it('after the game is closed a spin is refused and nothing moves', async () => {
    const { player, token } = await launched()
    expect((await call(t, calls.stopGame, { token: player.token })).body.status).toBe(200)
    expect(await spin(token, 100)).toEqual({ status: 'TOKEN_EXPIRED', balance: 10_000 })
    expect(await spendable(player)).toBe(10_000)
  })
})
