import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sport from '../../src/shared/contract/sport'
import { appInfo } from '../../src/shared/contract/appInfo'
import { betReturn, settleLeg, type LegResult, type MarketType, type SelectionName } from '../../src/shared/sport/settle'
import { oddsApiOf } from '../../src/server/sport/domain'
import { ODDS_EMULATOR_PREFIX, OddsApiEmulator } from '../../src/server/sport/theoddsapi/OddsApiEmulator'
import { consensus, marketsOf, matchIdOf, outcomeOf, sportOfKey, type PriceLimits } from '../../src/server/sport/theoddsapi/mapping'
import { BACKOFF_BASE_MS, TheOddsApiFeed, type OddsApiSettings } from '../../src/server/sport/theoddsapi/TheOddsApiFeed'
import { oddsEventSchema, scoreEventSchema, sportSchema, type OddsApiEvent } from '../../src/server/sport/theoddsapi/wire'
import { ODDS_EMULATOR_KEY } from '../../src/server/config/sport'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { toFootballHours } from './sportHours'
import { callKeyed, checkLedgerAfterEach, fundCash, newPlayer, waitFor } from './walletHelpers'

const LIMITS: PriceLimits = { margin: 0.05, staleMs: { preMatch: 1_200_000, live: 90_000 } }
const KICK_OFF = Date.parse('2021-09-10T00:20:00Z')
/** An hour before the example's kick-off: its prices, seen ten minutes earlier, are fresh. */
const BEFORE = KICK_OFF - 3_600_000
const PRE = { live: false, over: false, scoresFresh: true }

/**
 * The guide's example answer of GET /v4/sports/{sport}/odds (americanfootball_nfl, decimal odds,
 * markets=h2h,spreads,totals), in its shape: the event, its bookmakers, their markets and outcomes.
 */
const NFL_EXAMPLE: unknown = {
  id: 'bda33adca828c09dc3cac3a856aef176',
  sport_key: 'americanfootball_nfl',
  sport_title: 'NFL',
  commence_time: '2021-09-10T00:20:00Z',
  home_team: 'Tampa Bay Buccaneers',
  away_team: 'Dallas Cowboys',
  bookmakers: [
    {
      key: 'unibet',
      title: 'Unibet',
      last_update: '2021-09-09T23:10:00Z',
      markets: [
        { key: 'h2h', outcomes: [{ name: 'Dallas Cowboys', price: 3.4 }, { name: 'Tampa Bay Buccaneers', price: 1.33 }] },
        { key: 'spreads', outcomes: [{ name: 'Dallas Cowboys', price: 1.91, point: 7.5 }, { name: 'Tampa Bay Buccaneers', price: 1.91, point: -7.5 }] },
        { key: 'totals', outcomes: [{ name: 'Over', price: 1.87, point: 51.5 }, { name: 'Under', price: 1.95, point: 51.5 }] },
      ],
    },
    {
      key: 'betfair',
      title: 'Betfair',
      last_update: '2021-09-09T23:10:00Z',
      markets: [
        { key: 'h2h', last_update: '2021-09-09T23:10:00Z', outcomes: [{ name: 'Dallas Cowboys', price: 3.6 }, { name: 'Tampa Bay Buccaneers', price: 1.3 }] },
        // Half a point off the other's line: a market of its own.
        { key: 'spreads', last_update: '2021-09-09T23:10:00Z', outcomes: [{ name: 'Dallas Cowboys', price: 1.83, point: 7 }, { name: 'Tampa Bay Buccaneers', price: 2.0, point: -7 }] },
      ],
    },
  ],
}

