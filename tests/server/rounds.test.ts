import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import type { RoundBetRecord } from '../../src/shared/contract/casino'
import * as rounds from '../../src/shared/contract/rounds'
import { voidRound } from '../../src/server/rounds/settleRound'
import { followsInChain, roundRoll } from '../../src/shared/games/rounds/chain'
import { tileColor } from '../../src/shared/games/rounds/double'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, listen, newPlayer, recorder, socketFor, waitFor, type Player } from './walletHelpers'

// Short rounds: Double bets for 3 s, Row Double for 1.5 s; Lucky Color's period is 1.2 s.
const METRICS = 'metrics-token-for-tests-0123456789abcdef'
const ENV = { METRICS_TOKEN: METRICS, ROUNDS: 'on', ROUND_CHAIN_LENGTH: '400', ROUND_CHAIN_CHECKPOINT: '25', ROUND_SALT_WAIT_SECONDS: '0', ROUND_TIMINGS: 'double=3/0.2/0.2,rowDouble=1.5/0.2/0.2,luckyColor=0.9/0.1/0.2' }

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
/** One sample of GET /metrics (0 when absent). */
const metric = async (sample: string) => {
  const body = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body
  return Number(body.split('\n').find((l) => l.startsWith(`${sample} `))?.slice(sample.length + 1) ?? 0)
}

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
    // The metrics count each of the three bets once it settled (the replay and the refusals not at all).
    const won = [colour === 'red', colour === 'white', colour === 'black'].filter(Boolean).length
    await waitFor(async () => (await metric('bets_total{game="double",outcome="lose"}')) === 3 - won)
    expect(await metric('bets_total{game="double",outcome="win"}')).toBe(won)
    expect(await metric('bet_stakes_centavos_total{game="double"}')).toBe(1600)
    expect(await metric('bet_returns_centavos_total{game="double"}')).toBe(aWins + bWins)
    // Every call that reached the database went through the group commit: the three, the replay and the one over the balance.
    expect(await metric('group_commit_batch_size_sum{path="rounds"}')).toBe(5)
    const rows = await t.db.query<{ state: string; payout: bigint }>('SELECT state, payout FROM round_bets WHERE user_id = $1 ORDER BY id', [a.userId])
    expect(rows.rows.map((r) => r.state)).toEqual([colour === 'red' ? 'won' : 'lost', colour === 'white' ? 'won' : 'lost'])

    // The bet history: the round's bets with their round and the spec's result codes, and the hash now that it is settled.
    const mine = await call<{ records: RoundBetRecord[]; total: number }>(t, casino.casinoBets, { token: a.token, query: { game: 'double' } })
    expect(mine.body.data.total).toBe(2)
    expect(mine.body.data.records.map((r) => [r.roundId, r.choice, r.state, r.resultCode, r.roll, r.hash])).toEqual([
      [s.roundId, 'white', colour === 'white' ? 'won' : 'lost', colour === 'white' ? 10 : 20, roll, round.hash],
      [s.roundId, 'red', colour === 'red' ? 'won' : 'lost', colour === 'red' ? 10 : 20, roll, round.hash],
    ])

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

  it('round bets in the bet history and the records: open (no hash yet), then a voided round refunded once, as code 90 and order type 43', async () => {
    const p = await funded(20)
    const dice = await callKeyed(t, casino.diceBet, { token: p.token, body: { amount: '1.00', target: '50', condition: 'under' }, key: idem() })
    expect(dice.http).toBe(200)
    const s = await openRound('double', 2_000)
    expect((await bet(p, 'double', { roundId: s.roundId, choice: 'black', amount: '3.00' })).http).toBe(200)
    const open = await call<{ records: (RoundBetRecord | { betId: string; game: string })[]; total: number }>(t, casino.casinoBets, { token: p.token })
    expect(open.body.data.total).toBe(2)
    // Newest first, both kinds: the round bet (its number and hash still secret), then the dice bet.
    expect(open.body.data.records[0]).toMatchObject({ game: 'double', roundId: s.roundId, choice: 'black', state: 'open', resultCode: 0, roll: null, hash: null, amount: 3 })
    expect(open.body.data.records[1]).toMatchObject({ game: 'dice', betId: (dice.body.data as { betId: string }).betId })
    expect((await call<{ total: number }>(t, casino.casinoBets, { token: p.token, query: { game: 'dice' } })).body.data.total).toBe(1)
    expect((await call<{ records: unknown[]; total: number }>(t, casino.casinoBets, { token: p.token, query: { game: 'double', page: '2' } })).body.data).toMatchObject({ records: [], total: 1 })

    // The round cannot be completed: voided, every stake back, once (a second void finds it closed).
    const pk = (await t.db.query<{ id: bigint }>(`SELECT id FROM rounds WHERE game = 'double' AND round_id = $1`, [s.roundId])).rows[0]?.id
    expect(pk).toBeDefined()
    const before = await balances(t, p.userId)
    expect(await t.db.tx((q) => voidRound(q, 'double', BigInt(pk!), new Date()))).toHaveLength(1)
    expect(await t.db.tx((q) => voidRound(q, 'double', BigInt(pk!), new Date()))).toBeNull()
    expect((await balances(t, p.userId)).cash).toBe(before.cash + 300n)
    const after = await call<{ records: RoundBetRecord[] }>(t, casino.casinoBets, { token: p.token, query: { game: 'double' } })
    expect(after.body.data.records[0]).toMatchObject({ state: 'refunded', resultCode: 90, payout: 3, roll: null })

    // The records: the stake (41) and its refund (43), each opening onto the round bet.
    const refunds = await call<{ records: { id: string; type: number; amount: number }[] }>(t, calls.records, { token: p.token, query: { type: '43' } })
    expect(refunds.body.data.records).toEqual([expect.objectContaining({ type: 43, amount: 3 })])
    const detail = await call<{ bet: { roundId: string; choice: string; result: number; stake: number } }>(t, calls.record, { token: p.token, params: { id: refunds.body.data.records[0]!.id } })
    expect(detail.body.data.bet).toMatchObject({ game: 'double', roundId: s.roundId, choice: 'black', result: 90, stake: 3 })
    const stakes = await call<{ records: { id: string; type: number; amount: number }[] }>(t, calls.records, { token: p.token, query: { type: '41' } })
    expect(stakes.body.data.records.map((r) => r.amount).sort()).toEqual([1, 3])
    // Another player cannot open this record.
    const other = await funded(1)
    expect((await call(t, calls.record, { token: other.token, params: { id: refunds.body.data.records[0]!.id } })).body.status).not.toBe(200)
  })

  it('a bad game or round id is a validation error', async () => {
    const p = await funded(1)
    expect((await call(t, rounds.roundState, { params: { game: 'dice' } })).http).toBe(400)
    const r = await bet(p, 'double', { roundId: 'abc', choice: 'red', amount: '1.00' })
    expect(r.http).toBe(400)
  })
})
