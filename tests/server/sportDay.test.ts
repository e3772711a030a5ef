import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { betReturn, settleLeg, type LegResult, type MarketType, type SelectionName } from '../../src/shared/sport/settle'
import { sportFeedOf } from '../../src/server/sport/feeds'
import { SportSettler } from '../../src/server/sport/SportSettler'
import type { Deps } from '../../src/server/deps'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, expectLedgerInvariant, fundCash, newPlayer, type Player } from './walletHelpers'

const PLAYERS = 200
const MATCHES = 300
const BETS_EACH = 3
const HOUR = 3_600_000

let t: TestApp
let clock = 0
beforeAll(async () => {
  t = await startTestApp({}, { SPORT_SEED: '11', SPORT_SETTLE_SECONDS: '0', RATE_LIMIT_REGISTER_IP: '1000/1h' })
})
afterAll(() => t.close())

/** A seeded generator, so a failure replays. */
function rng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

describe('a simulated week of the sportsbook', () => {
  it(`${MATCHES} matches, random singles and parlays from ${PLAYERS} players, settled exactly, the ledger balanced`, async () => {
    const now = () => Date.now() + clock
    const feed = (await sportFeedOf(t.config, t.db, now))!
    const start = now()
    // A week of the calendar's believable hours holds some 370 matches of the twelve sports.
    const matches = feed.matches(start + 5 * 60_000, start + 7 * 24 * HOUR).filter((m) => m.matchTime === 0).slice(0, MATCHES)
    expect(matches.length).toBe(MATCHES)
    const random = rng(2026)
    const players: Player[] = []
    for (let i = 0; i < PLAYERS; i++) {
      const p = await newPlayer(t)
      await fundCash(t, p.userId, centavosOf(100))
      players.push(p)
    }
    const openSelection = (matchId: string) => {
      const markets = feed.markets(matchId).filter((m) => m.status === 'open')
      const market = markets[Math.floor(random() * markets.length)]!
      return market.selections[Math.floor(random() * market.selections.length)]!
    }
    let placed = 0
    const staked = new Map<string, number>()
    for (const p of players) {
      for (let b = 0; b < BETS_EACH; b++) {
        const legs = random() < 0.6 ? 1 : 2 + Math.floor(random() * 3)
        const chosen = new Set<string>()
        while (chosen.size < legs) chosen.add(matches[Math.floor(random() * matches.length)]!.matchId)
        const selections = [...chosen].map((id) => {
          const s = openSelection(id)
          return { selectionId: s.selectionId, odds: s.odds / 1000 }
        })
        const amount = (10 + Math.floor(random() * 490)) / 100
        const r = await callKeyed(t, sport.sportBet, { token: p.token, body: { type: legs === 1 ? 'single' : 'parlay', amount: amount.toFixed(2), selections, acceptOdds: 'any' } })
        expect(r.http, JSON.stringify(r.body)).toBe(200)
        placed++
        staked.set(p.email, (staked.get(p.email) ?? 0) + Math.round(amount * 100))
      }
    }
    expect(placed).toBe(PLAYERS * BETS_EACH)

    // Eight days later every match is over: one sweep settles every bet, a second nothing.
    clock += 8 * 24 * HOUR
    const settler = new SportSettler((t.app as unknown as { deps: Deps }).deps, feed, { error: () => undefined })
    expect(await settler.sweep()).toBe(placed)
    expect(await settler.sweep()).toBe(0)
    await expectLedgerInvariant(t.db)

    // Each bet's payout is what the outcome gives through the shared settlement; each balance is 100 - stakes + payouts.
    for (const p of players) {
      const bets = (await call<{ amount: number; payout: number; status: number; legs: { matchId: string; type: string; period: number; line: number; selection: string; odds: number; result: number }[] }[]>(t, sport.sportBets, { token: p.token })).body.data
      expect(bets).toHaveLength(BETS_EACH)
      let paid = 0n
      for (const b of bets) {
        expect(b.status).toBe(9999)
        const results = b.legs.map((l) => {
          const outcome = feed.outcome(l.matchId)!
          const result = settleLeg({ type: l.type as MarketType, period: l.period, line: l.line }, l.selection as SelectionName, outcome)
          expect(l.result).toBe(result)
          return { result: result as LegResult, odds: Math.round(l.odds * 1000) }
        })
        const expected = betReturn(BigInt(Math.round(b.amount * 100)), results)
        expect(BigInt(Math.round(b.payout * 100))).toBe(expected)
        paid += expected
      }
      expect((await balances(t, p.userId)).cash).toBe(centavosOf(100) - BigInt(staked.get(p.email)!) + paid)
    }
  }, 240_000)
})