/** The guide's example answer of GET /v4/sports/{sport}/scores?daysFrom=1: a completed game, a live one, an upcoming one. */
const SCORES_EXAMPLE: unknown[] = [
  { id: '572d984e132eddaac3da93e5db332e7e', sport_key: 'basketball_nba', sport_title: 'NBA', commence_time: '2022-02-06T03:10:38Z', completed: true, home_team: 'Sacramento Kings', away_team: 'Oklahoma City Thunder', scores: [{ name: 'Sacramento Kings', score: '113' }, { name: 'Oklahoma City Thunder', score: '103' }], last_update: '2022-02-06T05:18:19Z' },
  { id: 'e2296d6d1206f8d185466876e2b444ea', sport_key: 'basketball_nba', sport_title: 'NBA', commence_time: '2022-02-06T03:11:26Z', completed: false, home_team: 'Portland Trail Blazers', away_team: 'Milwaukee Bucks', scores: [{ name: 'Portland Trail Blazers', score: '77' }, { name: 'Milwaukee Bucks', score: '79' }], last_update: '2022-02-06T05:18:19Z' },
  { id: '4b25562aa9e87b57aa16f970abaec8cc', sport_key: 'basketball_nba', sport_title: 'NBA', commence_time: '2022-02-07T00:11:00Z', completed: false, home_team: 'Los Angeles Clippers', away_team: 'Milwaukee Bucks', scores: null, last_update: null },
]

const parseEvent = (x: unknown): OddsApiEvent => oddsEventSchema.parse(x)
const fair = (prices: number[]) => prices.map((p) => 1 / p).map((q, _, all) => q / all.reduce((a, b) => a + b, 0))
/** o = 1 / (p (1 + m)) in thousandths, floored to the hundredth. */
const priced = (p: number) => Math.max(1010, Math.floor(100 / (p * 1.05)) * 10)

