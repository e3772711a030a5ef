import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as rounds from '../../src/shared/contract/rounds'
import { followsInChain, roundRoll } from '../../src/shared/games/rounds/chain'
import { tileColor } from '../../src/shared/games/rounds/double'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, listen, newPlayer, recorder, socketFor, waitFor, type Player } from './walletHelpers'

// Short rounds: Double bets for 3 s, Row Double for 1.5 s; Lucky Color's period is 1.2 s.
const ENV = { ROUNDS: 'on', ROUND_CHAIN_LENGTH: '400', ROUND_CHAIN_CHECKPOINT: '25', ROUND_TIMINGS: 'double=3/0.2/0.2,rowDouble=1.5/0.2/0.2,luckyColor=0.9/0.1/0.2' }

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, ENV)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type State = NonNullable<Awaited<ReturnType<typeof liveState>>>
async function liveState(game: string) {
  const r = await call<{ roundId: string; phase: string; bettingEndsAt: number; serverTime: number; previousHash: string; roll: number | null; hash: string | null; totals: { choice: string; amount: number; bets: number }[] } | null>(t, rounds.roundState, { params: { game } })
  expect(r.http).toBe(200)
  return r.body.data
}

/** A round of `game` open for bets with at least `ms` of betting left. */
async function openRound(game: string, ms = 2_000): Promise<State> {
  const end = Date.now() + 15_000
  for (;;) {
    const s = await liveState(game)
    if (s && s.phase === 'betting' && s.bettingEndsAt - s.serverTime >= ms) return s
    if (Date.now() > end) throw new Error(`${game}: no round open for bets`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function settled(game: string, roundId: string) {
  const end = Date.now() + 10_000
  for (;;) {
    const r = await call<{ commitment: { terminatingHash: string; salt: string }; rounds: { roundId: string; hash: string; roll: number | null }[] }>(t, rounds.roundHistory, { params: { game }, query: { limit: '100' } })
    const found = r.body.data.rounds.find((x) => x.roundId === roundId)
    if (found) return { round: found, history: r.body.data }
    if (Date.now() > end) throw new Error(`${game}: round ${roundId} never settled`)
    await new Promise((res) => setTimeout(res, 50))
  }
}

async function funded(reais: number): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(reais))
  return p
}

const bet = (p: Player, game: string, body: Record<string, unknown>, key = idem()) => callKeyed(t, rounds.roundBet, { token: p.token, params: { game }, body, key })

describe('shared rounds', () => {
  it('a Double round: players bet on several colours, the round settles through the ledger, and it verifies on the chain', async () => {
    const a = await funded(50)
    const b = await funded(50)
    const s = await openRound('double')
    const key = idem()
    const first = await bet(a, 'double', { roundId: s.roundId, choice: 'red', amount: '10.00' }, key)
    expect(first.http).toBe(200)
    expect(first.body.data).toMatchObject({ roundId: s.roundId, choice: 'red', amount: 10, balance: 40 })
    // A replay answers the same text and moves nothing.
    const replay = await bet(a, 'double', { roundId: s.roundId, choice: 'red', amount: '10.00' }, key)
    expect(replay.raw).toBe(first.raw)
    expect((await bet(a, 'double', { roundId: s.roundId, choice: 'white', amount: '1.00' })).http).toBe(200)
    expect((await bet(b, 'double', { roundId: s.roundId, choice: 'black', amount: '5.00' })).http).toBe(200)
    // A choice the game has not, a stake over the limit or over the balance: refused, nothing moves.
    const lucky = await bet(b, 'double', { roundId: s.roundId, choice: 'violet', amount: '1.00' })
    expect([lucky.http, lucky.body.status]).toEqual([409, 4101])
    expect(lucky.body.msg).toBe('Opção não aberta para apostas')
    const big = await bet(b, 'double', { roundId: s.roundId, choice: 'red', amount: '1000.01' })
    expect(big.body.status).toBe(4102)
    expect((await bet(b, 'double', { roundId: s.roundId, choice: 'red', amount: '45.01' })).body.status).toBe(9999)
    expect(await balances(t, b.userId)).toMatchObject({ cash: centavosOf(45) })
    const during = await liveState('double')
    expect(during?.totals).toEqual([
      { choice: 'black', amount: 5, bets: 1 },
      { choice: 'red', amount: 10, bets: 1 },
      { choice: 'white', amount: 1, bets: 1 },
    ])
    expect(during?.roll).toBeNull()

    const { round, history } = await settled('double', s.roundId)
    // The round verifies: its hash leads to the hash published before it, and its roll is the HMAC's.
    expect(followsInChain(round.hash, s.previousHash)).toBe(true)
    const roll = roundRoll(round.hash, history.commitment.salt, 15)
    expect(round.roll).toBe(roll)
    const colour = tileColor(roll)
    const aWins = (colour === 'red' ? 2000 : 0) + (colour === 'white' ? 1400 : 0)
    const bWins = colour === 'black' ? 1000 : 0
    expect((await balances(t, a.userId)).cash).toBe(3900n + BigInt(aWins))
    expect((await balances(t, b.userId)).cash).toBe(4500n + BigInt(bWins))
    const rows = await t.db.query<{ state: string; payout: bigint }>('SELECT state, payout FROM round_bets WHERE user_id = $1 ORDER BY id', [a.userId])
    expect(rows.rows.map((r) => r.state)).toEqual([colour === 'red' ? 'won' : 'lost', colour === 'white' ? 'won' : 'lost'])

    // Betting on it now: the round is closed.
    const late = await bet(a, 'double', { roundId: s.roundId, choice: 'red', amount: '1.00' })
    expect(late.body.status).toBe(4101)
    const unknown = await bet(a, 'double', { roundId: '999999999', choice: 'red', amount: '1.00' })
    expect(unknown.body.status).toBe(4101)
  })

  it('bets racing on one balance: never below zero, and a key sent three times at once bets once', async () => {
    const p = await funded(5)
    const s = await openRound('double')
    const key = idem()
    const replies = await Promise.all([
      ...Array.from({ length: 8 }, () => bet(p, 'double', { roundId: s.roundId, choice: 'red', amount: '1.00' })),
      ...Array.from({ length: 3 }, () => bet(p, 'double', { roundId: s.roundId, choice: 'black', amount: '1.00' }, key)),
    ])
    const taken = replies.slice(0, 8).filter((r) => r.http === 200).length
    const keyed = replies.slice(8)
    expect(new Set(keyed.map((r) => r.raw)).size).toBe(1)
    const keyedTook = keyed[0]!.http === 200 ? 1 : 0
    expect(taken + keyedTook).toBe(5)
    for (const r of replies.filter((x) => x.http !== 200)) expect(r.body.status).toBe(9999)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 0n })
    const n = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM round_bets WHERE user_id = $1', [p.userId])
    expect(Number(n.rows[0]!.n)).toBe(5)
    await settled('double', s.roundId)
  })

  it('rounds follow one another on the chain, for each game', async () => {
    for (const game of ['rowDouble', 'luckyColor'] as const) {
      const s1 = await openRound(game, 100)
      await settled(game, s1.roundId)
      const s2 = await openRound(game, 100)
      expect(s2.roundId).not.toBe(s1.roundId)
      const { history } = await settled(game, s2.roundId)
      // Newest first: each settled round's hash hashes to the one before it, and its roll is the HMAC's.
      const list = history.rounds
      expect(list.length).toBeGreaterThanOrEqual(2)
      for (let i = 0; i + 1 < list.length; i++) expect(followsInChain(list[i]!.hash, list[i + 1]!.hash), `${game} ${list[i]!.roundId}`).toBe(true)
      for (const r of list) expect(r.roll).toBe(roundRoll(r.hash, history.commitment.salt, game === 'luckyColor' ? 10 : 15))
      // The oldest leads to the commitment published before the first round.
      expect(followsInChain(list[list.length - 1]!.hash, history.commitment.terminatingHash) || list.length === 100).toBe(true)
      // A live round announces the hash of the round before it.
      const live = await openRound(game, 100)
      const latest = (await call<{ rounds: { hash: string }[] }>(t, rounds.roundHistory, { params: { game }, query: { limit: '1' } })).body.data.rounds[0]
      expect(live.previousHash).toBe(latest?.hash)
      if (game === 'luckyColor') expect(s1.roundId).toMatch(/^\d{12,}$/)
    }
  })

  it('Lucky Color pays on the stake less the fee', async () => {
    const p = await funded(20)
    const s = await openRound('luckyColor', 300)
    expect((await bet(p, 'luckyColor', { roundId: s.roundId, choice: 'big', amount: '10.00' })).http).toBe(200)
    const { round } = await settled('luckyColor', s.roundId)
    expect((await balances(t, p.userId)).cash).toBe(1000n + (round.roll !== null && round.roll >= 5 ? 1960n : 0n))
  })

  it('players in the room see the round start, its bets and its result; a bettor gets what it paid', async () => {
    const base = await listen(t)
    const a = await funded(10)
    const watcher = await funded(1)
    const sa = await socketFor(base, a.token)
    const sw = await socketFor(base, watcher.token)
    const got = recorder(sa)
    const seen = recorder(sw)
    sa.emit('game:join', { game: 'rowDouble' })
    sw.emit('game:join', { game: 'rowDouble' })
    await waitFor(() => (seen['round:started']?.length ?? 0) > 0, 8000)
    const s = await openRound('rowDouble', 400)
    expect((await bet(a, 'rowDouble', { roundId: s.roundId, choice: 'black', amount: '2.00' })).http).toBe(200)
    await waitFor(() => (seen['round:bet'] ?? []).some((e) => (e as { roundId: string }).roundId === s.roundId))
    const feed = (seen['round:bet'] ?? []).find((e) => (e as { roundId: string }).roundId === s.roundId) as { player: string; choice: string; amount: number; totals: unknown[] }
    expect(feed).toMatchObject({ choice: 'black', amount: 2, totals: [{ choice: 'black', amount: 2, bets: 1 }] })
    expect(feed.player).toMatch(/^\d{2}\*+\d{2}$/)
    expect(feed.player).not.toContain(String(a.uId))
    const { round } = await settled('rowDouble', s.roundId)
    await waitFor(() => (got['round:settled'] ?? []).some((e) => (e as { roundId: string }).roundId === s.roundId), 10_000)
    const result = (seen['round:result'] ?? []).find((e) => (e as { roundId: string }).roundId === s.roundId)
    expect(result).toMatchObject({ game: 'rowDouble', roundId: s.roundId, roll: round.roll, hash: round.hash })
    const mine = (got['round:settled'] ?? []).find((e) => (e as { roundId: string }).roundId === s.roundId) as { stake: number; payout: number; balance: number }
    const won = round.roll !== null && tileColor(round.roll) === 'black'
    expect(mine).toMatchObject({ game: 'rowDouble', stake: 2, payout: won ? 4 : 0, balance: won ? 12 : 8 })
    // The watcher placed no bet: no round:settled for it. After offGame, no more round events.
    expect(seen['round:settled']).toBeUndefined()
    sw.emit('offGame', { gameCode: 'rowDouble' })
    await new Promise((r) => setTimeout(r, 100))
    const before = (seen['round:started'] ?? []).length
    const mineBefore = (got['round:started'] ?? []).length
    await waitFor(() => (got['round:started'] ?? []).length > mineBefore, 8000)
    expect((seen['round:started'] ?? []).length).toBe(before)
    sa.close()
    sw.close()
  })

  it('a bad game or round id is a validation error', async () => {
    const p = await funded(1)
    expect((await call(t, rounds.roundState, { params: { game: 'dice' } })).http).toBe(400)
    const r = await bet(p, 'double', { roundId: 'abc', choice: 'red', amount: '1.00' })
    expect(r.http).toBe(400)
  })
})
