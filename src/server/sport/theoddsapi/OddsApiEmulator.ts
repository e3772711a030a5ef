import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { MATCH_TIME, SUB_PERIOD } from '../../../shared/codes'
import type { FeedMarket, FeedMatch, OddsFeed } from '../OddsFeed'
import { leagueOf } from '../simulator/names'
import { SPORTS, type SportId } from '../sports'
import { errorBody, FEATURED_MARKETS, REGIONS, type FeaturedMarket, type OddsApiEvent, type OddsApiScore, type OddsApiSport } from './wire'

/** Where the emulator's API lives on this server (SPORT_FEED=theoddsapi without ODDS_API_URL points the adapter here). */
export const ODDS_EMULATOR_PREFIX = '/odds-api-emulator'

/**
 * The leagues the emulator serves, as The Odds API names them, each holding the simulator's matches
 * of its sport (by league name where one matches, else the sport's first key). Snooker, volleyball,
 * badminton, table tennis and horse racing have no featured markets there, so none here either.
 */
const CATALOGUE: readonly (Omit<OddsApiSport, 'active' | 'has_outrights'> & { sport: SportId; leagues: readonly string[] })[] = [
  { key: 'soccer_brazil_campeonato', group: 'Soccer', title: 'Brazil Série A', description: 'Brasileirão Série A', sport: 'football', leagues: ['Brasileirão Série A'] },
  { key: 'soccer_brazil_serie_b', group: 'Soccer', title: 'Brazil Série B', description: 'Brasileirão Série B', sport: 'football', leagues: ['Brasileirão Série B'] },
  { key: 'soccer_epl', group: 'Soccer', title: 'EPL', description: 'English Premier League', sport: 'football', leagues: ['Liga Inglesa'] },
  { key: 'soccer_spain_la_liga', group: 'Soccer', title: 'La Liga - Spain', description: 'Spanish Soccer', sport: 'football', leagues: ['Liga Espanhola'] },
  { key: 'soccer_usa_mls', group: 'Soccer', title: 'MLS', description: 'Major League Soccer', sport: 'football', leagues: ['Liga Norte-Americana de Futebol'] },
  { key: 'basketball_nba', group: 'Basketball', title: 'NBA', description: 'US Basketball', sport: 'basketball', leagues: ['Liga Norte-Americana de Basquete', 'Liga Brasileira de Basquete'] },
  { key: 'tennis_atp_rio_open', group: 'Tennis', title: 'ATP Rio Open', description: "Men's Singles", sport: 'tennis', leagues: ['Aberto do Rio'] },
  { key: 'tennis_wta_sao_paulo', group: 'Tennis', title: 'WTA São Paulo', description: "Women's Singles", sport: 'tennis', leagues: ['Aberto Feminino de São Paulo'] },
  { key: 'boxing_boxing', group: 'Boxing', title: 'Boxing', description: 'Boxing Bouts', sport: 'boxing', leagues: [] },
  { key: 'baseball_mlb', group: 'Baseball', title: 'MLB', description: 'Major League Baseball', sport: 'baseball', leagues: [] },
  { key: 'americanfootball_nfl', group: 'American Football', title: 'NFL', description: 'US Football', sport: 'americanFootball', leagues: [] },
  { key: 'cricket_international_t20', group: 'Cricket', title: 'International Twenty20', description: 'International Twenty20', sport: 'cricket', leagues: [] },
]

/** Synthetic bookmakers by region, each with its own overround and how late its prices lag (seconds). */
const BOOKMAKERS: Record<(typeof REGIONS)[number], readonly { key: string; title: string; overround: number; lag: number }[]> = {
  eu: [
    { key: 'apostaforte', title: 'Aposta Forte', overround: 0.045, lag: 4 },
    { key: 'bancanorte', title: 'Banca Norte', overround: 0.06, lag: 9 },
    { key: 'sulbet', title: 'SulBet', overround: 0.035, lag: 2 },
    { key: 'oceanobet', title: 'Oceano Bet', overround: 0.07, lag: 15 },
  ],
  uk: [
    { key: 'kingsodds', title: 'Kings Odds', overround: 0.05, lag: 6 },
    { key: 'thamesbet', title: 'Thames Bet', overround: 0.065, lag: 11 },
  ],
  us: [
    { key: 'libertybook', title: 'Liberty Book', overround: 0.048, lag: 5 },
    { key: 'eaglelines', title: 'Eagle Lines', overround: 0.055, lag: 8 },
  ],
  us2: [{ key: 'prairiebets', title: 'Prairie Bets', overround: 0.06, lag: 12 }],
  au: [{ key: 'wallabybet', title: 'Wallaby Bet', overround: 0.07, lag: 10 }],
}

