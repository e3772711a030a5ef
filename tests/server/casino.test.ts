import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { diceRoll } from '../../src/shared/games/dice'
import { hashServerSeed, type SeedPair } from '../../src/shared/games/fair'
import { limboResult } from '../../src/shared/games/limbo'
import { minePositions, minesMultiplier } from '../../src/shared/games/mines'
import { multiplierToNumber } from '../../src/shared/games/payout'
import { centavosOf } from '../centavos'
import * as outside from '../verifier/standard'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

/** The active pair as the server holds it (tests may look; players see only the hash). */
async function secretPair(userId: bigint): Promise<SeedPair> {
  const r = await t.db.query<{ server_seed: string; client_seed: string; nonce: number }>('SELECT server_seed, client_seed, nonce FROM fair_seeds WHERE user_id = $1 AND active', [userId])
  const row = r.rows[0]!
  return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce }
}

async function funded(reais = 100): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(reais))
  // The seed pair is made on first use; reading it commits to it.
  await call(t, casino.getSeed, { token: p.token })
  return p
}

describe('seeds', () => {
  it('commits to a hidden server seed, and rotation reveals it with a fresh pair', async () => {
    const p = await funded()
    const seed = await call(t, casino.getSeed, { token: p.token })
    expect(seed.body.data).toMatchObject({ nonce: 0, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) })
    await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '1.00', target: '50.00', condition: 'over' } })
    const rotated = await call(t, casino.rotateSeed, { token: p.token, body: { clientSeed: 'meu-seed' } })
    expect(rotated.body.status).toBe(200)
    expect(hashServerSeed(rotated.body.data.previousServerSeed)).toBe(seed.body.data.serverSeedHash)
    expect(rotated.body.data).toMatchObject({ previousNonce: 1, clientSeed: 'meu-seed', nonce: 0 })
    expect((await call(t, casino.rotateSeed, { token: p.token, body: { clientSeed: 'a:b' } })).http).toBe(400)
  })
})

describe('dice and limbo', () => {
  it('a dice bet moves the stake and the payout, and verifies from the revealed seed', async () => {
    const p = await funded()
    const pair = await secretPair(p.userId)
    const res = await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '10.00', target: '50.50', condition: 'under' } })
    expect(res.body.status).toBe(200)
    const bet = res.body.data
    expect(bet.roll).toBe(diceRoll(pair) / 100)
    expect(bet.state).toBe(bet.roll < 50.5 ? 'won' : 'lost')
    // In centavos: R$10 at 9900/50.50 (four decimals), rounded down.
    const expectedPayout = bet.state === 'won' ? (1000n * ((9900n * 10_000n) / 5050n)) / 10_000n : 0n
    expect(centavosOf(bet.payout)).toBe(expectedPayout)
    expect(centavosOf(bet.balance)).toBe(10_000n - 1000n + expectedPayout)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(bet.balance))
  })

  it('limbo pays target x stake when the result reaches it', async () => {
    const p = await funded()
    const pair = await secretPair(p.userId)
    const res = await callKeyed(t, casino.limboBet, { token: p.token, body: { amount: '2.00', target: 1.5 } })
    const expected = limboResult(pair)
    expect(res.body.data.result).toBe(expected / 100)
    expect(centavosOf(res.body.data.payout)).toBe(expected >= 150 ? 300n : 0n)
  })

  it('refuses stakes out of range, targets out of range and payouts above the cap, moving nothing', async () => {
    const p = await funded(2000)
    const before = await balances(t, p.userId)
    const cases = [
      [casino.diceBet, { amount: '0.09', target: '50', condition: 'over' }, 'STAKE'],
      [casino.diceBet, { amount: '1000.01', target: '50', condition: 'over' }, 'STAKE'],
      [casino.diceBet, { amount: '1', target: '1.99', condition: 'over' }, 'TARGET'],
      [casino.diceBet, { amount: '1', target: '98.01', condition: 'under' }, 'TARGET'],
      [casino.limboBet, { amount: '1', target: '1.00' }, 'TARGET'],
      [casino.limboBet, { amount: '1000', target: '1000' }, 'CAP'],
    ] as const
    for (const [def, body, kind] of cases) {
      const res = await callKeyed(t, def, { token: p.token, body })
      expect(res.http, `${kind} ${JSON.stringify(body)}`).toBe(400)
    }
    expect(await balances(t, p.userId)).toEqual(before)
    expect((await secretPair(p.userId)).nonce).toBe(0)
  })

  it('a replayed key returns the same bet and takes one nonce', async () => {
    const p = await funded()
    const key = idem()
    const body = { amount: '1.00', target: '2.00', condition: 'over' }
    const [a, b] = await Promise.all([callKeyed(t, casino.diceBet, { token: p.token, body, key }), callKeyed(t, casino.diceBet, { token: p.token, body, key })])
    expect(a.body.data.betId).toBe(b.body.data.betId)
    expect((await secretPair(p.userId)).nonce).toBe(1)
  })

  it('100 simultaneous bets of the whole balance: exactly one is taken', async () => {
    const p = await funded(5)
    const results = await Promise.all(
      // Over 99.99 wins once in 10,001 rolls: a win would hand the stake back and let another bet in.
      Array.from({ length: 100 }, () => callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '5.00', target: '99.99', condition: 'over' } })),
    )
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.body.status === 9999)).toHaveLength(99)
    const b = await balances(t, p.userId)
    expect(b.cash >= 0n).toBe(true)
  })
})

