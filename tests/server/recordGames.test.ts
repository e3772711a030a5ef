import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openProviderSession } from '../../src/server/providers/sessions'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { signBody } from '../../src/server/providers/signature'
import { creditWin } from '../../src/server/wallet/wallet'
import { calls, walletRecordSchema } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, fundCash, pkg100, stake, verifiedPlayer } from './walletHelpers'

/**
 * The records list names the game of each bet row (bet, win, refund, correction): an original's or
 * shared round's id, 'sport', or a provider's game with its catalogue name; deposits, withdrawals,
 * transfers and prizes name none.
 */
const PG = 'pg-secret-for-tests-0123456789abcdef'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { PROVIDER_SECRETS: `PG=${PG}` })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

/** A provider's bet through its seamless-wallet call, signed as the provider signs it. */
async function providerBet(token: string, game: string, centavos: number) {
  const raw = JSON.stringify({ requestId: `r-${Date.now()}`, token, game, roundId: `round-${Date.now()}`, transactionId: `tx-${Date.now()}`, amount: centavos, currency: 'BRL' })
  const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/bet`, headers: { 'content-type': 'application/json', 'x-signature': signBody(PG, raw) }, payload: raw })
  expect(JSON.parse(res.body).status).toBe('OK')
}

describe('records name the game of each bet', () => {
  it('dice, a shared round, sport and a provider game; none for money in and out or a prize', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    await fundCash(t, p.userId, 10_000n)
    expect((await callKeyed(t, calls.diceBet, { token: p.token, body: { amount: '1.00', target: '50.50', condition: 'under' } })).body.status).toBe(200)
    await t.db.tx(async (q) => {
      // A shared round's win and a sport bet, as their paths post them (their game in the posting's meta).
      await creditWin(q, p.userId, 300n, { ref: 'round:1', at: new Date(), meta: { game: 'double' } })
      await creditWin(q, p.userId, 400n, { ref: 'sport:1', at: new Date(), meta: { game: 'sport' } })
      await creditWin(q, p.userId, 500n, { kind: 'prize', ref: 'vip:1', at: new Date(), meta: { game: 'ignored' } })
      await stake(q, t, p.userId, 100n, 'untagged')
    })
    const token = await openProviderSession(t.db, p.userId, 'PG', 'demo-fruits', new Date(t.app.deps.now()), t.config.providerSessionMs)
    await providerBet(token, 'demo-fruits', 200)

    const records = (await call(t, calls.records, { token: p.token })).body.data.records as Array<{ id: string; type: number; amount: number; game?: string; gameName?: string }>
    for (const r of records) expect(walletRecordSchema.safeParse(r).success).toBe(true)
    const games = records.map((r) => [r.type, r.amount, r.game ?? null, r.gameName ?? null])
    expect(games).toContainEqual([41, 1, 'dice', null])
    expect(games).toContainEqual([42, 3, 'double', null])
    expect(games).toContainEqual([42, 4, 'sport', null])
    expect(games).toContainEqual([41, 2, 'PG:demo-fruits', 'Frutas de Ouro'])
    // A prize is no bet; a stake posted without a game (none of the app's paths) names none.
    expect(games).toContainEqual([19, 5, null, null])
    expect(games).toContainEqual([41, 1, null, null])
    expect(games).toContainEqual([10, 100, null, null])
    // The detail says the same.
    const dice = records.find((r) => r.game === 'dice')!
    expect((await call(t, calls.record, { token: p.token, params: { id: dice.id } })).body.data.game).toBe('dice')
  })
})