describe('The Odds API: the documented answers mapped to the book', () => {
  it('validates the examples and maps h2h, spreads and totals, field for field', () => {
    expect(sportSchema.safeParse({ key: 'americanfootball_nfl', group: 'American Football', title: 'NFL', description: 'US Football', active: true, has_outrights: false }).success).toBe(true)
    const e = parseEvent(NFL_EXAMPLE)
    const id = matchIdOf(e.id)
    expect(id).toMatch(/^\d{15}$/)
    expect(matchIdOf(e.id)).toBe(id)
    const markets = marketsOf(e, 'americanFootball', id, PRE, BEFORE, LIMITS)
    // NFL has no draw: h2h is win only; two spread lines (the home side's handicap); one total.
    expect(markets.map((m) => [m.type, m.line, m.status])).toEqual([
      ['winner', 0, 'open'],
      ['ah', -7.5, 'open'],
      ['ah', -7, 'open'],
      ['ou', 51.5, 'open'],
    ])
    const [h2h, ah75, ah7, ou] = markets
    const p = consensus([[1.33, 3.4], [1.3, 3.6]])
    expect(h2h!.selections).toEqual([
      { selectionId: `${id}-winner-1-0-home`, name: 'home', odds: priced(p[0]!) },
      { selectionId: `${id}-winner-1-0-away`, name: 'away', odds: priced(p[1]!) },
    ])
    expect(ah75!.marketId).toBe(`${id}-ah-1--30`)
    expect(ah75!.selections.map((s) => s.odds)).toEqual(fair([1.91, 1.91]).map(priced))
    expect(ah7!.selections.map((s) => [s.name, s.odds])).toEqual([['home', priced(fair([2.0, 1.83])[0]!)], ['away', priced(fair([2.0, 1.83])[1]!)]])
    expect(ou!.selections.map((s) => [s.selectionId, s.odds])).toEqual([[`${id}-ou-1-206-over`, priced(fair([1.87, 1.95])[0]!)], [`${id}-ou-1-206-under`, priced(fair([1.87, 1.95])[1]!)]])
  })

  it('h2h with a Draw is the 1X2; a two-way h2h in football, a line not in quarters, an odd pair are not offered', () => {
    const soccer = parseEvent({
      id: 'soccer1', sport_key: 'soccer_epl', sport_title: 'EPL', commence_time: '2021-09-10T00:20:00Z', home_team: 'Arsenal', away_team: 'Chelsea',
      bookmakers: [
        { key: 'a', title: 'A', last_update: '2021-09-09T23:10:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Arsenal', price: 2.5 }, { name: 'Chelsea', price: 2.9 }, { name: 'Draw', price: 3.3 }] }, { key: 'spreads', outcomes: [{ name: 'Arsenal', price: 1.9, point: -0.3 }, { name: 'Chelsea', price: 1.9, point: 0.3 }] }] },
        { key: 'b', title: 'B', last_update: '2021-09-09T23:10:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Arsenal', price: 1.7 }, { name: 'Chelsea', price: 2.1 }] }, { key: 'spreads', outcomes: [{ name: 'Arsenal', price: 1.9, point: -0.25 }, { name: 'Chelsea', price: 1.9, point: 0.5 }] }, { key: 'totals', outcomes: [{ name: 'Over', price: 1.9, point: 2.25 }, { name: 'Under', price: 1.9, point: 2.5 }] }] },
      ],
    })
    const markets = marketsOf(soccer, 'football', matchIdOf(soccer.id), PRE, BEFORE, LIMITS)
    expect(markets.map((m) => m.type)).toEqual(['1x2'])
    expect(markets[0]!.selections.map((s) => [s.name, s.odds])).toEqual(['home', 'draw', 'away'].map((n, i) => [n, priced(fair([2.5, 3.3, 2.9])[i]!)]))
    // Markets it cannot settle are never offered: no corners, halves or quarters from this feed.
    expect(markets.every((m) => m.period === 1 && ['1x2', 'winner', 'ah', 'ou'].includes(m.type))).toBe(true)
  })

  it('refuses a payload that is not the documented shape', () => {
    expect(oddsEventSchema.safeParse({ ...(NFL_EXAMPLE as object), commence_time: 'tomorrow' }).success).toBe(false)
    const bad = structuredClone(NFL_EXAMPLE) as { bookmakers: { markets: { outcomes: { price: unknown }[] }[] }[] }
    bad.bookmakers[0]!.markets[0]!.outcomes[0]!.price = '3.4'
    expect(oddsEventSchema.safeParse(bad).success).toBe(false)
    expect(scoreEventSchema.safeParse({ ...(SCORES_EXAMPLE[0] as object), scores: [{ name: 'x', score: 113 }] }).success).toBe(false)
  })

  it('a completed scores entry is the outcome; live, upcoming and unreadable ones are none', () => {
    const [done, live, upcoming] = SCORES_EXAMPLE.map((x) => scoreEventSchema.parse(x))
    expect(outcomeOf(done)).toEqual({ status: 'finished', fullTime: { home: 113, away: 103 }, halfTime: { home: 113, away: 103 }, corners: { home: 0, away: 0 } })
    expect(outcomeOf(live)).toBeNull()
    expect(outcomeOf(upcoming)).toBeNull()
    // Cricket's "245/6" is not a score the book can settle on: left for a person.
    expect(outcomeOf({ ...done!, scores: [{ name: 'Sacramento Kings', score: '245/6' }, { name: 'Oklahoma City Thunder', score: '240/9' }] })).toBeNull()
    // A score under another name is not taken for the home side's.
    expect(outcomeOf({ ...done!, scores: [{ name: 'Kings', score: '113' }, { name: 'Oklahoma City Thunder', score: '103' }] })).toBeNull()
  })
})

