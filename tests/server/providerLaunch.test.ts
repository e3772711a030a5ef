/**
 * Provider games as the app sees them (issue 15): the lists in `main`, a launch that opens the
 * provider's session, inPlay, stopGame closing it; the wallet API taking the launched token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { signBody } from '../../src/server/providers/signature'
import { providerRegistry } from '../../src/server/providers/registry'
import { ConfigError } from '../../src/server/config'
import { call, startTestApp, type TestApp } from './testApp'
import { fundCash, newPlayer } from './walletHelpers'

const SECRET = 'pg-secret-for-launch-tests-0123456789'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { PROVIDER_SECRETS: `PG=${SECRET}` })
})
afterAll(() => t.close())

let n = 0
async function walletBet(token: string, game: string, amount: number) {
  const raw = JSON.stringify({ requestId: `r${++n}`, token, game, roundId: `round-${n}`, transactionId: `launch-${process.pid}-${Date.now()}-${n}`, amount, currency: 'BRL' })
  const res = await t.app.inject({ method: 'POST', url: '/api/provider/PG/wallet/bet', headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) }, payload: raw })
  return JSON.parse(res.body) as { status: string; balance?: number }
}
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? ''

describe('provider games in the app', () => {
  it('main lists each provider\'s games; a launch opens the game, the wallet takes its token; a new launch or stopGame closes it', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 5_000n)
    const main = (await call(t, calls.main, { token: p.token })).body.data
    expect(main.PG.records).toEqual([
      // rtp: the provider's catalogue's (in percent), shown on each tile.
      { value: 'Frutas de Ouro', productCode: 'PG', gameType: 'demo-fruits', stop: 0, image: '/demo-provider/thumbs/demo-fruits.svg', rtp: 96.14 },
      { value: 'Selva Dourada', productCode: 'PG', gameType: 'demo-jungle', stop: 0, image: '/demo-provider/thumbs/demo-jungle.svg', rtp: 96.14 },
      { value: 'Noite de Carnaval', productCode: 'PG', gameType: 'demo-carnival', stop: 1, image: '/demo-provider/thumbs/demo-carnival.svg', rtp: 96.14 },
    ])
    expect(main.EVO.records.length).toBeGreaterThan(0)
    expect(main.BG.records.length).toBeGreaterThan(0)
    // The same lists for anyone, one provider at a time (/gameGroupList shows them to guests too).
    for (const code of ['PG', 'EVO', 'BG']) expect((await call(t, calls.gameGroup, { query: { productCode: code } })).body.data).toEqual(main[code])
    expect((await call(t, calls.gameGroup, { query: { productCode: 'XYZ' } })).body.data).toEqual({ records: [] })
    expect((await call(t, calls.gameGroup, { query: { productCode: 'pg; drop' } })).body.status).toBe(400)

    const first = await call(t, calls.launchGame, { token: p.token, body: { productCode: 'PG', game: 'demo-fruits' } })
    expect(first.body.status).toBe(200)
    expect(first.body.data).toMatchObject({ gameCode: 'demo-fruits', productCode: 'PG' })
    expect(first.body.data.url).toMatch(/^\/demo-provider\/PG\/\?token=[^&]+&game=demo-fruits&lang=pt_BR$/)
    expect((await call(t, calls.inPlay, { token: p.token })).body.data).toMatchObject({ gameCode: 'demo-fruits', productCode: 'PG' })
    const token1 = tokenOf(first.body.data.url)
    expect(await walletBet(token1, 'demo-fruits', 100)).toEqual({ status: 'OK', balance: 4_900, transactionId: expect.any(String) })

    // Another game: the first session is over for bets.
    const second = await call(t, calls.launchGame, { token: p.token, body: { productCode: 'PG', game: 'demo-jungle' } })
    const token2 = tokenOf(second.body.data.url)
    expect(token2).not.toBe(token1)
    expect(await walletBet(token1, 'demo-fruits', 100)).toEqual({ status: 'TOKEN_EXPIRED', balance: 4_900 })
    expect((await walletBet(token2, 'demo-jungle', 100)).status).toBe('OK')
    expect((await call(t, calls.inPlay, { token: p.token })).body.data).toMatchObject({ gameCode: 'demo-jungle' })

    // Closing the game: nothing in play, the token takes no more bets.
    expect((await call(t, calls.stopGame, { token: p.token })).body.status).toBe(200)
    expect((await call(t, calls.inPlay, { token: p.token })).body.data).toBeNull()
    expect(await walletBet(token2, 'demo-jungle', 100)).toEqual({ status: 'TOKEN_EXPIRED', balance: 4_800 })
  })

  it('refuses an unknown provider or game, and one not open yet, in the player\'s language; nothing is in play', async () => {
    const p = await newPlayer(t)
    const tries: [Record<string, string>, number, string][] = [
      [{ productCode: 'PG', game: 'nope' }, 4401, 'Jogo não encontrado'],
      [{ productCode: 'XX', game: 'demo-fruits' }, 4401, 'Jogo não encontrado'],
      [{ productCode: 'PG', game: 'demo-carnival' }, 4402, 'Em Breve...'],
    ]
    for (const [body, status, msg] of tries) {
      const r = await call(t, calls.launchGame, { token: p.token, body })
      expect([r.body.status, r.body.msg], JSON.stringify(body)).toEqual([status, msg])
    }
    expect((await call(t, calls.launchGame, { token: p.token, body: { productCode: 'pg', game: 'demo-fruits' } })).http).toBe(400)
    expect((await call(t, calls.inPlay, { token: p.token })).body.data).toBeNull()
    // A guest cannot launch.
    expect((await call(t, calls.launchGame, { body: { productCode: 'PG', game: 'demo-fruits' } })).body.status).toBe(40101)
  })

  it('GAME_PROVIDERS is read strictly', () => {
    const hosts = { demoUrl: () => 'http://127.0.0.1:1' }
    expect([...providerRegistry('PG=demo, EVO=demo', hosts).keys()]).toEqual(['PG', 'EVO'])
    expect(providerRegistry('', hosts).size).toBe(0)
    for (const bad of ['PG', 'PG=aggregator', 'pg=demo']) expect(() => providerRegistry(bad, hosts), bad).toThrow(ConfigError)
  })
})
