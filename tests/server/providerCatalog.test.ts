import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DemoProvider } from '../../src/server/providers/demoProvider'
import { startTestApp, type TestApp } from './testApp'

/**
 * Issue 30: the server reads the demo provider's game list over the provider's API, as a real
 * provider's catalogue is read, instead of importing the provider's code. What a provider answers
 * is checked: a list it answers wrong (an RTP above 1, a missing field) is refused, not cached, and
 * read again on the next call; a good one is kept for a while.
 */
let t: TestApp
let rogue: FastifyInstance
let rogueUrl: string
let answer: unknown = null
let reads = 0
beforeAll(async () => {
  t = await startTestApp()
  rogue = Fastify()
  rogue.get('/demo-provider/:code/api/games', async () => {
    reads++
    return answer
  })
  rogueUrl = await rogue.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await rogue?.close()
  await t?.close()
})

const game = { code: 'g1', name: 'Jogo', rtp: 0.96, stop: false, image: null, maxMultiplier: 100 }

describe("a provider's game list", () => {
  it("is the provider's own answer over HTTP", async () => {
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const served = (await (await fetch(`http://127.0.0.1:${port}/demo-provider/EVO/api/games`)).json()) as { games: { code: string; rtp: number }[] }
    expect(served.games.length).toBeGreaterThan(0)
    expect(await t.app.deps.providers.get('EVO')!.listGames()).toEqual(served.games)
    for (const g of served.games) expect(g.rtp).toBeGreaterThan(0.9)
    // A code the demo provider does not serve has no list.
    expect((await fetch(`http://127.0.0.1:${port}/demo-provider/XX/api/games`)).status).toBe(404)
  })

  it('is refused when the provider answers it wrong, and read again on the next call; a good one is kept', async () => {
    let clock = 0
    const provider = new DemoProvider('PG', () => rogueUrl, () => clock)
    answer = { status: 'OK', games: [{ ...game, rtp: 1.2 }] }
    await expect(provider.listGames()).rejects.toThrow()
    answer = { status: 'OK', games: [{ ...game, maxMultiplier: undefined }] }
    await expect(provider.listGames()).rejects.toThrow()
    answer = { status: 'OK', games: [game] }
    expect(await provider.listGames()).toEqual([game])
    expect(reads).toBe(3)
    answer = { status: 'OK', games: [] }
    expect(await provider.listGames()).toEqual([game])
    expect(reads).toBe(3)
    // Ten minutes on, it is read again.
    clock += 10 * 60_000 + 1
    expect(await provider.listGames()).toEqual([])
    expect(reads).toBe(4)
  })
})
