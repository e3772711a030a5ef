/**
 * What the sportsbook's lists and My bets carry for the pages (issue 32): each listed match with its
 * main market's prices and its league's country, the match's in-play delay for the slip, and each
 * bet's legs naming their match, at the odds recorded when the bet was taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { callKeyed, checkLedgerAfterEach, fundCash, idem, newPlayer } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { SPORT_SEED: '32' })
  await toFootballHours(t)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Market = { marketId: string; type: string; period: number; line: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }
type Row = { matchId: string; sport: string; league: string; country: string; home: string; away: string; matchTime: number; main: Market | null }
type Detail = { match: Row; markets: Market[]; limits: { minStake: number; maxStake: number; maxLegs: number; liveDelay: number } }
type Leg = { matchId: string; home: string | null; away: string | null; sport: string | null; league: string | null; type: string; period: number; selection: string; odds: number }
type BetView = { betId: string; odds: number; createdAt: number; legs: Leg[] }

const list = async (s: string, state: 'live' | 'upcoming' | 'finished') => (await call<Row[]>(t, sport.sportMatches, { query: { sport: s, state } })).body.data
const detail = async (matchId: string) => (await call<Detail>(t, sport.sportMatch, { params: { matchId } })).body.data
const bet = (token: string, body: Record<string, unknown>) => callKeyed<{ betId: string; odds: number; potentialWin: number }>(t, sport.sportBet, { token, body, key: idem() })

describe('the match lists', () => {
  it('carry each match with its main market (1X2 in football, the winner elsewhere) as the match page prices it, and its league\'s country', async () => {
    const football = await list('football', 'upcoming')
    expect(football.length).toBeGreaterThan(10)
    for (const row of football.slice(0, 5)) {
      expect(row.main).not.toBeNull()
      expect([row.main!.type, row.main!.period, row.main!.selections.map((s) => s.name)]).toEqual(['1x2', 1, ['home', 'draw', 'away']])
      // The same market, status and odds as the match itself (what the slip takes from a row is what the match page offers).
      const d = await detail(row.matchId)
      expect(d.markets.find((m) => m.marketId === row.main!.marketId)).toEqual(row.main)
    }
    const countries = new Map(football.map((r) => [r.league, r.country]))
    expect(countries.get('Brasileirão Série A') ?? 'BR').toBe('BR')
    expect(countries.get('Liga Inglesa') ?? 'GB-ENG').toBe('GB-ENG')
    expect(football.every((r) => /^[A-Z]{2}(-[A-Z]{3})?$|^INT$/.test(r.country))).toBe(true)

    const tennis = await list('tennis', 'upcoming')
    expect(tennis[0]!.main!.type).toBe('winner')
    expect(tennis[0]!.main!.selections.map((s) => s.name)).toEqual(['home', 'away'])
    expect(tennis.every((r) => r.country === 'BR')).toBe(true)
    const nfl = await list('americanFootball', 'upcoming')
    expect(nfl.every((r) => r.country === 'US' && r.main?.type === 'winner' && r.main.period === 1)).toBe(true)

    // A finished match's main market is closed; a live one's is open or suspended (never missing).
    expect((await list('football', 'finished')).every((r) => r.main === null || r.main.status === 'closed')).toBe(true)
    expect((await list('football', 'live')).every((r) => r.main !== null && r.main.type === '1x2')).toBe(true)
  })

  it('a match settled by hand shows its main market closed in the list too', async () => {
    // An upcoming match whose market is open (the soonest may already be suspended, just before its start: the lists follow the real clock here).
    const row = (await list('basketball', 'upcoming')).find((r) => r.main?.status === 'open')!
    expect(row.main!.status).toBe('open')
    const settled = await call(t, sport.sportDevResult, { headers: { 'x-ops-token': opsTokenOf(t)! }, params: { matchId: row.matchId }, body: { fullTime: { home: 90, away: 80 }, halfTime: { home: 40, away: 40 }, corners: { home: 0, away: 0 } } })
    expect(settled.http).toBe(200)
    const again = await call<Row[]>(t, sport.sportMatches, { query: { sport: 'basketball', state: 'upcoming' } })
    expect(again.body.data.find((r) => r.matchId === row.matchId)!.main!.status).toBe('closed')
  })

  it('a match says how long an in-play bet waits (SPORT_LIVE_DELAY_SECONDS), for the slip\'s waiting bar', async () => {
    const row = (await list('football', 'upcoming'))[0]!
    expect((await detail(row.matchId)).limits).toEqual({ minStake: 0.1, maxStake: 1000, maxLegs: 10, liveDelay: 5 })
  })
})

describe('my bets', () => {
  it('name each leg\'s match, sport and league, at the odds recorded when the bet was taken, not the price now', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(20))
    const [a, b] = (await list('football', 'upcoming')).slice(3, 5) as [Row, Row]
    const home = a.main!.selections.find((s) => s.name === 'home')!
    // Asked at 1.01 with any change accepted: the bet takes (and records) the price it is taken at.
    const single = await bet(p.token, { type: 'single', amount: '2.00', selections: [{ selectionId: home.selectionId, odds: 1.01 }], acceptOdds: 'any' })
    expect(single.http).toBe(200)
    expect(single.body.data.odds).toBe(home.odds)
    const draw = b.main!.selections.find((s) => s.name === 'draw')!
    const parlay = await bet(p.token, { type: 'parlay', amount: '1.00', selections: [home, draw].map((s) => ({ selectionId: s.selectionId, odds: s.odds })), acceptOdds: 'none' })
    expect(parlay.http).toBe(200)

    // Hours later the matches are played: their prices have moved (or closed) since.
    t.advance(5 * 3_600_000)
    expect((await detail(a.matchId)).markets.find((m) => m.marketId === a.main!.marketId)).not.toEqual(a.main)
    const mine = (await call<BetView[]>(t, sport.sportBets, { token: p.token })).body.data
    expect(mine.map((x) => x.betId)).toEqual([parlay.body.data.betId, single.body.data.betId])
    const [pv, sv] = mine as [BetView, BetView]
    expect(sv.odds).toBe(single.body.data.odds)
    expect(sv.legs).toEqual([expect.objectContaining({ matchId: a.matchId, home: a.home, away: a.away, sport: 'football', league: a.league, type: '1x2', period: 1, selection: 'home', odds: home.odds })])
    expect(pv.odds).toBe(parlay.body.data.odds)
    expect(pv.legs.map((l) => [l.home, l.away, l.selection, l.odds])).toEqual([
      [a.home, a.away, 'home', home.odds],
      [b.home, b.away, 'draw', draw.odds],
    ])
    expect(sv.createdAt).toBeLessThan(t.app.deps.now())
  })
})
