import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as casino from '../../src/shared/contract/casino'
import { diceRoll } from '../../src/shared/games/dice'
import { limboResult } from '../../src/shared/games/limbo'
import { minePositions } from '../../src/shared/games/mines'
import { centavosOf } from '../centavos'
import { buildApp } from '../../src/server/app'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, type Player } from './walletHelpers'

/**
 * The one bet path (issue 11): a move is one database call, sent in batches, computed in Node from
 * a remembered seed pair that the database verifies. These cases aim at what that design could get
 * wrong: moves of several games racing on one balance, replays among them, a pair or nonce moved
 * behind this process's back, a replay after the pair was rotated.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

async function funded(reais: number): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(reais))
  return p
}

const pairOf = async (userId: bigint) =>
  (await t.db.query<{ server_seed: string; client_seed: string; nonce: number }>('SELECT server_seed, client_seed, nonce FROM fair_seeds WHERE user_id = $1 AND active', [userId])).rows[0]!

describe('one balance, many moves at once', () => {
  it('dice, limbo, mines and replays of each racing on one balance: each key moves money once, nonces stay contiguous, the balance is the sum of the bets', async () => {
    const p = await funded(3)
    const dice = { amount: '0.50', target: '50.50', condition: 'over' }
    const limbo = { amount: '0.70', target: '2.00' }
    const requests: { def: typeof casino.diceBet | typeof casino.limboBet | typeof casino.minesStart | typeof casino.minesReveal | typeof casino.minesCashout; body?: object; key: string }[] = []
    for (let i = 0; i < 12; i++) {
      requests.push({ def: casino.diceBet, body: dice, key: idem() })
      requests.push({ def: casino.limboBet, body: limbo, key: idem() })
    }
    requests.push({ def: casino.minesStart, body: { amount: '0.40', mines: 3 }, key: idem() })
    for (let tile = 0; tile < 4; tile++) requests.push({ def: casino.minesReveal, body: { tile }, key: idem() })
    requests.push({ def: casino.minesCashout, key: idem() })
    // Every key sent two or three times, all at once, in a shuffled order.
    const sends = requests.flatMap((r, i) => Array.from({ length: 2 + (i % 2) }, () => r))
    for (let i = sends.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1)
      ;[sends[i], sends[j]] = [sends[j]!, sends[i]!]
    }
    const results = await Promise.all(sends.map((r) => callKeyed(t, r.def, { token: p.token, key: r.key, body: r.body })))

    // Each key got one answer, whichever copy came first: the others replayed it byte for byte.
    const byKey = new Map<string, Set<string>>()
    sends.forEach((r, i) => byKey.set(r.key, (byKey.get(r.key) ?? new Set()).add(`${results[i]!.http} ${results[i]!.raw}`)))
    for (const [key, answers] of byKey) expect(answers.size, key).toBe(1)
    for (const r of results) expect(r.http, r.raw).toBeLessThan(500)

    // Money: every bet written once, the balance is the start less stakes plus payouts, never below zero.
    const bets = (await t.db.query<{ amount: bigint; payout: bigint; nonce: number; state: string }>('SELECT amount, payout, nonce, state FROM casino_bets WHERE user_id = $1 ORDER BY nonce', [p.userId])).rows
    const placed = results.filter((r) => r.http === 200 && r.body.data && 'betId' in r.body.data).map((r) => r.body.data.betId as string)
    expect(bets.length).toBe(new Set(placed).size)
    expect(bets.length).toBeGreaterThan(3)
    const spent = bets.reduce((s, b) => s + BigInt(b.amount) - BigInt(b.payout), 0n)
    const b = await balances(t, p.userId)
    expect(b.cash + b.bonus).toBe(300n - spent)
    expect(b.cash >= 0n && b.bonus >= 0n).toBe(true)
    // Nonces 0..n-1, one per bet, none skipped by the refused ones.
    expect(bets.map((x) => x.nonce)).toEqual(bets.map((_, i) => i))
    expect((await pairOf(p.userId)).nonce).toBe(bets.length)
    // Each key's stored reply is the one its callers got.
    const stored = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM idempotency_keys WHERE user_id = $1', [p.userId])
    expect(Number(stored.rows[0]!.n)).toBe(requests.length)
  })
})

describe('replays and seeds', () => {
  it('a replay after a seed rotation answers the first reply byte for byte (the revealed seed is not added to it)', async () => {
    const p = await funded(10)
    const key = idem()
    const body = { amount: '1.00', target: '50.50', condition: 'under' }
    const first = await callKeyed(t, casino.diceBet, { token: p.token, key, body })
    expect(first.http).toBe(200)
    expect((await call(t, casino.rotateSeed, { token: p.token, body: { clientSeed: 'depois' } })).http).toBe(200)
    const again = await callKeyed(t, casino.diceBet, { token: p.token, key, body })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.raw).toBe(first.raw)
    // The bet itself now shows the revealed seed; its reply, as stored, did not.
    const now = await call(t, casino.casinoBet, { token: p.token, params: { betId: first.body.data.betId } })
    expect(now.body.data.serverSeed).toMatch(/^[0-9a-f]{64}$/)
    expect(first.body.data.serverSeed).toBeUndefined()
    // The next bet plays the new pair from nonce 0.
    const next = await callKeyed(t, casino.diceBet, { token: p.token, body })
    expect(next.body.data).toMatchObject({ clientSeed: 'depois', nonce: 0 })
  })

  it('a nonce taken and a pair rotated behind this process (another server) are picked up: the bet is recomputed and verifies', async () => {
    const p = await funded(10)
    const body = { amount: '0.10', target: '2.00' }
    expect((await callKeyed(t, casino.limboBet, { token: p.token, body })).body.data.nonce).toBe(0)
    // Another process takes five nonces.
    await t.db.query('UPDATE fair_seeds SET nonce = nonce + 5 WHERE user_id = $1 AND active', [p.userId])
    const moved = await callKeyed(t, casino.limboBet, { token: p.token, body })
    const pair = await pairOf(p.userId)
    expect(moved.body.data.nonce).toBe(6)
    expect(moved.body.data.result).toBe(limboResult({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: 6 }) / 100)
    // Another process rotates the pair.
    await t.db.query('UPDATE fair_seeds SET active = false, revealed_at = now() WHERE user_id = $1 AND active', [p.userId])
    await t.db.query(`INSERT INTO fair_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at) VALUES ($1, repeat('ab', 32), 'h', 'outro', now())`, [p.userId])
    const rotated = await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '0.10', target: '50.50', condition: 'over' } })
    expect(rotated.body.data).toMatchObject({ clientSeed: 'outro', nonce: 0 })
    expect(rotated.body.data.roll).toBe(diceRoll({ serverSeed: 'ab'.repeat(32), clientSeed: 'outro', nonce: 0 }) / 100)
  })

  it('a mines game moved behind this process is picked up: the reveal plays the game as it stands', async () => {
    const p = await funded(10)
    const start = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 1 } })
    const pair = await pairOf(p.userId)
    const mine = minePositions({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: start.body.data.nonce }, 1)[0]!
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => i !== mine)
    // Another process reveals a tile of this game.
    await t.db.query(`UPDATE casino_bets SET revealed = $2::jsonb, multiplier = 10417 WHERE id = $1`, [BigInt(start.body.data.betId), JSON.stringify([safe[0]])])
    const again = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe[0] } })
    expect(again.body.status).toBe(4006)
    const next = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe[1] } })
    expect(next.body.data).toMatchObject({ state: 'active', revealed: [safe[0], safe[1]] })
    const boom = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: mine } })
    expect(boom.body.data).toMatchObject({ state: 'lost', payout: 0, minePositions: [mine] })
  })
})

describe('two server processes on one database', () => {
  it("a player's moves alternate between them: every nonce is taken once, every bet verifies, a mines game goes on across both", async () => {
    let offset = 0
    const other: TestApp = { ...t, app: await buildApp(t.config, { db: t.db, now: () => Date.now() + offset }) }
    try {
      const p = await funded(50)
      const body = { amount: '0.10', target: '50.50', condition: 'over' }
      const bets: { betId: string; roll: number; nonce: number }[] = []
      for (let i = 0; i < 10; i++) bets.push((await callKeyed(i % 2 ? other : t, casino.diceBet, { token: p.token, body })).body.data)
      const together = await Promise.all(Array.from({ length: 10 }, (_, i) => callKeyed(i % 2 ? other : t, casino.diceBet, { token: p.token, body })))
      bets.push(...together.map((r) => r.body.data))
      expect(bets.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i))

      const start = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 1 } })
      const rotatedLater = await pairOf(p.userId)
      const mine = minePositions({ serverSeed: rotatedLater.server_seed, clientSeed: rotatedLater.client_seed, nonce: start.body.data.nonce }, 1)[0]!
      const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => i !== mine)
      expect((await callKeyed(other, casino.minesReveal, { token: p.token, body: { tile: safe[0] } })).body.data.revealed).toEqual([safe[0]])
      expect((await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: safe[1] } })).body.data.revealed).toEqual([safe[0], safe[1]])
      const out = await callKeyed(other, casino.minesCashout, { token: p.token })
      expect(out.body.data).toMatchObject({ state: 'won', revealed: [safe[0], safe[1]] })

      const rotated = await call(other, casino.rotateSeed, { token: p.token, body: { clientSeed: 'fim' } })
      const serverSeed = rotated.body.data.previousServerSeed as string
      for (const b of bets) expect(b.roll, `nonce ${b.nonce}`).toBe(diceRoll({ serverSeed, clientSeed: rotatedLater.client_seed, nonce: b.nonce }) / 100)
      // The first process still remembers the old pair: its next bet is recomputed on the new one.
      expect((await callKeyed(t, casino.diceBet, { token: p.token, body })).body.data).toMatchObject({ clientSeed: 'fim', nonce: 0 })

      // A logout in one process: the other may remember the session for at most 5 s.
      expect((await call(t, calls.logout, { token: p.token })).body.status).toBe(200)
      expect((await callKeyed(t, casino.diceBet, { token: p.token, body })).http).toBe(401)
      offset += 5_000
      expect((await callKeyed(other, casino.diceBet, { token: p.token, body })).http).toBe(401)
    } finally {
      await other.app.close()
    }
  })
})
