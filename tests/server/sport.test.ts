import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { call, startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { SPORT_SEED: '7' })
})
afterAll(() => t.close())

type Match = { matchId: string; sport: string; matchTime: number; startsAt: number; score: { home: number; away: number } }

describe('the sportsbook feed', () => {
  it('lists the twelve sports with live and upcoming counts, and live football', async () => {
    const sports = await call<{ sport: string; live: number; upcoming: number }[]>(t, sport.sportList, {})
    expect(sports.http).toBe(200)
    expect(sports.body.data.map((s) => s.sport)).toEqual([...sport.SPORT_IDS])
    const football = sports.body.data.find((s) => s.sport === 'football')!
    expect(football.live).toBeGreaterThanOrEqual(3)
    expect(football.upcoming).toBeGreaterThan(100)
    const live = await call<Match[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'live' } })
    expect(live.body.data.length).toBe(football.live)
    expect(live.body.data.every((m) => m.sport === 'football' && m.matchTime > 0)).toBe(true)
    const upcoming = await call<Match[]>(t, sport.sportMatches, { query: { state: 'upcoming' } })
    expect(upcoming.body.data.length).toBeGreaterThan(10)
    expect(upcoming.body.data.every((m) => m.matchTime === 0 && m.startsAt > Date.now() - 1000)).toBe(true)
    const finished = await call<Match[]>(t, sport.sportMatches, { query: { state: 'finished', sport: 'tennis' } })
    expect(finished.body.data.every((m) => m.matchTime < 0)).toBe(true)
  })

  it('a match with its markets; an unknown match is not found; a bad sport is a validation error', async () => {
    const live = await call<Match[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'live' } })
    const id = live.body.data[0]!.matchId
    const detail = await call<{ match: Match; markets: { type: string; line: number; status: string; selections: { odds: number }[] }[] }>(t, sport.sportMatch, { params: { matchId: id } })
    expect(detail.http).toBe(200)
    expect(detail.body.data.match.matchId).toBe(id)
    expect(detail.body.data.markets.some((m) => m.type === '1x2')).toBe(true)
    expect(detail.body.data.markets.every((m) => m.selections.every((s) => Number.isInteger(s.odds) && s.odds >= 1010))).toBe(true)
    expect((await call(t, sport.sportMatch, { params: { matchId: '999999999999' } })).http).toBe(404)
    const bad = await call(t, sport.sportMatches, { query: { sport: 'curling' } })
    expect(bad.http).toBe(400)
  })
})