describe('mines', () => {
  it('start, reveal gems, cash out; the board is revealed when it ends', async () => {
    const p = await funded()
    const pair = await secretPair(p.userId)
    const mines = minePositions(pair, 3)
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i))
    const start = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '10.00', mines: 3 } })
    expect(start.body.data).toMatchObject({ state: 'active', revealed: [], balance: 90 })
    expect(start.body.data.minePositions).toBeUndefined()
    expect((await callKeyed(t, casino.minesCashout, { token: p.token })).body.status).not.toBe(200)
    expect((await call(t, casino.rotateSeed, { token: p.token, body: { clientSeed: 'x' } })).http).toBe(409)
    expect((await call(t, calls.getWithdraw, { token: p.token })).body.data.lock).toBe(true)
    await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe[0] } })
    const two = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe[1] } })
    expect(two.body.data).toMatchObject({ state: 'active', revealed: [safe[0], safe[1]], multiplier: 1.2857 })
    expect((await call(t, casino.minesActive, { token: p.token })).body.data.betId).toBe(start.body.data.betId)
    const out = await callKeyed(t, casino.minesCashout, { token: p.token })
    expect(out.body.data).toMatchObject({ state: 'won', payout: 12.85, minePositions: mines, balance: 102.85 })
    expect((await call(t, casino.minesActive, { token: p.token })).body.data).toBeNull()
    expect((await call(t, calls.getWithdraw, { token: p.token })).body.data.lock).toBe(false)
  })

  it('a mine ends the game with nothing paid; the last safe tile cashes out by itself', async () => {
    const p = await funded()
    let pair = await secretPair(p.userId)
    let mines = minePositions(pair, 24)
    await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 24 } })
    const boom = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: mines[0] } })
    expect(boom.body.data).toMatchObject({ state: 'lost', payout: 0, minePositions: mines })

    pair = await secretPair(p.userId)
    mines = minePositions(pair, 24)
    const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !mines.includes(i))!
    await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 24 } })
    const win = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe } })
    expect(win.body.data).toMatchObject({ state: 'won', multiplier: multiplierToNumber(minesMultiplier(24, 1)), payout: 24.75 })
  })

  it('moves without the state the page assumes (no open game, a tile already open, a stake above the balance) are refused, move nothing and take no nonce', async () => {
    const p = await funded(5)
    const before = await balances(t, p.userId)
    expect((await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: 3 } })).body.status).not.toBe(200)
    expect((await callKeyed(t, casino.minesCashout, { token: p.token })).body.status).not.toBe(200)
    const short = await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '5.01', target: '50.00', condition: 'over' } })
    expect(short.body.status).toBe(9999)
    expect((await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '5.01', mines: 3 } })).body.status).toBe(9999)
    expect(await balances(t, p.userId)).toEqual(before)
    expect((await secretPair(p.userId)).nonce).toBe(0)

    const pair = await secretPair(p.userId)
    const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !minePositions(pair, 3).includes(i))!
    await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 3 } })
    await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe } })
    const again = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe } })
    expect(again.body.status).not.toBe(200)
    const game = (await call(t, casino.minesActive, { token: p.token })).body.data
    expect(game).toMatchObject({ state: 'active', revealed: [safe] })
    expect((await balances(t, p.userId)).cash).toBe(before.cash - centavosOf(1))
  })

  it('one open game per user', async () => {
    const p = await funded()
    await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 3 } })
    const second = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 3 } })
    expect(second.http).toBe(409)
  })
})

