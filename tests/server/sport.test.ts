import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { appInfo } from '../../src/shared/contract/appInfo'
import { oddsFromWire } from '../../src/shared/sport/odds'
import { betReturn, type LegResult } from '../../src/shared/sport/settle'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { opsTokenOf } from '../../src/server/ops/opsToken'
import { netExposure } from '../../src/server/sport/exposure'
import { SPORT_GAME } from '../../src/server/sport/bets'
import { addWageringRequirement, countedStake } from '../../src/server/wallet/wagering'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, idem, listen, newPlayer, recorder, socketFor, waitFor, wageringLeft } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { SPORT_SEED: '7' })
  await toFootballHours(t)
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Market = { marketId: string; type: string; period: number; line: number; status: string; selections: { selectionId: string; name: string; odds: number }[] }
type Detail = { match: Match; markets: Market[] }

/** Upcoming matches (their pre-match markets open), each with its markets. */
async function upcoming(n: number): Promise<Detail[]> {
  const list = await call<Match[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })
  const out: Detail[] = []
  for (const m of list.body.data.slice(0, n)) out.push((await call<Detail>(t, sport.sportMatch, { params: { matchId: m.matchId } })).body.data)
  return out
}
const pick = (d: Detail, type: string, name: string, quarterLine = false) => {
  const market = d.markets.find((m) => m.type === type && m.period === 1 && m.status === 'open' && (!quarterLine || Math.abs((m.line * 4) % 2) === 1))!
  const sel = market.selections.find((s) => s.name === name)!
  return { market, selectionId: sel.selectionId, odds: sel.odds }
}
/** What a sport stake counts toward a gift: its sportsbook contribution. */
const counted = (stake: bigint) => countedStake(t.config.wallet, SPORT_GAME, stake, 15_000n)
const bet = (token: string, body: Record<string, unknown>, key = idem()) => callKeyed<{ betId: string; odds: number; potentialWin: number; balance: number }>(t, sport.sportBet, { token, body, key })
/** The simulator's settlement by hand: an operators' call, with the ops token. */
const devResult = (matchId: string, body: Record<string, unknown>) => call<{ settled: number }>(t, sport.sportDevResult, { headers: { 'x-ops-token': opsTokenOf(t)! }, params: { matchId }, body })

type Match = { matchId: string; sport: string; matchTime: number; minute: number; startsAt: number; score: { home: number; away: number } }

describe('the sportsbook feed', () => {
  it('lists the twelve sports with live and upcoming counts, and live football', async () => {
    const sports = await call<{ sport: string; live: number; upcoming: number }[]>(t, sport.sportList, {})
    expect(sports.http).toBe(200)
    expect(sports.body.data.map((s) => s.sport)).toEqual([...sport.SPORT_IDS])
    const football = sports.body.data.find((s) => s.sport === 'football')!
    expect(football.live).toBeGreaterThanOrEqual(3)
    // A week of believable hours: two rounds of each Brasileirão, one of the others.
    expect(football.upcoming).toBeGreaterThan(40)
    const live = await call<Match[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'live' } })
    expect(live.body.data.length).toBe(football.live)
    expect(live.body.data.every((m) => m.sport === 'football' && m.matchTime > 0)).toBe(true)
    const upcoming = await call<Match[]>(t, sport.sportMatches, { query: { state: 'upcoming' } })
    expect(upcoming.body.data.length).toBeGreaterThan(10)
    expect(upcoming.body.data.every((m) => m.matchTime === 0 && m.startsAt > t.app.deps.now() - 1000)).toBe(true)
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
    // Odds on the wire are decimals (2.17, never thousandths like 2170), priced to the hundredth: what a slip shows is what a bet records.
    expect(detail.body.data.markets.every((m) => m.selections.every((s) => s.odds >= 1.01 && oddsFromWire(s.odds)! % 10 === 0))).toBe(true)
    expect((await call(t, sport.sportMatch, { params: { matchId: '999999999999' } })).http).toBe(404)
    const bad = await call(t, sport.sportMatches, { query: { sport: 'curling' } })
    expect(bad.http).toBe(400)
  })
})

