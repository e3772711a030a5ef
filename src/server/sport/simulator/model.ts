/**
 * The simulator's matches as pure functions of a secret and the clock: the calendar (a grid of
 * kick-off slots per sport), each match's events (goals, points, corners) drawn once from a
 * ChaCha20 stream keyed by HMAC-SHA256(secret, match id), its state at any moment, and its markets
 * priced from the model with the margin. The secret (256 bits) lives only in the server's database
 * (sport/secret.ts): neither the code nor any number of finished matches tells the next one's
 * events (a stream cipher's output, unlike a 32-bit generator's, cannot be searched for its key).
 * Nothing else is stored: a restart (or a second process) sees the same matches, scores and odds.
 */
import { createCipheriv, createHash, createHmac } from 'node:crypto'
import { MATCH_TIME, SUB_PERIOD } from '../../../shared/codes'
import { PRICE_DRIFT_MAX } from '../../../shared/sport/pricing'
import type { MatchOutcome, Score } from '../../../shared/sport/settle'
import { linesAround, priced, readings, type PricedMarket } from './distributions'
import type { FeedMarket } from '../OddsFeed'
import { SPORTS, type SportId, type SportModel } from '../sports'
import { LEAGUES } from './names'

export interface SimOptions {
  /** The simulator's secret, 32 bytes (sport/secret.ts). */
  secret: Uint8Array
  /** Match clock speed: 1 is real time, 60 plays a football match in under two minutes (tests, demos). */
  timeScale: number
  /** The bookmaker's margin (0.05). */
  margin: number
}

export interface SimMatch {
  matchId: string
  sport: SportId
  league: string
  home: string
  away: string
  startsAt: number
  /** Postponed or cancelled before it is played (about 1 in 100), or played. */
  fate: 'played' | 'postponed' | 'cancelled'
}

export interface MatchState {
  matchTime: number
  /** Minutes of play so far (0 before the start). */
  minute: number
  score: Score
  halfTime: Score
  corners: Score
  /** Each quarter's score so far, in the sports played in quarters (empty in the others). */
  quarters: Score[]
  /** When the last scoring event happened (clock ms), for suspensions. */
  lastEventAt: number | null
}

const MINUTE = 60_000
const SLOT_BASE = 1_000_000_000

