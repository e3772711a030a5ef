import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainForward, followsInChain, roundRoll, saltOf } from '../../src/shared/games/rounds/chain'
import { generateChain } from '../../src/server/rounds/chainWorker'
import { fixSalt, liveChain, type SaltPlan } from '../../src/server/rounds/RoundChain'
import { startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

/** A salt fixed at the first fixSalt, from no seeds. */
const NOW: SaltPlan = { method: 'seeds', seeds: 1, waitMs: 0 }

describe('round hash chains', () => {
  it('the worker hashes the chain the shared code does, keeping every n-th link', async () => {
    const seed = 'ab'.repeat(32)
    const done: number[] = []
    const made = await generateChain(seed, 1_050, 100, (n) => done.push(n))
    expect(made.checkpoints).toHaveLength(11)
    made.checkpoints.forEach((cp, i) => expect(cp).toBe(chainForward(seed, i * 100)))
    expect(made.terminatingHash).toBe(chainForward(seed, 1_049))
    expect(done[done.length - 1]).toBe(1_050)
  })

  it('a game gets one live chain whose rounds play backwards to the terminating hash', async () => {
    const logs: string[] = []
    const chain = await liveChain(t.db, 'rowDouble', { length: 2_345, every: 100, salt: NOW }, (m) => logs.push(m))
    expect(logs.some((m) => m.includes('100 %'))).toBe(true)
    expect(chain.rounds).toBe(2_344)
    // Published without its salt; fixed after, from what the server cannot choose (here: no seeds by the deadline).
    expect(chain.salt).toBeNull()
    chain.salt = await t.db.tx((q) => fixSalt(q, chain.id, new Date()))
    expect(chain.salt).toBe(saltOf([]))
    // Round 1 leads to the terminating hash; each round to the one before, across checkpoints.
    expect(followsInChain(chain.hashOf(1), chain.terminatingHash)).toBe(true)
    expect(chain.previousHashOf(1)).toBe(chain.terminatingHash)
    for (let n = 2; n <= 260; n++) expect(followsInChain(chain.hashOf(n), chain.hashOf(n - 1)), `round ${n}`).toBe(true)
    // The last round plays link[0], the seed: walking the whole chain forward reaches the terminating hash.
    expect(chainForward(chain.hashOf(chain.rounds), chain.rounds)).toBe(chain.terminatingHash)
    expect(chain.previousHashOf(300)).toBe(chain.hashOf(299))
    expect(() => chain.hashOf(0)).toThrow()
    expect(() => chain.hashOf(2_345)).toThrow()
    expect(roundRoll(chain.hashOf(7), chain.salt!, 15)).toBeLessThan(15)

    // Asked again (a restart, another process), the same chain and commitment come back.
    const again = await liveChain(t.db, 'rowDouble', { length: 50, every: 10, salt: NOW })
    expect(again.id).toBe(chain.id)
    expect(again.terminatingHash).toBe(chain.terminatingHash)
    expect(again.salt).toBe(chain.salt)
    expect(again.hashOf(123)).toBe(chain.hashOf(123))
    // Each game has its own chain.
    const other = await liveChain(t.db, 'luckyColor', { length: 30, every: 7, salt: NOW })
    expect(other.id).not.toBe(chain.id)
    expect(chainForward(other.hashOf(29), 29)).toBe(other.terminatingHash)
  })

  it('two makers at once store one chain', async () => {
    const [a, b] = await Promise.all([liveChain(t.db, 'double', { length: 500, every: 50, salt: NOW }), liveChain(t.db, 'double', { length: 500, every: 50, salt: NOW })])
    expect(a.id).toBe(b.id)
    expect(a.terminatingHash).toBe(b.terminatingHash)
    const n = await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM round_chains WHERE game = 'double'`)
    expect(n.rows[0]!.n).toBe(1n)
  })
})