describe('The Odds API: consensus, margin and staleness', () => {
  it('takes out each bookmaker\'s overround and averages the fair probabilities, then adds our margin', () => {
    // 1.90/1.90 is 50/50; 1.50/2.60 is 63.4/36.6 once its 5.1 % overround is out: the consensus is 56.7/43.3.
    const p = consensus([[1.9, 1.9], [1.5, 2.6]])
    expect(p[0]).toBeCloseTo((0.5 + (1 / 1.5) / (1 / 1.5 + 1 / 2.6)) / 2, 12)
    expect(p[0]! + p[1]!).toBeCloseTo(1, 12)
    const e = parseEvent({ ...(NFL_EXAMPLE as object), bookmakers: [
      { key: 'a', title: 'A', last_update: '2021-09-09T23:10:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Tampa Bay Buccaneers', price: 1.9 }, { name: 'Dallas Cowboys', price: 1.9 }] }] },
      { key: 'b', title: 'B', last_update: '2021-09-09T23:10:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Tampa Bay Buccaneers', price: 1.5 }, { name: 'Dallas Cowboys', price: 2.6 }] }] },
    ] })
    const [h2h] = marketsOf(e, 'americanFootball', '100000000000001', PRE, BEFORE, LIMITS)
    // 1 / (0.5670 x 1.05) = 1.6797 -> 1.67; 1 / (0.4330 x 1.05) = 2.1996 -> 2.19 (floored to the hundredth, as the simulator prices).
    expect(h2h!.selections.map((s) => s.odds)).toEqual([1670, 2190])
  })

  it('suspends a market whose freshest price is past its limit, and prices from the fresh bookmakers only', () => {
    const e = parseEvent(NFL_EXAMPLE)
    const id = matchIdOf(e.id)
    // Twenty minutes and a second after the prices were seen: past the pre-match limit.
    const seen = Date.parse('2021-09-09T23:10:00Z')
    expect(marketsOf(e, 'americanFootball', id, PRE, seen + 1_200_000, LIMITS).every((m) => m.status === 'open')).toBe(true)
    expect(marketsOf(e, 'americanFootball', id, PRE, seen + 1_201_000, LIMITS).every((m) => m.status === 'suspended')).toBe(true)
    // One bookmaker fresh, one stale: the consensus is the fresh one's alone.
    const mixed = parseEvent({ ...(NFL_EXAMPLE as object), bookmakers: [
      { key: 'a', title: 'A', last_update: '2021-09-09T23:50:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Tampa Bay Buccaneers', price: 1.9 }, { name: 'Dallas Cowboys', price: 1.9 }] }] },
      { key: 'b', title: 'B', last_update: '2021-09-09T20:00:00Z', markets: [{ key: 'h2h', outcomes: [{ name: 'Tampa Bay Buccaneers', price: 1.5 }, { name: 'Dallas Cowboys', price: 2.6 }] }] },
    ] })
    const [h2h] = marketsOf(mixed, 'americanFootball', id, PRE, seen + 60_000, LIMITS)
    expect(h2h).toMatchObject({ status: 'open', selections: [{ odds: priced(0.5) }, { odds: priced(0.5) }] })
    // In play: a price seen before the kick-off is no in-play price, and stale scores suspend everything.
    const live = { live: true, over: false, scoresFresh: true }
    expect(marketsOf(e, 'americanFootball', id, live, KICK_OFF + 30_000, LIMITS).every((m) => m.status === 'suspended')).toBe(true)
    const inPlay = parseEvent({ ...(NFL_EXAMPLE as object), bookmakers: (NFL_EXAMPLE as { bookmakers: object[] }).bookmakers.map((b) => ({ ...b, last_update: '2021-09-10T00:21:00Z', markets: (b as { markets: object[] }).markets.map((m) => ({ ...m, last_update: '2021-09-10T00:21:00Z' })) })) })
    expect(marketsOf(inPlay, 'americanFootball', id, live, KICK_OFF + 90_000, LIMITS).every((m) => m.status === 'open')).toBe(true)
    expect(marketsOf(inPlay, 'americanFootball', id, { ...live, scoresFresh: false }, KICK_OFF + 90_000, LIMITS).every((m) => m.status === 'suspended')).toBe(true)
    expect(marketsOf(inPlay, 'americanFootball', id, { live: false, over: true, scoresFresh: true }, KICK_OFF + 90_000, LIMITS).every((m) => m.status === 'closed')).toBe(true)
  })
})