/** splitmix32: a well-mixed 32-bit hash of a few integers, the seed of the calendar's draws. */
function mix(...xs: number[]): number {
  let h = 0x9e3779b9
  for (const x of xs) {
    h = (h + (x | 0) + 0x9e3779b9) | 0
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

/**
 * A seeded uniform generator (mulberry32), for the calendar only: which sides meet and when is
 * public a week ahead anyway; nothing a bet settles on is drawn from it.
 */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** What the caches know a secret by, and the calendar's 32-bit seed: both hashes of it, once per secret. */
const secretFacts = new WeakMap<Uint8Array, { tag: string; calendarSeed: number }>()
function factsOf(o: SimOptions) {
  let facts = secretFacts.get(o.secret)
  if (!facts) {
    const digest = createHmac('sha256', o.secret).update('calendar').digest()
    facts = { tag: createHash('sha256').update(o.secret).digest('hex').slice(0, 16), calendarSeed: digest.readUInt32LE(0) }
    secretFacts.set(o.secret, facts)
  }
  return facts
}

/**
 * A match's own uniform stream: ChaCha20's keystream under HMAC-SHA256(secret, label), read 53
 * bits a draw. Without the secret its draws are unpredictable, however many of them were seen.
 */
function secretStream(secret: Uint8Array, label: string): () => number {
  const cipher = createCipheriv('chacha20', createHmac('sha256', secret).update(label).digest(), Buffer.alloc(16))
  const zeros = Buffer.alloc(512)
  let block = Buffer.alloc(0)
  let at = 0
  return () => {
    if (at + 8 > block.length) {
      block = cipher.update(zeros)
      at = 0
    }
    const high = block.readUInt32LE(at) >>> 5
    const low = block.readUInt32LE(at + 4) >>> 6
    at += 8
    return (high * 67_108_864 + low) / 9_007_199_254_740_992
  }
}

/** A count drawn around a mean: Poisson for small means, a rounded normal for large ones. */
function drawCount(random: () => number, mean: number): number {
  if (mean < 30) {
    const limit = Math.exp(-mean)
    let k = 0
    let p = random()
    while (p > limit) {
      k++
      p *= random()
    }
    return k
  }
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  return Math.max(0, Math.round(mean + z * Math.sqrt(mean)))
}

const sportOf = (id: SportId) => SPORTS.find((s) => s.id === id) as SportModel

/** Real ms a match of this sport takes from kick-off to the final whistle. */
const matchSpan = (s: SportModel, o: SimOptions) => ((s.playMinutes + s.breakMinutes) * MINUTE) / o.timeScale
const slotSpan = (s: SportModel, o: SimOptions) => (s.everyMinutes * MINUTE) / o.timeScale

/**
 * How many consecutive slots of a sport can overlap: a match lasts its span, and the next kicks off
 * one slot later. No side may play twice in so many slots.
 */
const overlapSlots = (s: SportModel) => Math.ceil((s.playMinutes + s.breakMinutes) / s.everyMinutes) + 1

/** A day of slots: each day the sides are dealt into new groups (so the fixtures vary). */
const epochSlots = (s: SportModel) => Math.max(2 * overlapSlots(s), Math.ceil((24 * 60) / s.everyMinutes))

interface Fixture {
  league: string
  home: string
  away: string
}

/** Each day's groups of fixtures, memoised. */
const dealCache = new Map<string, Fixture[][]>()

/**
 * A sport's sides (by name, across its leagues) dealt into `overlapSlots` groups for one day, and
 * each group's fixtures (every pair of one league's sides in the group): slot k plays a fixture of
 * group k mod n, so the n slots that can overlap each draw from their own group and no side plays
 * two matches at once. Dealt again (the next draw of the day's generator) until no group is empty.
 */
function dealOf(o: SimOptions, sport: SportModel, epoch: number): Fixture[][] {
  const key = `${factsOf(o).tag}|${sport.code}|${epoch}`
  const cached = dealCache.get(key)
  if (cached) return cached
  const n = overlapSlots(sport)
  const random = rng(mix(factsOf(o).calendarSeed, sport.code, epoch, 991))
  const names = [...new Set(LEAGUES[sport.id].flatMap((l) => l.sides))].sort()
  let groups: Fixture[][] = []
  for (let attempt = 0; attempt < 100; attempt++) {
    for (let i = names.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[names[i], names[j]] = [names[j] as string, names[i] as string]
    }
    const group = new Map(names.map((name, i) => [name, i % n]))
    groups = Array.from({ length: n }, () => [])
    for (const league of LEAGUES[sport.id]) {
      for (let i = 0; i < league.sides.length; i++) {
        for (let j = i + 1; j < league.sides.length; j++) {
          const [a, b] = [league.sides[i] as string, league.sides[j] as string]
          if (group.get(a) === group.get(b)) groups[group.get(a) as number]?.push({ league: league.name, home: a, away: b })
        }
      }
    }
    if (groups.every((g) => g.length > 0)) break
  }
  if (dealCache.size > 500) dealCache.clear()
  dealCache.set(key, groups)
  return groups
}

/**
 * The match in a sport's kick-off slot (slot k kicks off at k x everyMinutes from the epoch): a
 * fixture of its group for the day, home and away drawn. In the first slots of a day the sides
 * still playing yesterday's last matches are left out (and the slot stays empty if that leaves none).
 */
function matchInSlot(o: SimOptions, sport: SportModel, slot: number): SimMatch | null {
  const random = rng(mix(factsOf(o).calendarSeed, sport.code, slot))
  const n = overlapSlots(sport)
  const perEpoch = epochSlots(sport)
  const epoch = Math.floor(slot / perEpoch)
  let fixtures = dealOf(o, sport, epoch)[slot % n] as Fixture[]
  if (slot - epoch * perEpoch < n && epoch > 0) {
    const busy = new Set<string>()
    for (let k = Math.max(0, slot - n + 1); k < epoch * perEpoch; k++) {
      const m = matchInSlot(o, sport, k)
      if (m) busy.add(m.home).add(m.away)
    }
    fixtures = fixtures.filter((f) => !busy.has(f.home) && !busy.has(f.away))
    // Every side of the group still playing: no match in this slot.
    if (!fixtures.length) return null
  }
  const f = fixtures[Math.floor(random() * fixtures.length)] as Fixture
  const swap = random() < 0.5
  const fateRoll = random()
  return {
    matchId: String(sport.code * SLOT_BASE + slot),
    sport: sport.id,
    league: f.league,
    home: swap ? f.away : f.home,
    away: swap ? f.home : f.away,
    startsAt: slot * slotSpan(sport, o),
    fate: fateRoll < 0.006 ? 'postponed' : fateRoll < 0.01 ? 'cancelled' : 'played',
  }
}

/** A match by its id, or null for an id the calendar has not. */
export function matchById(o: SimOptions, matchId: string): SimMatch | null {
  if (!/^\d{10,12}$/.test(matchId)) return null
  const n = Number(matchId)
  const sport = SPORTS.find((s) => s.code === Math.floor(n / SLOT_BASE))
  return sport ? matchInSlot(o, sport, n % SLOT_BASE) : null
}

/** Every match kicking off in [from, to), and those still playing at `from`. */
export function matchesBetween(o: SimOptions, from: number, to: number, sportId?: SportId): SimMatch[] {
  const out: SimMatch[] = []
  for (const sport of SPORTS) {
    if (sportId && sport.id !== sportId) continue
    const span = slotSpan(sport, o)
    const first = Math.ceil((from - matchSpan(sport, o)) / span)
    for (let slot = Math.max(0, first); slot * span < to; slot++) {
      const m = matchInSlot(o, sport, slot)
      if (m) out.push(m)
    }
  }
  return out.sort((a, b) => a.startsAt - b.startsAt || a.matchId.localeCompare(b.matchId))
}

interface Plan {
  sport: SportModel
  means: Score
  /** Play-minute of each scoring event per side, and of each corner. */
  events: { home: number[]; away: number[] }
  corners: { home: number[]; away: number[] }
}

/** Scripts drawn lately, by secret and match: a script never changes, and every read of a match needs it. */
const planCache = new Map<string, Plan>()
const PLAN_CACHE_MAX = 20_000

/** The match's hidden script: its sides' strengths and when each scores, drawn once from its secret stream. */
function planOf(o: SimOptions, m: SimMatch): Plan {
  const key = `${factsOf(o).tag}|${m.matchId}`
  let plan = planCache.get(key)
  if (!plan) {
    plan = drawPlan(o, m)
    if (planCache.size >= PLAN_CACHE_MAX) planCache.clear()
    planCache.set(key, plan)
  }
  return plan
}

function drawPlan(o: SimOptions, m: SimMatch): Plan {
  const sport = sportOf(m.sport)
  const random = secretStream(o.secret, `plan|${m.matchId}`)
  const home = sport.mean * (0.8 + random() * 0.45) * 1.08
  const away = sport.mean * (0.8 + random() * 0.45)
  const times = (n: number) => Array.from({ length: n }, () => random() * sport.playMinutes).sort((a, b) => a - b)
  const events = { home: times(drawCount(random, home)), away: times(drawCount(random, away)) }
  // A sport without draws settles a level score in the last minute.
  if (!sport.draws && events.home.length === events.away.length) (random() < home / (home + away) ? events.home : events.away).push(sport.playMinutes)
  const cornerMean = sport.corners ?? 0
  const corners = { home: cornerMean ? times(drawCount(random, cornerMean * 1.08)) : [], away: cornerMean ? times(drawCount(random, cornerMean)) : [] }
  return { sport, means: { home, away }, events, corners }
}

const countTo = (xs: number[], minute: number) => xs.filter((x) => x <= minute).length

/** The match at clock time `now`. */
export function stateAt(o: SimOptions, m: SimMatch, now: number): MatchState {
  return stateOf(o, m, planOf(o, m), now)
}

function stateOf(o: SimOptions, m: SimMatch, plan: Plan, now: number): MatchState {
  const { sport } = plan
  const half = sport.playMinutes / 2
  const zero: Score = { home: 0, away: 0 }
  if (m.fate !== 'played') {
    // Known as such an hour before the kick-off.
    const known = now >= m.startsAt - (60 * MINUTE) / o.timeScale
    const quarters = sport.quarters ? [zero, zero, zero, zero] : []
    return { matchTime: known ? (m.fate === 'postponed' ? MATCH_TIME.POSTPONED : MATCH_TIME.CANCELLED) : MATCH_TIME.NOT_OPEN, minute: 0, score: zero, halfTime: zero, corners: zero, quarters, lastEventAt: null }
  }
  const clock = ((now - m.startsAt) * o.timeScale) / MINUTE
  let minute: number
  let matchTime: number
  if (clock < 0) [minute, matchTime] = [0, MATCH_TIME.NOT_OPEN]
  else if (clock < half) [minute, matchTime] = [clock, MATCH_TIME.FIRST_HALF]
  else if (clock < half + sport.breakMinutes) [minute, matchTime] = [half, MATCH_TIME.MIDFIELD]
  else if (clock < sport.playMinutes + sport.breakMinutes) [minute, matchTime] = [clock - sport.breakMinutes, MATCH_TIME.SECOND_HALF]
  else [minute, matchTime] = [sport.playMinutes, MATCH_TIME.FINISHED]
  const at = (xs: number[]) => countTo(xs, minute)
  const scored = [...plan.events.home, ...plan.events.away].filter((x) => x <= minute)
  const last = scored.length ? Math.max(...scored) : null
  const toClock = (playMinute: number) => m.startsAt + ((playMinute + (playMinute > half ? sport.breakMinutes : 0)) * MINUTE) / o.timeScale
  return {
    matchTime,
    minute,
    score: { home: at(plan.events.home), away: at(plan.events.away) },
    halfTime: { home: countTo(plan.events.home, Math.min(minute, half)), away: countTo(plan.events.away, Math.min(minute, half)) },
    corners: { home: at(plan.corners.home), away: at(plan.corners.away) },
    quarters: sport.quarters ? [0, 1, 2, 3].map((q) => ({ home: inQuarter(plan.events.home, q, minute, sport), away: inQuarter(plan.events.away, q, minute, sport) })) : [],
    lastEventAt: last === null ? null : toClock(last),
  }
}

/** Scoring events of quarter q (0 to 3) up to a play-minute; the last whistle's tie-break counts in the fourth. */
function inQuarter(xs: number[], q: number, minute: number, sport: SportModel): number {
  const length = sport.playMinutes / 4
  return xs.filter((x) => x <= minute && Math.min(3, Math.floor(x / length)) === q).length
}

/** The outcome a settled match has (or null while it is not over). */
export function outcomeAt(o: SimOptions, m: SimMatch, now: number): MatchOutcome | null {
  const s = stateAt(o, m, now)
  if (s.matchTime === MATCH_TIME.POSTPONED || s.matchTime === MATCH_TIME.CANCELLED) return now >= m.startsAt ? { status: 'void' } : null
  if (s.matchTime !== MATCH_TIME.FINISHED) return null
  return { status: 'finished', fullTime: s.score, halfTime: s.halfTime, corners: s.corners, ...(s.quarters.length ? { quarters: s.quarters } : {}) }
}

/**
 * Prices are recomputed once per this much real time (every process the same: the clock floored to
 * it): a second in play, a minute before (pre-match prices drift over hours; the minute before the
 * kick-off is priced by the second already, so in-play prices never start stale).
 */
const PRICE_STEP_MS = 1000
const PRE_MATCH_STEP_MS = 60_000

/** Whether a period's market is over on its own at this state: the first half after the break, a quarter once played. */
function periodOver(sport: SportModel, period: number, state: MatchState): boolean {
  if (period === SUB_PERIOD.FIRST_HALF) return state.matchTime !== MATCH_TIME.NOT_OPEN && state.matchTime !== MATCH_TIME.FIRST_HALF
  if (period >= SUB_PERIOD.Q1 && period <= SUB_PERIOD.Q4) return state.matchTime < 0 || state.minute >= (period - SUB_PERIOD.Q1 + 1) * (sport.playMinutes / 4)
  return false
}

/** The last prices computed, by match and step: the publisher, the match page and the bets share them. */
const priceCache = new Map<string, PricedMarket[]>()
const PRICE_CACHE_MAX = 5000

/**
 * The match's markets at `now`: odds priced from what is left to play at the start of the current
 * price step (cached); statuses from the state at `now` itself: suspended from the moment of a
 * score for a minute and at the break, a period's markets closed once it is played, all closed at
 * the end. A line already decided at the step is no market.
 */
export function marketsAt(o: SimOptions, m: SimMatch, now: number): FeedMarket[] {
  const plan = planOf(o, m)
  const every = now < m.startsAt - PRE_MATCH_STEP_MS ? PRE_MATCH_STEP_MS : PRICE_STEP_MS
  const step = Math.floor(now / every) * every
  const key = `${factsOf(o).tag}|${o.timeScale}|${o.margin}|${m.matchId}|${step}`
  let prices = priceCache.get(key)
  if (!prices) {
    prices = pricesAt(o, m, plan, step)
    if (priceCache.size >= PRICE_CACHE_MAX) priceCache.clear()
    priceCache.set(key, prices)
  }
  const state = stateOf(o, m, plan, now)
  const suspended = state.lastEventAt !== null && now - state.lastEventAt < MINUTE / o.timeScale
  const status: FeedMarket['status'] = state.matchTime < 0 ? 'closed' : suspended || state.matchTime === MATCH_TIME.MIDFIELD ? 'suspended' : 'open'
  return prices.map(({ held, ...x }) => ({ ...x, status: status === 'closed' || periodOver(plan.sport, x.period, state) ? 'closed' : held ? 'suspended' : status }))
}

function pricesAt(o: SimOptions, m: SimMatch, plan: Plan, now: number): PricedMarket[] {
  const { sport } = plan
  const state = stateOf(o, m, plan, now)
  const left = Math.max(0, 1 - state.minute / sport.playMinutes)
  const mean = { home: plan.means.home * left, away: plan.means.away * left }
  const dist = readings(state.score, mean)
  // Pre-match odds drift slowly (hours); in play they follow the score and the clock.
  const wobble = state.matchTime === MATCH_TIME.NOT_OPEN ? 1 + PRICE_DRIFT_MAX * Math.sin((now / (3 * 3600_000)) * o.timeScale + (Number(m.matchId) % 97)) : 1
  const markets: PricedMarket[] = []
  const expDiff = state.score.home - state.score.away + mean.home - mean.away
  const expTotal = state.score.home + state.score.away + mean.home + mean.away
  const step = sport.mean < 10 ? 0.25 : Math.max(0.5, Math.round(Math.sqrt(sport.mean) / 2) / 2)
  for (const type of sport.markets) {
    if (type === '1x2') markets.push(priced(m.matchId, '1x2', SUB_PERIOD.FULL_GAME, 0, ['home', 'draw', 'away'], dist, o.margin, wobble))
    if (type === 'winner') markets.push(priced(m.matchId, 'winner', SUB_PERIOD.FULL_GAME, 0, ['home', 'away'], dist, o.margin, wobble))
    if (type === 'oddEven') markets.push(priced(m.matchId, 'oddEven', SUB_PERIOD.FULL_GAME, 0, ['odd', 'even'], dist, o.margin, wobble))
    if (type === 'ah') for (const line of linesAround(-Math.round(expDiff * 4) / 4, step)) markets.push(priced(m.matchId, 'ah', SUB_PERIOD.FULL_GAME, line, ['home', 'away'], dist, o.margin, wobble))
    if (type === 'ou') for (const line of linesAround(Math.max(step * 2, Math.round(expTotal * 2) / 2), step).filter((l) => l > 0)) markets.push(priced(m.matchId, 'ou', SUB_PERIOD.FULL_GAME, line, ['over', 'under'], dist, o.margin, wobble))
    if (type === 'corners' && sport.corners) {
      const cornersLeft = { home: sport.corners * 1.08 * left, away: sport.corners * left }
      const cDist = readings(state.corners, cornersLeft)
      const centre = Math.round((state.corners.home + state.corners.away + cornersLeft.home + cornersLeft.away) * 2) / 2 + 0.5
      for (const line of [centre - 1, centre, centre + 1]) markets.push(priced(m.matchId, 'corners', SUB_PERIOD.CORNER_KICK, line, ['over', 'under'], cDist, o.margin, wobble))
    }
  }
  // Football's first half: the result and the goals at the break (closed once it is played).
  if (m.sport === 'football') {
    const halfLeft = Math.max(0, 0.5 - state.minute / sport.playMinutes)
    const hDist = readings(state.halfTime, { home: plan.means.home * halfLeft, away: plan.means.away * halfLeft })
    markets.push(priced(m.matchId, '1x2', SUB_PERIOD.FIRST_HALF, 0, ['home', 'draw', 'away'], hDist, o.margin, wobble), priced(m.matchId, 'ou', SUB_PERIOD.FIRST_HALF, 1.25, ['over', 'under'], hDist, o.margin, wobble))
  }
  // Quarters (basketball, American football): each one's winner (a level quarter pushes) and total (closed once it is played).
  if (sport.quarters) {
    const length = sport.playMinutes / 4
    for (let q = 0; q < 4; q++) {
      const score = state.quarters[q] as Score
      const share = Math.max(0, Math.min(length, (q + 1) * length - state.minute)) / sport.playMinutes
      const qDist = readings(score, { home: plan.means.home * share, away: plan.means.away * share })
      const total = score.home + score.away + (plan.means.home + plan.means.away) * share
      const period = SUB_PERIOD.Q1 + q
      markets.push(priced(m.matchId, 'winner', period, 0, ['home', 'away'], qDist, o.margin, wobble), priced(m.matchId, 'ou', period, Math.round(total) + 0.5, ['over', 'under'], qDist, o.margin, wobble))
    }
  }
  // A line already decided (over 2 at two goals late on: one side can only push) is no market.
  return markets.filter((x) => x.type === '1x2' || x.type === 'winner' || x.type === 'oddEven' || x.selections.every((sel) => sel.odds > 1010))
}
