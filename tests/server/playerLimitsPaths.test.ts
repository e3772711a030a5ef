import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeProviderSessions, openProviderSession } from '../../src/server/providers/sessions'
import { PROVIDER_WALLET_PREFIX } from '../../src/server/providers/routes'
import { signBody } from '../../src/server/providers/signature'
import { calls } from '../../src/shared/contract'
import * as rounds from '../../src/shared/contract/rounds'
import * as sport from '../../src/shared/contract/sport'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, type Player } from './walletHelpers'

/**
 * Player protection (issue 31): a limit the player set, or a pause, holds on every bet path, not only the
 * instant games (playerLimits.test): a mines game's stake, a shared round's bet (raced too), a
 * sportsbook single and parlay, a provider's bet through the seamless wallet. Each refusal moves
 * nothing; a return (a win, a cash-out) makes room again under a net-loss limit.
 */

const PG = 'pg-secret-for-tests-0123456789abcdef'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp(
    {},
    { ROUNDS: 'on', ROUND_CHAIN_LENGTH: '400', ROUND_SALT_WAIT_SECONDS: '0', ROUND_CHAIN_CHECKPOINT: '25', ROUND_TIMINGS: 'double=8/0.2/0.2', SPORT_SEED: '31', PROVIDER_SECRETS: `PG=${PG}` },
  )
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

async function funded(reais: bigint): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, reais * 100n)
  return p
}
const setLimit = async (p: Player, kind: string, period: string, value: string) => expect((await callKeyed(t, calls.rgSetLimit, { token: p.token, body: { kind, period, value } })).body.status).toBe(200)
const spendable = async (p: Player) => {
  const b = await balances(t, p.userId)
  return b.cash + b.bonus
}

describe('every bet path holds the limits', () => {
  it('mines: a game whose stake could pass the daily loss limit does not start; one within it does', async () => {
    const p = await funded(20n)
    await setLimit(p, 'loss', 'day', '5.00')
    const over = await callKeyed(t, calls.minesStart, { token: p.token, body: { amount: '5.01', mines: 3 } })
    expect([over.body.status, over.body.msg]).toEqual([6001, 'Esta aposta passaria do seu limite de perda diário: resta R$ 5,00 hoje.'])
    expect(await spendable(p)).toBe(2000n)
    expect((await callKeyed(t, calls.minesStart, { token: p.token, body: { amount: '5.00', mines: 3 } })).body.status).toBe(200)
  })

  it('shared rounds: six bets raced against a R$ 3 daily stake limit, exactly three taken', async () => {
    const p = await funded(20n)
    await setLimit(p, 'stake', 'day', '3.00')
    const roundId = await openRound()
    const replies = await Promise.all(['red', 'black', 'white', 'red', 'black', 'white'].map((choice) => callKeyed(t, rounds.roundBet, { token: p.token, params: { game: 'double' }, body: { roundId, choice, amount: '1.00' }, key: idem() })))
    expect(replies.map((r) => r.body.status).sort()).toEqual([200, 200, 200, 6002, 6002, 6002])
    expect(replies.find((r) => r.body.status === 6002)!.body.msg).toBe('Esta aposta passaria do seu limite diário de apostas: resta R$ 0,00 hoje.')
    expect(await spendable(p)).toBe(1700n)
  })

  it('sportsbook: a single and a parlay are held to the weekly loss limit, counted as lost until settled', async () => {
    const p = await funded(20n)
    await setLimit(p, 'loss', 'week', '3.00')
    const legs = await prices(2)
    expect((await sportBet(p, [legs[0]!], '2.00')).body.status).toBe(200)
    const parlay = await sportBet(p, legs, '1.01')
    expect([parlay.body.status, parlay.body.msg]).toEqual([6001, 'Esta aposta passaria do seu limite de perda semanal: resta R$ 1,00 nesta semana.'])
    expect(await spendable(p)).toBe(1800n)
    expect((await sportBet(p, legs, '1.00')).body.status).toBe(200)
  })

  it("a provider's bet past the limit is answered BET_LIMIT and moves nothing; its win makes room again", async () => {
    const p = await funded(20n)
    await setLimit(p, 'loss', 'day', '1.00')
    const token = await openProviderSession(t.db, p.userId, 'PG', 'demo-fruits', new Date(t.app.deps.now()), t.config.providerSessionMs)
    const tx = (name: string) => `${name}-${p.userId}`
    const bet = (name: string, amount: number) => wallet('bet', { token, game: 'demo-fruits', roundId: tx(`r${name}`), transactionId: tx(name), amount, currency: 'BRL' })
    expect((await bet('b1', 100)).status).toBe('OK')
    expect(await bet('b2', 1)).toMatchObject({ status: 'BET_LIMIT', message: 'player limit' })
    expect(await spendable(p)).toBe(1900n)
    const won = await wallet('win', { token, game: 'demo-fruits', roundId: tx('rb1'), transactionId: tx('w1'), referenceTransactionId: tx('b1'), amount: 60, currency: 'BRL' })
    expect(won.status).toBe('OK')
    expect((await bet('b3', 60)).status).toBe('OK')
    expect((await bet('b4', 1)).status).toBe('BET_LIMIT')
    await closeProviderSessions(t.db, p.userId, new Date(t.app.deps.now()))
  })

  it('a paused player bets on no path: mines, a shared round, the sportsbook (6004) and a provider (USER_DISABLED); nothing moves', async () => {
    const p = await funded(20n)
    expect((await callKeyed(t, calls.rgPause, { token: p.token, body: { days: 1 } })).body.status).toBe(200)
    expect((await callKeyed(t, calls.minesStart, { token: p.token, body: { amount: '1.00', mines: 3 } })).body.status).toBe(6004)
    const roundId = await openRound()
    expect((await callKeyed(t, rounds.roundBet, { token: p.token, params: { game: 'double' }, body: { roundId, choice: 'red', amount: '1.00' }, key: idem() })).body.status).toBe(6004)
    expect((await sportBet(p, await prices(2), '1.00')).body.status).toBe(6004)
    const token = await openProviderSession(t.db, p.userId, 'PG', 'demo-fruits', new Date(t.app.deps.now()), t.config.providerSessionMs)
    const bet = await wallet('bet', { token, game: 'demo-fruits', roundId: `paused-${p.userId}`, transactionId: `paused-${p.userId}`, amount: 100, currency: 'BRL' })
    expect(bet.status).toBe('USER_DISABLED')
    expect(await spendable(p)).toBe(2000n)
    await closeProviderSessions(t.db, p.userId, new Date(t.app.deps.now()))
  })
})

