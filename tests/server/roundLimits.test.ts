import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/server/config'
import * as rounds from '../../src/shared/contract/rounds'
import { LUCKY_CHOICES } from '../../src/shared/games/rounds/luckyColor'
import { payoutOf } from '../../src/shared/games/payout'
import { ROUND_GAMES } from '../../src/shared/games/rounds/registry'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer, type Player } from './walletHelpers'

// Issue 29, H2: a player's bets per round and a round's largest total payout are capped. Double
// bets for 8 s; at most 5 bets a player a round; a round pays at most R$ 200 on any roll (white
// pays 14x: R$ 5 on white pays R$ 70, so two such bets fit and a third does not).
const ENV = {
  ROUNDS: 'on',
  ROUND_CHAIN_LENGTH: '400',
  ROUND_SALT_WAIT_SECONDS: '0',
  ROUND_CHAIN_CHECKPOINT: '25',
  ROUND_TIMINGS: 'double=8/0.2/0.2,rowDouble=1.5/0.2/0.2,luckyColor=0.9/0.1/0.2',
  ROUND_MAX_BETS_PER_PLAYER: '5',
  ROUND_MAX_STAKE: '10.00',
  ROUND_MAX_PAYOUT: '200.00',
}

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, ENV)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

/** Rounds a test has bet on: each test starts on a fresh round. */
const used = new Set<string>()

async function openRound(game: string, ms = 5_000): Promise<{ roundId: string }> {
  const end = Date.now() + 15_000
  for (;;) {
    const r = await call<{ roundId: string; phase: string; bettingEndsAt: number; serverTime: number } | null>(t, rounds.roundState, { params: { game } })
    const s = r.body.data
    if (s && s.phase === 'betting' && s.bettingEndsAt - s.serverTime >= ms && !used.has(s.roundId)) {
      used.add(s.roundId)
      return s
    }
    if (Date.now() > end) throw new Error(`${game}: no round open for bets`)
    await new Promise((res) => setTimeout(res, 50))
  }
}

async function funded(reais: number): Promise<Player> {
  const p = await newPlayer(t)
  await fundCash(t, p.userId, centavosOf(reais))
  return p
}

const bet = (p: Player, roundId: string, choice: string, amount: string, headers: Record<string, string> = {}) =>
  callKeyed(t, rounds.roundBet, { token: p.token, params: { game: 'double' }, body: { roundId, choice, amount }, key: idem(), headers })

/** The most the round's accepted bets pay together on any roll, recomputed from its bets. */
async function worstCase(roundId: string): Promise<bigint> {
  const bets = await t.db.query<{ choice: string; amount: bigint }>(
    `SELECT b.choice, b.amount FROM round_bets b JOIN rounds r ON r.id = b.round_pk WHERE r.game = 'double' AND r.round_id = $1`,
    [roundId],
  )
  const rules = ROUND_GAMES.double.rules
  const perRoll = Array.from({ length: rules.size }, () => 0n)
  for (const b of bets.rows) perRoll.forEach((sum, roll) => (perRoll[roll] = sum + payoutOf(BigInt(b.amount), rules.multiplier(b.choice, roll))))
  return perRoll.reduce((a, b) => (b > a ? b : a), 0n)
}

