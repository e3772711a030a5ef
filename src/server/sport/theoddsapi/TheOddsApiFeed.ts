import type { MatchOutcome } from '../../../shared/sport/settle'
import type { FeedMarket, FeedMatch, OddsFeed } from '../OddsFeed'
import type { SportId } from '../sports'
import { OddsApiClient, OddsApiError } from './OddsApiClient'
import { countryOfKey, freshestPrice, marketsOf, matchIdOf, matchTimeOf, outcomeOf, scoreOf, sportOfKey, FEED_MARKETS, type PriceLimits } from './mapping'
import { oddsEventSchema, scoreEventSchema, sportSchema, type OddsApiEvent, type OddsApiScore, type Quota } from './wire'

export interface OddsApiSettings {
  baseUrl: () => string
  apiKey: string
  /** Sport keys to follow; a key ending in `*` takes every active key that starts with the rest (tennis_atp_*). */
  sports: readonly string[]
  regions: readonly string[]
  /** How often each sport key's prices are read (ms): before its matches start, and while one of them is in play. */
  refreshMs: { preMatch: number; live: number }
  staleMs: { preMatch: number; live: number }
  /** Polling stops while x-requests-remaining is under this. */
  quotaFloor: number
  margin: number
  timeoutMs: number
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** The first wait after a failed call (429, 5xx, no answer), doubled at each further failure up to the cap. */
export const BACKOFF_BASE_MS = 2000
export const BACKOFF_CAP_MS = 5 * 60_000
/** How often the free sports list is read: which keys are in season (and, past the quota floor, whether credits came back). */
const CATALOGUE_MS = 60 * 60_000
const QUOTA_PROBE_MS = 10 * 60_000
/** Events are kept this long after their kick-off (the scores endpoint's daysFrom reaches 3 days back). */
const KEEP_MS = 3 * 24 * 3_600_000
const DAY = 24 * 3_600_000

interface Known {
  matchId: string
  sportKey: string
  sport: SportId
  event: OddsApiEvent
  startsAt: number
  score: OddsApiScore | undefined
  /** Markets a bookmaker quoted before and no longer does (as after a goal): shown suspended at their last prices, never open. */
  withdrawn: Map<string, FeedMarket>
}

interface KeyState {
  nextOddsAt: number
  nextScoresAt: number
  /** Last successful scores read of this key (ms), null before one. */
  scoresAt: number | null
  scoresDays: number
  staleLogged: boolean
}

/** What the feed reports of its health (the tests and the log read it). */
export interface OddsApiHealth {
  quota: Quota
  failures: number
  blockedUntil: number
  stoppedForQuota: boolean
  keys: string[]
  calls: number
}

/**
 * An OddsFeed on The Odds API v4. The feed's reads are synchronous, so it polls in the background
 * (`tick`, every second once started; a sport key's prices every refresh interval, its scores while
 * a match of it is in play or awaits its result) and answers from memory. It respects the quota
 * (stops under ODDS_API_QUOTA_FLOOR and says so once; resumes when the free sports list shows credits
 * again), backs off exponentially on 429, 5xx and timeouts, skips and logs what does not validate,
 * and says in the log when a key's prices go stale (its markets are suspended meanwhile).
 */
export class TheOddsApiFeed implements OddsFeed {
  private readonly client: OddsApiClient
  private readonly byId = new Map<string, Known>()
  private readonly keys = new Map<string, KeyState>()
  private active: string[] | null = null
  private catalogueAt = -Infinity
  private quota: Quota = { remaining: null, used: null, last: null }
  private stoppedForQuota = false
  private probeAt = 0
  private failures = 0
  private blockedUntil = 0
  private calls = 0
  private timer: ReturnType<typeof setInterval> | null = null
  private running: Promise<void> | null = null
  private readonly limits: PriceLimits