/** Switches tests turn to make the API misbehave. */
export interface OddsEmulatorFaults {
  /** The next this-many calls answer 429 EXCEEDED_FREQ_LIMIT. */
  tooFrequent: number
  /** The next this-many calls answer 500. */
  unavailable: number
  /** Every price's last_update (and a live score's) lies this many seconds in the past. */
  staleSeconds: number
}
const DEFAULT_FAULTS: OddsEmulatorFaults = { tooFrequent: 0, unavailable: 0, staleSeconds: 0 }

/** The credits a fresh emulator holds (its quota never resets by itself: setQuota does). */
const DEFAULT_QUOTA = 20_000_000
/** How far ahead the odds endpoint lists matches. */
const HORIZON_MS = 2 * 24 * 3_600_000
const DAY = 24 * 3_600_000

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
/** A number in [0, 1) from a text, the same every time (the bookmakers' noise). */
const unit = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32
const round2 = (x: number) => Math.max(1.01, Math.round(x * 100) / 100)

/**
 * The Odds API v4 on this server, in demo mode (SPORT_FEED=theoddsapi with no ODDS_API_URL): its
 * sports list, odds, scores and events endpoints with their JSON shapes, errors and quota headers,
 * fed by the simulator (its matches of the sports the API has become events; synthetic bookmakers
 * price them from the simulator's fair prices with their own overround and a small deterministic
 * noise), so the real adapter runs end to end in demo mode and the tests. Never in production.
 */
export class OddsApiEmulator {
  readonly faults: OddsEmulatorFaults = { ...DEFAULT_FAULTS }
  /** Every call it answered: its path and cost (tests count them). */
  readonly requests: { path: string; at: number; status: number; cost: number }[] = []
  private remaining = DEFAULT_QUOTA
  private used = 0

  /** `sim`: the simulator with no margin (its prices are the fair ones). */
  constructor(
    private readonly o: { sim: OddsFeed; now: () => number; apiKey: string; timeScale: number },
  ) {}

  resetFaults(): void {
    Object.assign(this.faults, DEFAULT_FAULTS)
  }

  setQuota(remaining: number): void {
    this.remaining = remaining
  }

  /** The event id of a simulated match: 32 hex digits, as the API's. */
  static eventIdOf(simMatchId: string): string {
    return createHash('sha256').update(`odds-emulator|${simMatchId}`).digest('hex').slice(0, 32)
  }

  private keyOf(m: FeedMatch): string | null {
    const mine = CATALOGUE.filter((c) => c.sport === m.sport)
    return (mine.find((c) => c.leagues.includes(m.league)) ?? mine[0])?.key ?? null
  }

  /** The simulator's matches of a key kicking off in [from, to) or in play at `from`. */
  private matchesOf(key: string, from: number, to: number): FeedMatch[] {
    const entry = CATALOGUE.find((c) => c.key === key)
    if (!entry) return []
    return this.o.sim.matches(from, to, entry.sport).filter((m) => this.keyOf(m) === key)
  }

  private head(key: string, m: FeedMatch) {
    const title = CATALOGUE.find((c) => c.key === key)?.title ?? key
    return { id: OddsApiEmulator.eventIdOf(m.matchId), sport_key: key, sport_title: title, commence_time: iso(m.startsAt), home_team: m.home, away_team: m.away }
  }

  /** When a match's last price was seen: now, less the bookmaker's lag and the stale fault. */
  private seenAt(lag: number): number {
    const now = this.o.now()
    return Math.floor(now / 1000) * 1000 - lag * 1000 - this.faults.staleSeconds * 1000
  }

  /** One bookmaker's outcomes from a market's fair prices: its own overround, noise of up to 2 % on each probability. */
  private quote(book: { key: string; overround: number }, salt: string, fair: number[]): number[] {
    const p = fair.map((o) => 1 / o)
    const total = p.reduce((a, b) => a + b, 0)
    const noisy = p.map((x, i) => (x / total) * (1 + (unit(`${book.key}|${salt}|${i}`) - 0.5) * 0.04))
    const sum = noisy.reduce((a, b) => a + b, 0)
    return noisy.map((x) => round2(1 / ((x / sum) * (1 + book.overround))))
  }