describe('shared rounds: bets per player and the round payout cap', () => {
  it('a player makes at most ROUND_MAX_BETS_PER_PLAYER bets on one round: the next is refused in their language and moves nothing', async () => {
    const p = await funded(20)
    const s = await openRound('double')
    for (const choice of ['red', 'black', 'white', 'red', 'black']) expect((await bet(p, s.roundId, choice, '1.00')).http).toBe(200)
    const before = await balances(t, p.userId)
    const sixth = await bet(p, s.roundId, 'red', '1.00')
    expect([sixth.http, sixth.body.status]).toEqual([409, 4103])
    expect(sixth.body.msg).toBe('Você já fez 5 apostas nesta rodada, o máximo por jogador')
    const english = await bet(p, s.roundId, 'red', '1.00', { lang: 'en_US' })
    expect(english.body.msg).toBe('You have already made 5 bets on this round, the most per player')
    expect(await balances(t, p.userId)).toEqual(before)
    // Another player's bets are their own.
    const q = await funded(5)
    expect((await bet(q, s.roundId, 'red', '1.00')).http).toBe(200)
  })

  it('one player racing many bets into one round: exactly the limit is taken', async () => {
    const p = await funded(20)
    const s = await openRound('double')
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => bet(p, s.roundId, i % 2 ? 'red' : 'black', '1.00')))
    expect(replies.filter((r) => r.http === 200)).toHaveLength(5)
    for (const r of replies.filter((x) => x.http !== 200)) expect(r.body.status).toBe(4103)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(15))
    const n = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM round_bets WHERE user_id = $1', [p.userId])
    expect(Number(n.rows[0]!.n)).toBe(5)
  })

  it("many players racing into one round never lift its worst-case payout above ROUND_MAX_PAYOUT; a refused bet moves nothing", async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => funded(10)))
    const extra = await funded(10)
    const s = await openRound('double')
    // R$ 5 on white pays R$ 70: two fit under R$ 200, a third would make R$ 210.
    const replies = await Promise.all(players.map((p) => bet(p, s.roundId, 'white', '5.00')))
    const taken = replies.filter((r) => r.http === 200)
    expect(taken).toHaveLength(2)
    for (const r of replies.filter((x) => x.http !== 200)) {
      expect([r.http, r.body.status]).toEqual([409, 4104])
      expect(r.body.msg).toBe('Esta rodada atingiu o prêmio total máximo de R$ 200,00; aposte um valor menor ou na próxima rodada')
    }
    const cash = await Promise.all(players.map(async (p) => (await balances(t, p.userId)).cash))
    expect(cash.filter((c) => c === centavosOf(5))).toHaveLength(2)
    expect(cash.filter((c) => c === centavosOf(10))).toHaveLength(8)
    expect(await worstCase(s.roundId)).toBe(centavosOf(140))
    // The cap is on the worst result, not the sum over results: R$ 5 on red or black pays R$ 10 on
    // their tiles only, so ten of them (R$ 50 on any red or black tile) all fit, though the round's
    // payouts over every result add up to R$ 240.
    const colours = await Promise.all(players.map((p, i) => bet(p, s.roundId, i % 2 ? 'red' : 'black', '5.00')))
    expect(colours.map((r) => r.http)).toEqual(players.map(() => 200))
    expect(await worstCase(s.roundId)).toBe(centavosOf(140))
    // White has R$ 60 left: R$ 5 more on it (R$ 70) is refused; R$ 4 (R$ 56) fits.
    expect((await bet(extra, s.roundId, 'white', '5.00')).body.status).toBe(4104)
    expect(await balances(t, extra.userId)).toMatchObject({ cash: centavosOf(10) })
    expect((await bet(extra, s.roundId, 'white', '4.00')).http).toBe(200)
    expect(await worstCase(s.roundId)).toBe(centavosOf(196))
    // The next round starts from nothing.
    const next = await openRound('double', 1_000)
    expect((await bet(extra, next.roundId, 'white', '1.00')).http).toBe(200)
  }, 30_000)
})

describe('the limits in the configuration', () => {
  const base = { APP_MODE: 'demo' }
  it('defaults: 50 bets a player a round (every Lucky Color choice three times over) and R$ 100.000 a round', () => {
    const c = loadConfig(base).rounds
    expect(c.maxBetsPerPlayer).toBe(50)
    expect(c.maxBetsPerPlayer).toBeGreaterThanOrEqual(LUCKY_CHOICES.length * 3)
    expect(c.maxPayout).toBe(centavosOf(100_000))
  })
  it('nonsense is refused', () => {
    for (const env of [
      { ROUND_MAX_BETS_PER_PLAYER: '0' },
      { ROUND_MAX_BETS_PER_PLAYER: 'abc' },
      { ROUND_MAX_BETS_PER_PLAYER: '2.5' },
      { ROUND_MAX_PAYOUT: '-1' },
      { ROUND_MAX_PAYOUT: 'lots' },
      // Below what one largest bet pays (R$ 1.000 on white: R$ 14.000).
      { ROUND_MAX_PAYOUT: '13999.99' },
    ]) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(ConfigError)
    }
  })
})