/** A recorder of the feed's log lines. */
function logRecorder() {
  const lines: { level: string; msg: string; obj: object }[] = []
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj })
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } }
}

describe('The Odds API emulator and the adapter\'s quota and back-off', () => {
  let t: TestApp
  let base: string
  let emulator: OddsApiEmulator
  beforeAll(async () => {
    t = await startTestApp({}, { SPORT_FEED: 'theoddsapi', SPORT_SEED: '7', ODDS_API_SPORTS: 'soccer_brazil_campeonato,basketball_nba' })
    // Brazilian football's hours: matches to list within the emulator's two days.
    await toFootballHours(t)
    const parts = oddsApiOf(t.app)!
    // The app's own poller stops: these tests drive a feed of their own against the emulator.
    await parts.feed.stop()
    emulator = parts.emulator!
    const address = t.app.server.address() as { port: number }
    base = `http://127.0.0.1:${address.port}${ODDS_EMULATOR_PREFIX}`
  })
  afterAll(() => t.close())

  const get = async (path: string, query: Record<string, string>) => {
    const res = await fetch(`${base}${path}?${new URLSearchParams(query)}`)
    return { status: res.status, body: (await res.json()) as unknown, remaining: Number(res.headers.get('x-requests-remaining')), used: Number(res.headers.get('x-requests-used')), last: Number(res.headers.get('x-requests-last')) }
  }
  const feedOf = (settings: Partial<OddsApiSettings> = {}, clock: { at: number } = { at: t.app.deps.now() }) => {
    const rec = logRecorder()
    const feed = new TheOddsApiFeed({ baseUrl: () => base, apiKey: ODDS_EMULATOR_KEY, sports: ['soccer_brazil_campeonato'], regions: ['eu'], refreshMs: { preMatch: 300_000, live: 30_000 }, staleMs: { preMatch: 1_200_000, live: 90_000 }, quotaFloor: 10, margin: 0.05, timeoutMs: 5000, ...settings }, () => clock.at, rec.log)
    return { feed, clock, lines: rec.lines }
  }

  it('answers the documented shapes with the quota headers, costs markets x regions, and refuses a wrong key', async () => {
    emulator.setQuota(1000)
    expect((await get('/v4/sports', { apiKey: 'wrong' })).status).toBe(401)
    expect((await get('/v4/sports', {})).body).toMatchObject({ error_code: 'MISSING_KEY' })
    const sports = await get('/v4/sports', { apiKey: ODDS_EMULATOR_KEY })
    expect(sports).toMatchObject({ status: 200, remaining: 1000, last: 0 })
    expect((sports.body as unknown[]).every((s) => sportSchema.safeParse(s).success)).toBe(true)
    // The API has no horse racing: the emulator lists no key of it (the simulator's races stay out), and no key maps to a race.
    const keys = (sports.body as { key: string }[]).map((s) => s.key)
    expect(keys.map(sportOfKey)).not.toContain('racing')
    expect(keys.every((k) => sportOfKey(k) !== null)).toBe(true)
    expect(sportOfKey('horse_racing')).toBeNull()
    const odds = await get('/v4/sports/soccer_brazil_campeonato/odds', { apiKey: ODDS_EMULATOR_KEY, regions: 'eu,uk', markets: 'h2h,spreads,totals', oddsFormat: 'decimal', dateFormat: 'iso' })
    expect(odds).toMatchObject({ status: 200, remaining: 994, last: 6 })
    const events = odds.body as unknown[]
    expect(events.length).toBeGreaterThan(3)
    expect(events.every((e) => oddsEventSchema.safeParse(e).success)).toBe(true)
    const first = events.map((e) => oddsEventSchema.parse(e)).find((e) => Date.parse(e.commence_time) > t.app.deps.now() + 3_600_000)!
    expect(first.bookmakers.length).toBe(6)
    expect(first.bookmakers[0]!.markets.map((m) => m.key)).toEqual(['h2h', 'spreads', 'totals'])
    expect(first.bookmakers[0]!.markets[0]!.outcomes.map((o) => o.name)).toEqual([first.home_team, 'Draw', first.away_team])
    const scores = await get('/v4/sports/soccer_brazil_campeonato/scores', { apiKey: ODDS_EMULATOR_KEY, daysFrom: '1', dateFormat: 'iso' })
    expect(scores).toMatchObject({ status: 200, remaining: 992, last: 2 })
    expect((scores.body as unknown[]).every((e) => scoreEventSchema.safeParse(e).success)).toBe(true)
    expect((await get('/v4/sports/soccer_brazil_campeonato/scores', { apiKey: ODDS_EMULATOR_KEY })).last).toBe(1)
    expect((await get('/v4/sports/soccer_brazil_campeonato/odds', { apiKey: ODDS_EMULATOR_KEY, markets: 'h2h' })).body).toMatchObject({ error_code: 'MISSING_REGION' })
    expect((await get('/v4/sports/soccer_brazil_campeonato/scores', { apiKey: ODDS_EMULATOR_KEY, daysFrom: '4' })).status).toBe(422)
  })

  it('stops under the quota floor and says so once; resumes when the free sports list shows credits again', async () => {
    // Enough for one odds call (3) and one scores call (2): 14 left, then 9, under the floor of 10.
    emulator.setQuota(14)
    const { feed, clock, lines } = feedOf()
    await feed.tick()
    expect(feed.health()).toMatchObject({ stoppedForQuota: true, quota: { remaining: 9 } })
    const calls = emulator.requests.length
    for (let i = 0; i < 5; i++) {
      clock.at += 60_000
      await feed.tick()
    }
    // Nothing more was asked, not even a free call, until the probe's ten minutes are up.
    expect(emulator.requests.length).toBe(calls)
    expect(lines.filter((l) => /QUOTA_FLOOR/.test(l.msg))).toHaveLength(1)
    emulator.setQuota(5000)
    clock.at += 10 * 60_000
    await feed.tick()
    expect(feed.health().stoppedForQuota).toBe(false)
    expect(emulator.requests.slice(calls).map((r) => r.path)).toEqual(['/v4/sports'])
    clock.at += 300_000
    await feed.tick()
    expect(emulator.requests.slice(calls).some((r) => r.path.endsWith('/odds'))).toBe(true)
  })

  it('backs off exponentially on 429 and 5xx (capped), and goes on at once after a success', async () => {
    emulator.setQuota(100_000)
    const { feed, clock } = feedOf()
    emulator.faults.tooFrequent = 2
    emulator.faults.unavailable = 1
    const seen = () => emulator.requests.length
    const before = seen()
    await feed.tick()
    expect(feed.health()).toMatchObject({ failures: 1, blockedUntil: clock.at + BACKOFF_BASE_MS })
    await feed.tick()
    clock.at += BACKOFF_BASE_MS - 1
    await feed.tick()
    expect(seen()).toBe(before + 1)
    clock.at += 1
    await feed.tick()
    expect(feed.health()).toMatchObject({ failures: 2, blockedUntil: clock.at + 2 * BACKOFF_BASE_MS })
    clock.at += 2 * BACKOFF_BASE_MS
    await feed.tick()
    expect(feed.health()).toMatchObject({ failures: 3, blockedUntil: clock.at + 4 * BACKOFF_BASE_MS })
    expect(seen()).toBe(before + 3)
    clock.at += 4 * BACKOFF_BASE_MS
    await feed.tick()
    expect(feed.health().failures).toBe(0)
    expect(feed.matches(clock.at, clock.at + 86_400_000, 'football').length).toBeGreaterThan(3)
  })

  it('serves the prices from memory, suspends them once stale and says so in the log', async () => {
    emulator.setQuota(100_000)
    emulator.resetFaults()
    // The emulator's clock and the feed's are the app's.
    const clock = { get at() { return t.app.deps.now() } }
    const { feed, lines } = feedOf({}, clock)
    await feed.tick()
    const later = feed.matches(clock.at, clock.at + 86_400_000, 'football').filter((m) => m.startsAt > clock.at + 3 * 3_600_000)
    const id = later[0]!.matchId
    expect(feed.markets(id).filter((m) => m.status === 'open').map((m) => m.type)).toEqual(expect.arrayContaining(['1x2', 'ah', 'ou']))
    // Nothing read since: twenty minutes on, the same prices are stale.
    t.advance(1_200_000 + 60_000)
    expect(feed.markets(id).every((m) => m.status === 'suspended')).toBe(true)
    // The API answering prices an hour old: still suspended after a read, and the log says it once.
    emulator.faults.staleSeconds = 3600
    await feed.tick()
    t.advance(300_000)
    await feed.tick()
    expect(feed.markets(id).every((m) => m.status === 'suspended')).toBe(true)
    expect(lines.filter((l) => /prices are stale/.test(l.msg))).toHaveLength(1)
    emulator.resetFaults()
    t.advance(300_000)
    await feed.tick()
    expect(feed.markets(id).filter((m) => m.status === 'open').map((m) => m.type)).toEqual(expect.arrayContaining(['1x2', 'ah', 'ou']))
    expect(lines.filter((l) => /fresh again/.test(l.msg))).toHaveLength(1)
  })

  it('skips an event that does not validate and keeps the rest', async () => {
    // The adapter takes each event on its own: a bad one is logged and skipped, never a crash.
    const { feed, lines } = feedOf()
    const takeOdds = (feed as unknown as { takeOdds(key: string, body: unknown): void }).takeOdds.bind(feed)
    takeOdds('soccer_brazil_campeonato', [{ ...(NFL_EXAMPLE as object), sport_key: 'soccer_brazil_campeonato' }, { id: 'x' }, 42])
    expect(feed.match(matchIdOf('bda33adca828c09dc3cac3a856aef176'))).toMatchObject({ home: 'Tampa Bay Buccaneers', league: 'NFL' })
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', obj: { sportKey: 'soccer_brazil_campeonato', skipped: 2 } })])
  })
})