  /** A line market's line closest to even money (and its neighbour, which one bookmaker in two offers instead). */
  private static balanced(markets: FeedMarket[], shift: number): FeedMarket | null {
    const sorted = [...markets].sort((a, b) => a.line - b.line)
    const score = (m: FeedMarket) => Math.abs(1000 / (m.selections[0]?.odds ?? 1) - 1000 / (m.selections[1]?.odds ?? 1))
    const best = sorted.reduce<FeedMarket | null>((a, m) => (a === null || score(m) < score(a) ? m : a), null)
    if (!best) return null
    return sorted[sorted.indexOf(best) + shift] ?? best
  }

  private event(key: string, m: FeedMatch, regions: string[], markets: FeaturedMarket[]): OddsApiEvent {
    const open = this.o.sim.markets(m.matchId).filter((x) => x.period === SUB_PERIOD.FULL_GAME && x.status === 'open')
    const h2h = open.find((x) => x.type === '1x2' || x.type === 'winner')
    const ah = open.filter((x) => x.type === 'ah')
    const ou = open.filter((x) => x.type === 'ou')
    const live = m.matchTime > 0
    const step = live ? 10_000 : 60_000
    const salt = `${m.matchId}|${Math.floor(this.o.now() / step)}`
    const bookmakers = regions.flatMap((r) => BOOKMAKERS[r as (typeof REGIONS)[number]]).map((book, b) => {
      const at = iso(this.seenAt(book.lag))
      const out: OddsApiEvent['bookmakers'][number]['markets'] = []
      if (markets.includes('h2h') && h2h) {
        const q = this.quote(book, `${salt}|h2h`, h2h.selections.map((s) => s.odds / 1000))
        const names = h2h.selections.map((s) => (s.name === 'home' ? m.home : s.name === 'away' ? m.away : 'Draw'))
        out.push({ key: 'h2h', last_update: at, outcomes: names.map((name, i) => ({ name, price: q[i] ?? 1.01 })) })
      }
      const spread = markets.includes('spreads') ? OddsApiEmulator.balanced(ah, b % 2) : null
      if (spread) {
        const [home = 1.01, away = 1.01] = this.quote(book, `${salt}|spreads|${spread.line}`, spread.selections.map((s) => s.odds / 1000))
        out.push({ key: 'spreads', last_update: at, outcomes: [{ name: m.home, price: home, point: spread.line }, { name: m.away, price: away, point: -spread.line }] })
      }
      const total = markets.includes('totals') ? OddsApiEmulator.balanced(ou, b % 2) : null
      if (total) {
        const [over = 1.01, under = 1.01] = this.quote(book, `${salt}|totals|${total.line}`, total.selections.map((s) => s.odds / 1000))
        out.push({ key: 'totals', last_update: at, outcomes: [{ name: 'Over', price: over, point: total.line }, { name: 'Under', price: under, point: total.line }] })
      }
      return { key: book.key, title: book.title, last_update: at, markets: out }
    })
    return { ...this.head(key, m), bookmakers: bookmakers.filter((b) => b.markets.length) }
  }

  private finishedAt(m: FeedMatch): number {
    const sport = SPORTS.find((s) => s.id === m.sport)
    // The league's clock where it has its own (basketball's quarters), else the sport's.
    const play = leagueOf(m.sport, m.league)?.playMinutes ?? sport?.playMinutes ?? 0
    return m.startsAt + ((play + (sport?.breakMinutes ?? 0)) * 60_000) / this.o.timeScale
  }

  private score(key: string, m: FeedMatch): OddsApiScore {
    const now = this.o.now()
    const completed = m.matchTime === MATCH_TIME.FINISHED
    const started = m.matchTime > 0 || completed
    const scores = started ? [{ name: m.home, score: String(m.score.home) }, { name: m.away, score: String(m.score.away) }] : null
    const lastUpdate = completed ? Math.min(now, this.finishedAt(m)) : started ? this.seenAt(0) : null
    return { ...this.head(key, m), completed, scores, last_update: lastUpdate === null ? null : iso(lastUpdate) }
  }