describe('sport bets', () => {
  it('a single at the odds shown: once per key, refused on changed odds and bad slips with nothing moved, settled once', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(50))
    const [d, other] = await upcoming(2)
    const home = pick(d!, '1x2', 'home')
    const key = idem()
    const first = await bet(p.token, { type: 'single', amount: '10.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'none' }, key)
    expect(first.http).toBe(200)
    expect(first.body.data.odds).toBe(home.odds)
    // 10.00 at odds D thousandths returns exactly D centavos (no floating point: 10 * 2.203 is 22.029999...).
    expect(first.body.data.potentialWin).toBe(Math.round(home.odds * 1000) / 100)
    expect(first.body.data.balance).toBe(40)
    const replay = await bet(p.token, { type: 'single', amount: '10.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'none' }, key)
    expect(replay.raw).toBe(first.raw)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(40))

    // Refusals: nothing moves.
    const worse = await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: home.selectionId, odds: home.odds + 0.01 }], acceptOdds: 'none' })
    expect([worse.http, worse.body.status]).toEqual([409, 4203])
    expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: home.selectionId, odds: home.odds + 0.5 }], acceptOdds: 'higher' })).body.status).toBe(4203)
    const draw = pick(d!, '1x2', 'draw')
    expect((await bet(p.token, { type: 'parlay', amount: '1.00', selections: [{ selectionId: home.selectionId, odds: home.odds }, { selectionId: draw.selectionId, odds: draw.odds }], acceptOdds: 'any' })).body.status).toBe(4206)
    expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: home.selectionId, odds: home.odds }, { selectionId: pick(other!, '1x2', 'home').selectionId, odds: 2 }], acceptOdds: 'any' })).body.status).toBe(4206)
    expect((await bet(p.token, { type: 'single', amount: '1000.01', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' })).body.status).toBe(4204)
    expect((await bet(p.token, { type: 'single', amount: '40.01', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' })).body.status).toBe(9999)
    const unknown = `${d!.match.matchId}-1x2-1-0-under`
    expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: unknown, odds: 2 }], acceptOdds: 'any' })).body.status).toBe(4201)
    expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: 'x', odds: 2 }], acceptOdds: 'any' })).http).toBe(400)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(40))

    // The match ends 2-1: the home single wins; settling again moves nothing; the match takes no more bets.
    const settled = await devResult(d!.match.matchId, { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 1 }, corners: { home: 5, away: 3 } })
    expect(settled.body.data.settled).toBe(1)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(40) + BigInt(Math.round(first.body.data.potentialWin * 100)))
    expect((await devResult(d!.match.matchId, { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 1 }, corners: { home: 5, away: 3 } })).body.data.settled).toBe(0)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(40) + BigInt(Math.round(first.body.data.potentialWin * 100)))
    expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' })).body.status).toBe(4201)
    const after = await call<{ markets: { status: string }[] }>(t, sport.sportMatch, { params: { matchId: d!.match.matchId } })
    expect(after.body.data.markets.every((m) => m.status === 'closed')).toBe(true)
    const mine = await call<{ betId: string; status: number; payout: number; legs: { result: number }[] }[]>(t, sport.sportBets, { token: p.token, query: { state: 'settled' } })
    expect(mine.body.data).toEqual([expect.objectContaining({ betId: first.body.data.betId, status: 9999, payout: first.body.data.potentialWin, legs: [expect.objectContaining({ result: 10 })] })])
  })

  it('a parlay with a quarter-line half result, an over/under and a postponed match pays stake x the factors, floored', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(20))
    const ds = await upcoming(5)
    const [a, b, c] = ds.slice(2, 5) as [Detail, Detail, Detail]
    const ah = pick(a, 'ah', 'home', true)
    const ou = pick(b, 'ou', 'over')
    const win = pick(c, '1x2', 'away')
    const placed = await bet(p.token, { type: 'parlay', amount: '10.00', selections: [ah, ou, win].map((x) => ({ selectionId: x.selectionId, odds: x.odds })), acceptOdds: 'any' })
    expect(placed.http).toBe(200)
    // The handicap leg: a margin that lands on its quarter line's push half.
    const lineQ = Math.round(ah.market.line * 4)
    const half = (lineQ - 1) / 4 // the whole or half line a quarter below
    const pushMargin = Number.isInteger(half) ? -half : -(lineQ + 1) / 4
    const homeGoals = Math.max(0, pushMargin) + 1
    const awayGoals = homeGoals - pushMargin
    await devResult(a.match.matchId, { fullTime: { home: homeGoals, away: awayGoals }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    const total = Math.floor(ou.market.line) + 1
    await devResult(b.match.matchId, { fullTime: { home: total, away: 0 }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    expect((await call<{ status: number }[]>(t, sport.sportBets, { token: p.token, query: { state: 'open' } })).body.data).toHaveLength(1)
    await devResult(c.match.matchId, { matchTime: -14 })
    const [settled] = (await call<{ payout: number; legs: { result: number; odds: number }[] }[]>(t, sport.sportBets, { token: p.token, query: { state: 'settled' } })).body.data
    const results = settled!.legs.map((l) => l.result)
    expect([21, 11]).toContain(results[0])
    expect(results.slice(1)).toEqual([10, 90])
    const expected = betReturn(1000n, settled!.legs.map((l) => ({ result: l.result as LegResult, odds: Math.round(l.odds * 1000) })))
    expect(Math.round(settled!.payout * 100)).toBe(Number(expected))
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(10) + expected)
  })

  it('bets racing on one balance never take it below zero', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(5))
    const [d] = (await upcoming(7)).slice(5, 6) as [Detail]
    const home = pick(d, '1x2', 'home')
    const replies = await Promise.all(Array.from({ length: 6 }, () => bet(p.token, { type: 'single', amount: '2.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' })))
    expect(replies.filter((r) => r.http === 200)).toHaveLength(2)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(1))
  })

  it('both sides of one handicap count toward a gift only by their net exposure; one side alone counts its whole stake, at the sportsbook contribution', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(100))
    await t.db.tx((q) => addWageringRequirement(q, p.userId, centavosOf(1000), 0n, new Date(Date.now() - 60_000)))
    const [d, e] = (await upcoming(9)).slice(7, 9) as [Detail, Detail]
    // The most even line of the match: a lopsided one (home 3.0, away 1.37) pays 1.5x the pair's stakes on one side, and then counts by its exposure.
    const evenness = (m: Detail['markets'][number]) => Math.abs(m.selections[0]!.odds - m.selections[1]!.odds)
    const market = d.markets.filter((m) => m.type === 'ah' && m.period === 1 && m.status === 'open').sort((a, b) => evenness(a) - evenness(b))[0]!
    const leg = (name: string) => {
      const sel = market.selections.find((x) => x.name === name)!
      return { selectionId: sel.selectionId, odds: sel.odds }
    }
    const [home, away] = [leg('home'), leg('away')]
    expect(Math.max(home.odds, away.odds) * 10).toBeLessThan(30)
    for (const leg of [home, away]) expect((await bet(p.token, { type: 'single', amount: '10.00', selections: [{ selectionId: leg.selectionId, odds: leg.odds }], acceptOdds: 'any' })).http).toBe(200)
    await devResult(d.match.matchId, { fullTime: { home: 3, away: 0 }, halfTime: { home: 1, away: 0 }, corners: { home: 0, away: 0 } })
    // Together they return about 1.95 x 10 whatever happens: at worst R$ 0,50 lost, never 1.5x: nothing counts.
    expect(await wageringLeft(t, p)).toBe(centavosOf(1000))
    const draw = pick(e, '1x2', 'draw')
    expect(draw.odds).toBeGreaterThanOrEqual(1.5)
    expect((await bet(p.token, { type: 'single', amount: '10.00', selections: [{ selectionId: draw.selectionId, odds: draw.odds }], acceptOdds: 'any' })).http).toBe(200)
    await devResult(e.match.matchId, { fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    // Its whole stake, at the sportsbook's contribution (WAGER_CONTRIBUTION's sport).
    expect(await wageringLeft(t, p)).toBe(centavosOf(1000) - counted(centavosOf(10)))
  })

  it('covering parlays over two matches count nothing toward a gift, a cover across markets only its net exposure, a cancelled match nothing', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(100))
    await t.db.tx((q) => addWageringRequirement(q, p.userId, centavosOf(1000), 0n, new Date(Date.now() - 60_000)))
    const [a, b, c, v] = (await upcoming(15)).slice(11, 15) as [Detail, Detail, Detail, Detail]
    // The main handicap line (its two sides' odds closest): home or away in each of two matches, four
    // parlays. Exactly one wins whatever happens (or they push alike): about 3.6 back of 4 at worst,
    // never 1.5x the stakes, so nothing counts; counted one by one, they would count 4.00.
    const sides = (d: Detail) => {
      const ah = d.markets.filter((m) => m.type === 'ah' && m.period === 1 && m.status === 'open')
      const main = ah.reduce((x, m) => (Math.abs(m.selections[0]!.odds - m.selections[1]!.odds) < Math.abs(x.selections[0]!.odds - x.selections[1]!.odds) ? m : x))
      return main.selections.map((s) => ({ selectionId: s.selectionId, odds: s.odds }))
    }
    for (const x of sides(a)) {
      for (const y of sides(b)) {
        const placed = await bet(p.token, { type: 'parlay', amount: '1.00', selections: [x, y], acceptOdds: 'any' })
        expect(placed.http).toBe(200)
        expect(placed.body.data.odds).toBeGreaterThanOrEqual(1.5)
      }
    }
    // Home, away and even on one match: a draw's total is even, so one of them pays whatever the score.
    // They count together by what they can lose: 3.00 less the least they return (the draw's even).
    const cover = [pick(c, '1x2', 'home'), pick(c, '1x2', 'away'), pick(c, 'oddEven', 'even')]
    for (const s of cover) expect((await bet(p.token, { type: 'single', amount: '1.00', selections: [{ selectionId: s.selectionId, odds: s.odds }], acceptOdds: 'any' })).http).toBe(200)
    const net = netExposure(cover.map((s) => ({ amount: 100n, legs: [{ match_id: c.match.matchId, market_type: s.market.type, period: 1, line_quarters: 0, selection: s.selectionId.split('-').pop()!, odds: Math.round(s.odds * 1000) }] })))!
    const [home, away, even] = cover.map((s) => (BigInt(Math.round(s.odds * 1000)) * 100n) / 1000n)
    expect(net.exposure).toBe(300n - [home!, away!, even!].reduce((x, y) => (y < x ? y : x)))
    expect(net.exposure).toBeLessThan(300n)
    const coverCounts = net.multiplier4 >= 15_000n ? counted(net.exposure) : 0n
    // A draw on a match that is then cancelled: the stake comes back and was never at risk.
    const draw = pick(v, '1x2', 'draw')
    expect((await bet(p.token, { type: 'single', amount: '5.00', selections: [{ selectionId: draw.selectionId, odds: draw.odds }], acceptOdds: 'any' })).http).toBe(200)
    const ft = (h: number, w: number) => ({ fullTime: { home: h, away: w }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    await devResult(a.match.matchId, ft(2, 0))
    expect((await devResult(b.match.matchId, ft(0, 1))).body.data.settled).toBe(4)
    await devResult(c.match.matchId, ft(1, 1))
    expect((await devResult(v.match.matchId, { matchTime: -10 })).body.data.settled).toBe(1)
    expect(await wageringLeft(t, p)).toBe(centavosOf(1000) - coverCounts)
  })

  it('a corrected result moves only the difference, once; what the player no longer has is written off, never a negative balance', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(30))
    const [d, e] = (await upcoming(11)).slice(9, 11) as [Detail, Detail]
    const home = pick(d, '1x2', 'home')
    const placed = await bet(p.token, { type: 'single', amount: '10.00', selections: [{ selectionId: home.selectionId, odds: home.odds }], acceptOdds: 'any' })
    const win = BigInt(Math.round(placed.body.data.potentialWin * 100))
    const score = (h: number, a: number) => ({ fullTime: { home: h, away: a }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
    await devResult(d.match.matchId, score(0, 1))
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(20))
    // Corrected to 1-0: the win is paid; the same correction again moves nothing.
    expect((await devResult(d.match.matchId, score(1, 0))).body.data.settled).toBe(1)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(20) + win)
    expect((await devResult(d.match.matchId, score(2, 0))).body.data.settled).toBe(0)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(20) + win)
    // The player stakes all but R$ 1 elsewhere; corrected back to 0-1: R$ 1 taken back, the rest written off.
    const draw = pick(e, '1x2', 'draw')
    const all = (centavosOf(20) + win - centavosOf(1)).toString()
    expect((await bet(p.token, { type: 'single', amount: `${all.slice(0, -2)}.${all.slice(-2)}`, selections: [{ selectionId: draw.selectionId, odds: draw.odds }], acceptOdds: 'any' })).http).toBe(200)
    expect((await balances(t, p.userId)).cash).toBe(centavosOf(1))
    expect((await devResult(d.match.matchId, score(0, 1))).body.data.settled).toBe(1)
    expect((await balances(t, p.userId)).cash).toBe(0n)
    const [bet0] = (await call<{ betId: string; payout: number; legs: { result: number }[] }[]>(t, sport.sportBets, { token: p.token, query: { state: 'settled' } })).body.data
    expect(bet0).toMatchObject({ betId: placed.body.data.betId, payout: 0, legs: [{ result: 20 }] })
  })

  it('a player watching a match gets its odds and score by socket as they change, and nothing once it stops watching', async () => {
    const p = await newPlayer(t)
    // A match in play for at least ten more minutes of its clock (not at the break).
    const live = (await call<Match[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'live' } })).body.data.find((m) => (m.matchTime === 1 && m.minute < 30) || (m.matchTime === 3 && m.minute < 75))!
    const s = await socketFor(await listen(t), p.token)
    try {
      const got = recorder(s)
      s.emit('sport:watch', { matchId: live.matchId })
      // The first push brings every market (a watcher starts from what it fetched).
      await waitFor(() => (got['sport:odds']?.length ?? 0) > 0 && (got['sport:score']?.length ?? 0) > 0, 5000)
      const first = got['sport:odds']![0] as { matchId: string; markets: { selections: { odds: number }[] }[] }
      expect(first.matchId).toBe(live.matchId)
      expect(first.markets.length).toBeGreaterThan(3)
      // Ten minutes of play later the clock has moved: a new score event.
      const scores = got['sport:score']!.length
      t.advance(10 * 60_000)
      await waitFor(() => got['sport:score']!.length > scores, 5000)
      expect((got['sport:score']!.at(-1) as { minute: number }).minute).toBeGreaterThan(live.minute)
      s.emit('sport:unwatch', { matchId: live.matchId })
      await new Promise((r) => setTimeout(r, 300))
      const after = got['sport:score']!.length + (got['sport:odds']?.length ?? 0)
      t.advance(10 * 60_000)
      await new Promise((r) => setTimeout(r, 2500))
      expect(got['sport:score']!.length + (got['sport:odds']?.length ?? 0)).toBe(after)
    } finally {
      s.close()
    }
  })

  it("the simulator's settlement by hand is an operators' call: a player's session is refused (403) and settles nothing", async () => {
    const p = await newPlayer(t)
    const settledIds = new Set((await t.db.query<{ match_id: string }>('SELECT match_id FROM sport_results')).rows.map((r) => r.match_id))
    const d = (await upcoming(20)).find((x) => !settledIds.has(x.match.matchId))
    const results = async () => (await t.db.query('SELECT 1 FROM sport_results')).rows.length
    const before = await results()
    const r = await call(t, sport.sportDevResult, { token: p.token, params: { matchId: d!.match.matchId }, body: { matchTime: -14 } })
    expect([r.http, r.body.status]).toEqual([403, 1403])
    const wrong = await call(t, sport.sportDevResult, { headers: { 'x-ops-token': 'x'.repeat(32) }, params: { matchId: d!.match.matchId }, body: { matchTime: -14 } })
    expect([wrong.http, wrong.body.status]).toEqual([403, 1403])
    expect(await results()).toBe(before)
    expect((await devResult(d!.match.matchId, { matchTime: -14 })).http).toBe(200)
    expect(await results()).toBe(before + 1)
  })

  it('without a feed (SPORT_FEED=none, production\'s default) the sportsbook is closed: every call answers so and moves nothing', async () => {
    const closed = await startTestApp({}, { SPORT_FEED: 'none' })
    try {
      const p = await newPlayer(closed)
      await fundCash(closed, p.userId, centavosOf(10))
      for (const r of [
        await call(closed, sport.sportList, {}),
        await call(closed, sport.sportMatches, { query: { sport: 'football' } }),
        await call(closed, sport.sportMatch, { params: { matchId: '1000000001' } }),
        await call(closed, sport.sportBets, { token: p.token }),
        await call(closed, sport.sportDevResult, { headers: { 'x-ops-token': opsTokenOf(closed)! }, params: { matchId: '1000000001' }, body: { matchTime: -14 } }),
        await callKeyed(closed, sport.sportBet, { token: p.token, body: { type: 'single', amount: '1.00', selections: [{ selectionId: '1000000001-1x2-1-0-home', odds: 2 }], acceptOdds: 'any' } }),
      ]) {
        expect([r.http, r.body.status, r.body.msg]).toEqual([409, 4207, 'As apostas esportivas estão fechadas no momento'])
      }
      expect((await balances(closed, p.userId)).cash).toBe(centavosOf(10))
      expect((await call(closed, appInfo, {})).body.data).toMatchObject({ sport: 'none' })
    } finally {
      await closed.close()
    }
  })
})