describe('verifier', () => {
  it('recomputes 1,000 bets of each game from the revealed seed', async () => {
    const p = await funded(100_000)
    const made: { game: string; betId: string }[] = []
    for (let i = 0; i < 1000; i++) {
      const d = await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '0.10', target: '49.50', condition: i % 2 ? 'over' : 'under' } })
      made.push({ game: 'dice', betId: d.body.data.betId })
      const l = await callKeyed(t, casino.limboBet, { token: p.token, body: { amount: '0.10', target: '1.98' } })
      made.push({ game: 'limbo', betId: l.body.data.betId })
    }
    for (let i = 0; i < 1000; i++) {
      const m = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '0.10', mines: 5 } })
      made.push({ game: 'mines', betId: m.body.data.betId })
      const r = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: i % 25 } })
      if (r.body.data.state === 'active') await callKeyed(t, casino.minesCashout, { token: p.token })
    }
    const rotated = await call(t, casino.rotateSeed, { token: p.token, body: { clientSeed: 'next' } })
    const serverSeed = rotated.body.data.previousServerSeed as string
    const list = await call(t, casino.casinoBets, { token: p.token, query: { size: '100', page: '1' } })
    expect(list.body.data.total).toBe(3000)
    for (const { game, betId } of made) {
      const bet = (await call(t, casino.casinoBet, { token: p.token, params: { betId } })).body.data
      expect(bet.serverSeed).toBe(serverSeed)
      const pair = { serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce }
      if (game === 'dice') expect(bet.roll).toBe(diceRoll(pair) / 100)
      else if (game === 'limbo') expect(bet.result).toBe(limboResult(pair) / 100)
      else expect(bet.minePositions).toEqual(minePositions(pair, 5))
      // The outside verifier (node:crypto, written from the scheme's text) agrees on outcome and payout.
      expect(outside.sha256Hex(serverSeed)).toBe(bet.serverSeedHash)
      let m4 = 0n
      if (game === 'dice') {
        const roll = outside.diceOf(serverSeed, bet.clientSeed, bet.nonce)
        expect(bet.roll).toBe(roll)
        if (bet.condition === 'over' ? roll > bet.target : roll < bet.target) m4 = outside.diceMultiplier4(bet.target, bet.condition)
      } else if (game === 'limbo') {
        const result = outside.limboOf(serverSeed, bet.clientSeed, bet.nonce)
        expect(bet.result).toBe(result)
        if (result >= bet.target) m4 = outside.limboMultiplier4(bet.target)
      } else {
        const mines = outside.minesOf(serverSeed, bet.clientSeed, bet.nonce, 5)
        expect(bet.minePositions).toEqual(mines)
        if (!bet.revealed.some((t: number) => mines.includes(t))) m4 = outside.minesMultiplier4(5, bet.revealed.length)
      }
      expect(bet.state).toBe(m4 > 0n ? 'won' : 'lost')
      expect(bet.multiplier).toBe(Number(m4) / 10000)
      expect(bet.payout).toBe(outside.payoutOf(bet.amount, m4))
    }
  }, 300_000)
})