  routes(app: FastifyInstance): void {
    const P = `${ODDS_EMULATOR_PREFIX}/v4`
    app.get(`${P}/sports`, async (req, reply) => {
      if (!this.admit(req.query, reply, `/v4/sports`, 0)) return reply
      return CATALOGUE.map(({ key, group, title, description }): OddsApiSport => ({ key, group, title, description, active: true, has_outrights: false }))
    })

    app.get(`${P}/sports/:sport/odds`, async (req, reply) => {
      const { sport } = req.params as { sport: string }
      const q = req.query as Record<string, unknown>
      const regions = typeof q.regions === 'string' ? [...new Set(q.regions.split(',').map((x) => x.trim()).filter(Boolean))] : []
      const markets = [...new Set((typeof q.markets === 'string' ? q.markets : 'h2h').split(',').map((x) => x.trim()).filter(Boolean))]
      const bad = this.checkKey(q.apiKey)
      if (bad) return this.fail(reply, `/v4/sports/${sport}/odds`, 401, bad)
      if (!regions.length) return this.fail(reply, `/v4/sports/${sport}/odds`, 422, ['MISSING_REGION', 'Missing regions or bookmakers key'])
      if (regions.some((r) => !(REGIONS as readonly string[]).includes(r))) return this.fail(reply, `/v4/sports/${sport}/odds`, 422, ['INVALID_REGION', 'Invalid regions parameter'])
      if (markets.some((m) => !(FEATURED_MARKETS as readonly string[]).includes(m))) return this.fail(reply, `/v4/sports/${sport}/odds`, 422, ['INVALID_MARKET', 'Markets not supported by this endpoint'])
      if (q.oddsFormat !== undefined && q.oddsFormat !== 'decimal' && q.oddsFormat !== 'american') return this.fail(reply, `/v4/sports/${sport}/odds`, 422, ['INVALID_ODDS_FORMAT', 'Invalid oddsFormat'])
      if (q.dateFormat !== undefined && q.dateFormat !== 'iso') return this.fail(reply, `/v4/sports/${sport}/odds`, 422, ['INVALID_DATE_FORMAT', 'This emulator answers dateFormat=iso only'])
      const events = this.events(sport, q)
      if (events === null) return this.fail(reply, `/v4/sports/${sport}/odds`, 404, ['UNKNOWN_SPORT', 'Unknown sport'])
      // Completed, cancelled and postponed matches are not listed.
      const listed = events.filter((m) => m.matchTime >= 0)
      // The documented cost: markets x regions; an answer with no event costs nothing.
      const cost = listed.length ? markets.length * regions.length : 0
      if (!this.admit(q, reply, `/v4/sports/${sport}/odds`, cost)) return reply
      const body = listed.map((m) => this.event(sport, m, regions, markets as FeaturedMarket[]))
      if (q.oddsFormat === 'american') for (const e of body) for (const b of e.bookmakers) for (const mk of b.markets) for (const o of mk.outcomes) o.price = o.price >= 2 ? Math.round((o.price - 1) * 100) : Math.round(-100 / (o.price - 1))
      return body
    })

    app.get(`${P}/sports/:sport/scores`, async (req, reply) => {
      const { sport } = req.params as { sport: string }
      const q = req.query as Record<string, unknown>
      const bad = this.checkKey(q.apiKey)
      if (bad) return this.fail(reply, `/v4/sports/${sport}/scores`, 401, bad)
      const days = q.daysFrom === undefined ? 0 : Number(q.daysFrom)
      if (q.daysFrom !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 3)) return this.fail(reply, `/v4/sports/${sport}/scores`, 422, ['INVALID_SCORES_DAYS_FROM', 'daysFrom must be a whole number from 1 to 3'])
      if (!CATALOGUE.some((c) => c.key === sport)) return this.fail(reply, `/v4/sports/${sport}/scores`, 404, ['UNKNOWN_SPORT', 'Unknown sport'])
      const now = this.o.now()
      // Upcoming (a day ahead) and live games; with daysFrom, those completed in the last days too.
      const found = this.matchesOf(sport, now - (days || 0.5) * DAY, now + DAY).filter((m) => m.matchTime !== MATCH_TIME.FINISHED || (days > 0 && this.finishedAt(m) >= now - days * DAY))
      const eventIds = typeof q.eventIds === 'string' ? new Set(q.eventIds.split(',')) : null
      if (!this.admit(q, reply, `/v4/sports/${sport}/scores`, days ? 2 : 1)) return reply
      return found.filter((m) => !eventIds || eventIds.has(OddsApiEmulator.eventIdOf(m.matchId))).map((m) => this.score(sport, m))
    })