describe('SPORT_FEED=theoddsapi end to end through the emulator', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({}, { SPORT_FEED: 'theoddsapi', SPORT_SEED: '11', ODDS_API_SPORTS: 'soccer_brazil_campeonato', SPORT_SETTLE_SECONDS: '1' })
    await toFootballHours(t)
  })
  afterAll(() => t.close())
  // The bets placed and settled through the feed leave the ledger balanced, every account equal to its entries.
  checkLedgerAfterEach(() => t)

  it('lists the feed\'s matches, takes a 1X2, a handicap and a total bet, and settles them on the final score', async () => {
    const parts = oddsApiOf(t.app)!
    expect((await call<{ sport: string }>(t, appInfo, {})).body.data.sport).toBe('theoddsapi')
    await waitFor(async () => (await call<unknown[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })).body.data.length > 0, 15_000)
    const list = (await call<{ matchId: string; startsAt: number; country: string; main: { type: string } | null }[]>(t, sport.sportMatches, { query: { sport: 'football', state: 'upcoming' } })).body.data
    expect(list[0]).toMatchObject({ country: 'BR', main: { type: '1x2' } })
    // The soonest match whose three markets are open.
    type Detail = { match: { matchId: string; home: string; away: string; startsAt: number }; markets: { type: MarketType; line: number; period: number; status: string; selections: { selectionId: string; name: SelectionName; odds: number }[] }[] }
    let detail: Detail | null = null
    for (const row of list) {
      const d = (await call<Detail>(t, sport.sportMatch, { params: { matchId: row.matchId } })).body.data
      if (['1x2', 'ah', 'ou'].every((type) => d.markets.some((m) => m.type === type && m.status === 'open'))) {
        detail = d
        break
      }
    }
    expect(detail).not.toBeNull()
    const d = detail!
    expect(d.markets.every((m) => m.period === 1 && ['1x2', 'ah', 'ou'].includes(m.type))).toBe(true)
    const p = await newPlayer(t)
    await fundCash(t, p.userId, centavosOf(100))
    const picks = (['1x2', 'ah', 'ou'] as const).map((type) => {
      const m = d.markets.find((x) => x.type === type && x.status === 'open')!
      return { market: m, sel: m.selections[0]! }
    })
    const betIds: string[] = []
    for (const { sel } of picks) {
      const r = await callKeyed<{ betId: string }>(t, sport.sportBet, { token: p.token, body: { type: 'single', amount: '10.00', selections: [{ selectionId: sel.selectionId, odds: sel.odds }], acceptOdds: 'none' } })
      expect(r.body.status, JSON.stringify(r.body)).toBe(200)
      betIds.push(r.body.data.betId)
    }
    // The match is played out (the simulator behind the emulator), the scores read, the bets settled.
    t.advance(d.match.startsAt - t.app.deps.now() + 3 * 3_600_000)
    await parts.feed.tick()
    const outcome = parts.feed.outcome(d.match.matchId)
    expect(outcome).toMatchObject({ status: 'finished' })
    // The emulator's final score, read as the API answers it.
    const address = t.app.server.address() as { port: number }
    const res = await fetch(`http://127.0.0.1:${address.port}${ODDS_EMULATOR_PREFIX}/v4/sports/soccer_brazil_campeonato/scores?apiKey=${ODDS_EMULATOR_KEY}&daysFrom=1`)
    const entry = ((await res.json()) as { id: string; completed: boolean; scores: { name: string; score: string }[] }[]).find((s) => matchIdOf(s.id) === d.match.matchId)!
    expect(entry.completed).toBe(true)
    const final = { home: Number(entry.scores.find((s) => s.name === d.match.home)!.score), away: Number(entry.scores.find((s) => s.name === d.match.away)!.score) }
    expect(outcome).toMatchObject({ fullTime: final })
    await waitFor(async () => (await call<unknown[]>(t, sport.sportBets, { token: p.token, query: { state: 'settled' } })).body.data.length === 3, 10_000)
    const settled = (await call<{ betId: string; payout: number; legs: { result: number; odds: number }[] }[]>(t, sport.sportBets, { token: p.token, query: { state: 'settled' } })).body.data
    for (const [i, { market, sel }] of picks.entries()) {
      const bet = settled.find((b) => b.betId === betIds[i])!
      const result = settleLeg({ type: market.type, period: 1, line: market.line }, sel.name, { status: 'finished', fullTime: final, halfTime: final, corners: { home: 0, away: 0 } })
      expect(bet.legs[0]!.result, market.type).toBe(result)
      expect(Math.round(bet.payout * 100), market.type).toBe(Number(betReturn(1000n, [{ result: result as LegResult, odds: Math.round(sel.odds * 1000) }])))
    }
  })

  it('has no emulator when ODDS_API_URL names another API', async () => {
    const other = await startTestApp({}, { SPORT_FEED: 'theoddsapi', ODDS_API_URL: 'http://127.0.0.1:9', ODDS_API_KEY: 'k' })
    try {
      expect(oddsApiOf(other.app)!.emulator).toBeNull()
      const address = other.app.server.address() as { port: number }
      const res = await fetch(`http://127.0.0.1:${address.port}${ODDS_EMULATOR_PREFIX}/v4/sports?apiKey=k`)
      expect(res.status).toBe(404)
      expect(await res.json()).not.toHaveProperty('error_code')
    } finally {
      await other.close()
    }
  })
})