  constructor(
    private readonly s: OddsApiSettings,
    private readonly clock: () => number,
    private readonly log: Log,
  ) {
    this.client = new OddsApiClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeoutMs: s.timeoutMs })
    this.limits = { margin: s.margin, staleMs: s.staleMs }
  }

  now(): number {
    return this.clock()
  }

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => void this.tick(), 1000)
    this.timer.unref?.()
    void this.tick()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  health(): OddsApiHealth {
    return { quota: { ...this.quota }, failures: this.failures, blockedUntil: this.blockedUntil, stoppedForQuota: this.stoppedForQuota, keys: [...(this.active ?? [])], calls: this.calls }
  }

  /** One pass of the poller: whatever is due is read (a pass already running is awaited instead). */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null))
    return this.running
  }

  private async pass(): Promise<void> {
    const now = this.now()
    if (now < this.blockedUntil) return
    try {
      if (this.stoppedForQuota) {
        if (now >= this.probeAt) await this.readCatalogue(now)
        return
      }
      if (this.active === null || now - this.catalogueAt >= CATALOGUE_MS) await this.readCatalogue(now)
      for (const key of this.active ?? []) {
        if (this.stoppedForQuota || this.now() < this.blockedUntil) return
        await this.pollKey(key, this.now())
      }
      this.forget(this.now())
      this.failures = 0
    } catch (err) {
      this.failed(err)
    }
  }

  /** The free sports list: which configured keys are in season now (and the quota, at no cost). */
  private async readCatalogue(now: number): Promise<void> {
    const exact = this.s.sports.filter((k) => !k.endsWith('*'))
    let list: string[] = exact
    try {
      const { body } = await this.call('/v4/sports', {})
      const sports = Array.isArray(body) ? body.flatMap((x) => { const p = sportSchema.safeParse(x); return p.success ? [p.data] : [] }) : []
      const activeKeys = sports.filter((x) => x.active).map((x) => x.key)
      list = activeKeys.filter((k) => this.s.sports.some((want) => (want.endsWith('*') ? k.startsWith(want.slice(0, -1)) : k === want)))
    } catch (err) {
      // Without the list, the exact keys configured are read as they are.
      if (err instanceof OddsApiError && (err.transient || err.status === 401)) throw err
      this.log.warn({ err: String(err) }, 'The Odds API: the sports list could not be read; following the configured keys')
    }
    const ours = list.filter((k) => sportOfKey(k) !== null)
    for (const k of list.filter((k) => sportOfKey(k) === null)) this.log.warn({ sportKey: k }, 'The Odds API: a sport key of none of our sports is ignored')
    this.active = ours
    this.catalogueAt = now
    if (this.stoppedForQuota) this.probeAt = now + QUOTA_PROBE_MS
  }

  private state(key: string): KeyState {
    let k = this.keys.get(key)
    if (!k) this.keys.set(key, (k = { nextOddsAt: 0, nextScoresAt: 0, scoresAt: null, scoresDays: 3, staleLogged: false }))
    return k
  }

  private async pollKey(key: string, now: number): Promise<void> {
    const st = this.state(key)
    const mine = [...this.byId.values()].filter((k) => k.sportKey === key)
    const inPlay = mine.some((k) => matchTimeOf(k.startsAt, k.score, now) > 0)
    if (now >= st.nextOddsAt) {
      const query = { regions: this.s.regions.join(','), markets: FEED_MARKETS.join(','), oddsFormat: 'decimal', dateFormat: 'iso', commenceTimeTo: new Date(now + 7 * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z') }
      try {
        const { body } = await this.call(`/v4/sports/${key}/odds`, query)
        this.takeOdds(key, body)
      } catch (err) {
        // A key the API does not know (any more) is left until the next sports list.
        if (err instanceof OddsApiError && (err.status === 404 || err.status === 422)) {
          this.log.error({ sportKey: key, err: err.message }, 'The Odds API refused the odds request of a sport key')
          st.nextOddsAt = now + this.s.refreshMs.preMatch
          return
        }
        throw err
      }
      const next = [...this.byId.values()].filter((k) => k.sportKey === key && k.startsAt > now).reduce((a, k) => Math.min(a, k.startsAt), Infinity)
      // In play: the live interval; before: the pre-match one, or just after the next kick-off (in-play prices from its start).
      st.nextOddsAt = inPlay ? now + this.s.refreshMs.live : Math.min(now + this.s.refreshMs.preMatch, next + 5000)
    }
    const awaiting = [...this.byId.values()].some((k) => k.sportKey === key && k.startsAt <= now && !k.score?.completed && matchTimeOf(k.startsAt, k.score, now) > 0)
    // Scores: once at the start for the last three days (results missed while down), then while a match is in play or awaits its result.
    if (now >= st.nextScoresAt && (st.scoresAt === null || awaiting)) {
      const { body } = await this.call(`/v4/sports/${key}/scores`, { daysFrom: String(st.scoresDays), dateFormat: 'iso' })
      this.takeScores(key, body, now)
      st.scoresAt = now
      st.scoresDays = 1
      st.nextScoresAt = now + this.s.refreshMs.live
    }
    this.checkStale(key, st, now)
  }

  private async call(path: string, query: Record<string, string>) {
    this.calls++
    try {
      const r = await this.client.get(path, query)
      this.noteQuota(r.quota)
      return r
    } catch (err) {
      if (err instanceof OddsApiError) {
        if (err.quota) this.noteQuota(err.quota)
        if (err.outOfCredits) this.stopForQuota(0)
      }
      throw err
    }
  }

  private noteQuota(q: Quota): void {
    if (q.remaining === null) return
    this.quota = q
    if (q.remaining < this.s.quotaFloor) this.stopForQuota(q.remaining)
    else if (this.stoppedForQuota) {
      this.stoppedForQuota = false
      this.log.info({ remaining: q.remaining, floor: this.s.quotaFloor }, 'The Odds API: credits are back above the floor; polling again')
    }
  }

  private stopForQuota(remaining: number): void {
    if (this.stoppedForQuota) return
    this.stoppedForQuota = true
    this.probeAt = this.now() + QUOTA_PROBE_MS
    this.log.error({ remaining, floor: this.s.quotaFloor }, 'The Odds API: x-requests-remaining is under ODDS_API_QUOTA_FLOOR; polling stops (prices go stale and their markets are suspended) until credits come back')
  }

  private failed(err: unknown): void {
    if (err instanceof OddsApiError && err.outOfCredits) return
    this.failures++
    const wait = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (this.failures - 1))
    this.blockedUntil = this.now() + wait
    const status = err instanceof OddsApiError ? err.status : null
    this.log.warn({ status, failures: this.failures, waitMs: wait, err: err instanceof Error ? err.message : String(err) }, 'The Odds API call failed; waiting before the next one')
  }

  private takeOdds(key: string, body: unknown): void {
    if (!Array.isArray(body)) {
      this.log.warn({ sportKey: key }, 'The Odds API: an odds answer that is not a list was skipped')
      return
    }
    let bad = 0
    const listed = new Set<string>()
    for (const raw of body) {
      const p = oddsEventSchema.safeParse(raw)
      if (!p.success || p.data.sport_key !== key) {
        bad++
        continue
      }
      listed.add(this.remember(key, p.data, undefined))
    }
    if (bad) this.log.warn({ sportKey: key, skipped: bad }, 'The Odds API: events that do not validate were skipped')
    // An upcoming event the API no longer lists (postponed, withdrawn) is dropped; one in play stays, its prices ageing.
    const now = this.now()
    for (const [id, k] of this.byId) if (k.sportKey === key && k.startsAt > now && !listed.has(id)) this.byId.delete(id)
  }

  private takeScores(key: string, body: unknown, now: number): void {
    if (!Array.isArray(body)) {
      this.log.warn({ sportKey: key }, 'The Odds API: a scores answer that is not a list was skipped')
      return
    }
    let bad = 0
    for (const raw of body) {
      const p = scoreEventSchema.safeParse(raw)
      if (!p.success || p.data.sport_key !== key) {
        bad++
        continue
      }
      const s = p.data
      if (s.completed && !scoreOf(s)) this.log.warn({ sportKey: key, eventId: s.id }, 'The Odds API: a completed event without a score the book can read; its bets wait for a person')
      this.remember(key, null, s)
    }
    if (bad) this.log.warn({ sportKey: key, skipped: bad }, 'The Odds API: scores that do not validate were skipped')
    void now
  }

  /** Keeps an event's latest odds (or, from scores alone, its head with no prices) and its latest score. */
  private remember(key: string, odds: OddsApiEvent | null, score: OddsApiScore | undefined): string {
    const head = odds ?? (score as OddsApiScore)
    // (Only keys of our sports are polled.)
    const sport = sportOfKey(key) as SportId
    const matchId = matchIdOf(head.id)
    const known = this.byId.get(matchId)
    const event: OddsApiEvent = odds ?? known?.event ?? { id: head.id, sport_key: head.sport_key, sport_title: head.sport_title, commence_time: head.commence_time, home_team: head.home_team, away_team: head.away_team, bookmakers: [] }
    // A finished match keeps its result even when a later answer (daysFrom=1) no longer lists it.
    const latest = score ?? known?.score
    const withdrawn = new Map(known?.withdrawn)
    if (odds && known) {
      const now = this.now()
      for (const m of this.marketsNow(known, now)) withdrawn.set(m.marketId, { ...m, status: 'suspended' })
      for (const m of marketsOf(odds, sport, matchId, { live: false, over: false, scoresFresh: true }, now, this.limits)) withdrawn.delete(m.marketId)
    }
    this.byId.set(matchId, { matchId, sportKey: key, sport, event, startsAt: Date.parse(event.commence_time), score: latest, withdrawn })
    return matchId
  }

  private forget(now: number): void {
    for (const [id, k] of this.byId) if (now - k.startsAt > KEEP_MS) this.byId.delete(id)
  }

  private checkStale(key: string, st: KeyState, now: number): void {
    const mine = [...this.byId.values()].filter((k) => k.sportKey === key && matchTimeOf(k.startsAt, k.score, now) >= 0)
    const stale = mine.some((k) => {
      const live = matchTimeOf(k.startsAt, k.score, now) > 0
      const at = freshestPrice(k.event)
      return at !== null && now - at > (live ? this.s.staleMs.live : this.s.staleMs.preMatch)
    })
    if (stale && !st.staleLogged) this.log.warn({ sportKey: key }, 'The Odds API: prices are stale; their markets are suspended until fresh ones come')
    else if (!stale && st.staleLogged) this.log.info({ sportKey: key }, 'The Odds API: prices are fresh again')
    st.staleLogged = stale
  }

  private view(k: Known, now: number): FeedMatch {
    const matchTime = matchTimeOf(k.startsAt, k.score, now)
    const score = scoreOf(k.score ?? { home_team: k.event.home_team, away_team: k.event.away_team, scores: null }) ?? { home: 0, away: 0 }
    const zero = { home: 0, away: 0 }
    return {
      matchId: k.matchId,
      sport: k.sport,
      league: k.event.sport_title,
      country: countryOfKey(k.sportKey),
      home: k.event.home_team,
      away: k.event.away_team,
      startsAt: k.startsAt,
      matchTime,
      // The API gives no match clock: the minutes since the kick-off.
      minute: matchTime > 0 ? Math.floor((now - k.startsAt) / 60_000) : 0,
      score,
      halfTime: zero,
      corners: zero,
      quarters: [],
    }
  }

  matches(from: number, to: number, sport?: SportId): FeedMatch[] {
    const now = this.now()
    return [...this.byId.values()]
      .filter((k) => (!sport || k.sport === sport) && ((k.startsAt >= from && k.startsAt < to) || (k.startsAt < from && matchTimeOf(k.startsAt, k.score, from) > 0)))
      .sort((a, b) => a.startsAt - b.startsAt || a.matchId.localeCompare(b.matchId))
      .map((k) => this.view(k, now))
  }

  match(matchId: string): FeedMatch | null {
    const k = this.byId.get(matchId)
    return k ? this.view(k, this.now()) : null
  }

  markets(matchId: string): FeedMarket[] {
    const k = this.byId.get(matchId)
    return k ? this.marketsNow(k, this.now()) : []
  }

  private marketsNow(k: Known, now: number): FeedMarket[] {
    const matchTime = matchTimeOf(k.startsAt, k.score, now)
    const scoresAt = this.keys.get(k.sportKey)?.scoresAt ?? null
    const live = matchTime > 0
    const scoresFresh = scoresAt !== null && now - scoresAt <= this.s.staleMs.live
    const quoted = marketsOf(k.event, k.sport, k.matchId, { live, over: matchTime < 0, scoresFresh }, now, this.limits)
    const gone = [...k.withdrawn.values()].filter((m) => !quoted.some((q) => q.marketId === m.marketId)).map((m) => (matchTime < 0 ? { ...m, status: 'closed' as const } : m))
    return [...quoted, ...gone]
  }

  outcome(matchId: string): MatchOutcome | null {
    return outcomeOf(this.byId.get(matchId)?.score)
  }
}