    app.get(`${P}/sports/:sport/events`, async (req, reply) => {
      const { sport } = req.params as { sport: string }
      const q = req.query as Record<string, unknown>
      const bad = this.checkKey(q.apiKey)
      if (bad) return this.fail(reply, `/v4/sports/${sport}/events`, 401, bad)
      const events = this.events(sport, q)
      if (events === null) return this.fail(reply, `/v4/sports/${sport}/events`, 404, ['UNKNOWN_SPORT', 'Unknown sport'])
      if (!this.admit(q, reply, `/v4/sports/${sport}/events`, 0)) return reply
      return events.filter((m) => m.matchTime >= 0).map((m) => this.head(sport, m))
    })

    // Anything else under the prefix: the API's 404.
    app.get(`${ODDS_EMULATOR_PREFIX}/*`, async (_req, reply) => reply.code(404).send(errorBody('NOT_FOUND', 'Not found')))
  }

  /** The events of a key the odds and events endpoints list (eventIds, commenceTimeFrom/To applied), or null for an unknown key. */
  private events(key: string, q: Record<string, unknown>): FeedMatch[] | null {
    if (!CATALOGUE.some((c) => c.key === key)) return null
    const now = this.o.now()
    const from = typeof q.commenceTimeFrom === 'string' && Number.isFinite(Date.parse(q.commenceTimeFrom)) ? Date.parse(q.commenceTimeFrom) : -Infinity
    const to = typeof q.commenceTimeTo === 'string' && Number.isFinite(Date.parse(q.commenceTimeTo)) ? Date.parse(q.commenceTimeTo) : Infinity
    const eventIds = typeof q.eventIds === 'string' ? new Set(q.eventIds.split(',')) : null
    return this.matchesOf(key, now, now + HORIZON_MS).filter((m) => m.startsAt >= from && m.startsAt <= to && (!eventIds || eventIds.has(OddsApiEmulator.eventIdOf(m.matchId))))
  }

  /** Why an apiKey is refused (the API's 401 codes), or null. */
  private checkKey(given: unknown): [string, string] | null {
    if (typeof given !== 'string' || given === '') return ['MISSING_KEY', 'API key is missing']
    const a = Buffer.from(given)
    const b = Buffer.from(this.o.apiKey)
    return a.length === b.length && timingSafeEqual(a, b) ? null : ['INVALID_KEY', 'API key is not valid']
  }

  private headers(reply: FastifyReply, cost: number): void {
    reply.header('x-requests-remaining', String(Math.max(0, this.remaining))).header('x-requests-used', String(this.used)).header('x-requests-last', String(cost))
  }

  private fail(reply: FastifyReply, path: string, status: number, [code, message]: [string, string]) {
    this.requests.push({ path, at: this.o.now(), status, cost: 0 })
    this.headers(reply, 0)
    return reply.code(status).send(errorBody(code, message))
  }

  /** The key, the faults and the quota, then the cost counted: false when the call was answered with an error. */
  private admit(q: unknown, reply: FastifyReply, path: string, cost: number): boolean {
    const bad = this.checkKey((q as { apiKey?: unknown } | null)?.apiKey)
    if (bad) return void this.fail(reply, path, 401, bad), false
    if (this.faults.tooFrequent > 0) {
      this.faults.tooFrequent--
      return void this.fail(reply, path, 429, ['EXCEEDED_FREQ_LIMIT', 'Requests are being sent too frequently. Space out requests over several seconds.']), false
    }
    if (this.faults.unavailable > 0) {
      this.faults.unavailable--
      return void this.fail(reply, path, 500, ['INTERNAL_ERROR', 'Internal server error']), false
    }
    if (cost > 0 && this.remaining < cost) return void this.fail(reply, path, 401, ['OUT_OF_USAGE_CREDITS', 'Usage quota has been reached. See usage plans at https://the-odds-api.com']), false
    this.remaining -= cost
    this.used += cost
    this.requests.push({ path, at: this.o.now(), status: 200, cost })
    this.headers(reply, cost)
    return true
  }
}