/** A double round open for bets for at least 5 s more. */
async function openRound(): Promise<string> {
  const end = Date.now() + 15_000
  for (;;) {
    const s = (await call<{ roundId: string; phase: string; bettingEndsAt: number; serverTime: number } | null>(t, rounds.roundState, { params: { game: 'double' } })).body.data
    if (s && s.phase === 'betting' && s.bettingEndsAt - s.serverTime >= 5_000) return s.roundId
    if (Date.now() > end) throw new Error('double: no round open for bets')
    await new Promise((res) => setTimeout(res, 50))
  }
}

type Detail = { markets: { type: string; period: number; status: string; selections: { selectionId: string; odds: number }[] }[] }
/** The home win of `n` upcoming matches' full-time result, each a selection and its price. */
async function prices(n: number): Promise<{ selectionId: string; odds: number }[]> {
  const list = (await call<{ matchId: string }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })).body.data
  return Promise.all(
    list.slice(0, n).map(async (m) => {
      const d = (await call<Detail>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data
      const sel = d.markets.find((x) => x.type === '1x2' && x.period === 1 && x.status === 'open')!.selections[0]!
      return { selectionId: sel.selectionId, odds: sel.odds }
    }),
  )
}
const sportBet = (p: Player, legs: { selectionId: string; odds: number }[], amount: string) =>
  callKeyed(t, sport.sportBet, { token: p.token, body: { type: legs.length > 1 ? 'parlay' : 'single', amount, selections: legs, acceptOdds: 'any' } })

let seq = 0
/** A signed call of the provider's seamless wallet, as the provider makes it. */
async function wallet(op: string, body: Record<string, unknown>): Promise<{ status: string; message?: string }> {
  const raw = JSON.stringify({ requestId: `limits-${process.pid}-${++seq}`, ...body })
  const res = await t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_PREFIX}/PG/wallet/${op}`, headers: { 'content-type': 'application/json', 'x-signature': signBody(PG, raw) }, payload: raw })
  return JSON.parse(res.body) as { status: string; message?: string }
}
