/**
 * The simulator's matches as pure functions of a secret and the clock: the calendar (each league's
 * rounds at its local hours, calendar.ts), each match's events (goals, points, corners) drawn once from a
 * ChaCha20 stream keyed by HMAC-SHA256(secret, match id), its state at any moment, and its markets
 * priced from the model with the margin. The secret (256 bits) lives only in the server's database
 * (sport/secret.ts): neither the code nor any number of finished matches tells the next one's
 * events (a stream cipher's output, unlike a 32-bit generator's, cannot be searched for its key).
 * Nothing else is stored: a restart (or a second process) sees the same matches, scores and odds.
 */
import { createCipheriv, createHash, createHmac } from 'node:crypto'
import { MATCH_TIME, SUB_PERIOD } from '../../../shared/codes'
import { liftedByFloor, marginOdds, PRICE_DRIFT_MAX } from '../../../shared/sport/pricing'
import { RACE_MAX_RUNNERS, RACE_MIN_RUNNERS, raceOutcome, runnerSelection, type MatchOutcome, type Score } from '../../../shared/sport/settle'
import { linesAround, priced, readings, type PricedMarket } from './distributions'
import type { FeedMarket } from '../OddsFeed'
import { SPORTS, type SportId, type SportModel } from '../sports'
import { leagueWeek, mix, rng, weekOf } from './calendar'
import { HORSES, LEAGUES, RACE_DISTANCES, RACE_TRACKS, leagueOf, type League } from './names'

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
  /** Minutes of play: the sport's, or the league's where its clock differs (basketball's quarters). */
  playMinutes: number
  /** Postponed or cancelled before it is played (about 1 in 100), or played. */
  fate: 'played' | 'postponed' | 'cancelled'
  /** A race's field (racing only): 6 to 12 horses, runner n the n-th. */
  runners?: readonly string[]
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
  /** A race's winning runner (1 to 12) once it is over; null before and in every other sport. */
  winner: number | null
}

const MINUTE = 60_000
const SLOT_BASE = 1_000_000_000
const ID_BASE = 100_000_000

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

/** Real ms a match takes from kick-off to the final whistle. */
const matchSpan = (s: SportModel, playMinutes: number, o: SimOptions) => ((playMinutes + s.breakMinutes) * MINUTE) / o.timeScale
/** The longest a match of a sport takes, over its leagues. */
const longestSpan = (s: SportModel, o: SimOptions) => matchSpan(s, Math.max(s.playMinutes, ...LEAGUES[s.id].map((l) => l.playMinutes ?? 0)), o)

/** When a match's final whistle blows (clock ms). */
export function endsAt(o: SimOptions, m: SimMatch): number {
  return m.startsAt + matchSpan(sportOf(m.sport), m.playMinutes, o)
}

/** A week of a league, as matches, memoised (a week's calendar never changes). */
const weekCache = new Map<string, SimMatch[]>()
const WEEK_CACHE_MAX = 4000

/**
 * The matches of one league-week (calendar.ts), each with its id: sport code x 10^9 + 10^8 + week
 * x 10^4 + the league's place x 10^3 + the match's place in the week (10 to 12 digits, never one of
 * the former kick-off grid's ids, which stayed under 10^8 past the code), and its fate: postponed or
 * cancelled about 1 in 100.
 */
function weekOfLeague(o: SimOptions, sport: SportModel, leagueIndex: number, week: number): SimMatch[] {
  const key = `${factsOf(o).tag}|${sport.code}|${leagueIndex}|${week}`
  let out = weekCache.get(key)
  if (out) return out
  const league = LEAGUES[sport.id][leagueIndex] as League
  const seed = mix(factsOf(o).calendarSeed, sport.code, leagueIndex)
  out = leagueWeek(league, seed, week).map((f, k) => {
    const fateRoll = rng(mix(seed, week, k, 991))()
    return {
      matchId: String(sport.code * SLOT_BASE + ID_BASE + week * 10_000 + leagueIndex * 1000 + k),
      sport: sport.id,
      league: league.name,
      home: f.home,
      away: f.away,
      startsAt: f.startsAt,
      playMinutes: league.playMinutes ?? sport.playMinutes,
      fate: fateRoll < 0.006 ? 'postponed' : fateRoll < 0.01 ? 'cancelled' : 'played',
    }
  })
  if (sport.id === 'racing') out = asRaces(out, mix(seed, week, 313))
  if (weekCache.size >= WEEK_CACHE_MAX) weekCache.clear()
  weekCache.set(key, out)
  return out
}

/**
 * A racecourse's week as races: the calendar's fixtures give the kick-offs; each meeting (a day's
 * races, no more than three hours apart) deals out the horses, shuffled, as fields of 6 to 12, a
 * horse once a meeting. A race is named by its number in the meeting and its distance and track
 * (its home and away, so the lists read it). Public, like the calendar: the field is known ahead,
 * the result comes from the match's secret stream (drawPlan).
 */
function asRaces(week: SimMatch[], seed: number): SimMatch[] {
  let meeting = -1
  let number = 0
  let deck: string[] = []
  let previous = -Infinity
  return week.map((m) => {
    if (m.startsAt - previous > 3 * 3_600_000) {
      meeting++
      number = 0
      deck = shuffleWith([...HORSES], rng(mix(seed, meeting, 1)))
    }
    previous = m.startsAt
    number++
    const random = rng(mix(seed, meeting, number, 2))
    const size = RACE_MIN_RUNNERS + Math.floor(random() * (RACE_MAX_RUNNERS - RACE_MIN_RUNNERS + 1))
    const runners = deck.splice(0, Math.min(size, deck.length))
    const distance = RACE_DISTANCES[Math.floor(random() * RACE_DISTANCES.length)] as number
    const track = RACE_TRACKS[Math.floor(random() * RACE_TRACKS.length)] as string
    return { ...m, home: `${number}º Páreo`, away: `${distance.toLocaleString('pt-BR')} m · ${track}`, runners }
  })
}

function shuffleWith<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j] as T, xs[i] as T]
  }
  return xs
}

/** A match by its id, or null for an id the calendar has not. */
export function matchById(o: SimOptions, matchId: string): SimMatch | null {
  if (!/^\d{10,12}$/.test(matchId)) return null
  const n = Number(matchId)
  const sport = SPORTS.find((s) => s.code === Math.floor(n / SLOT_BASE))
  const rest = n % SLOT_BASE
  if (!sport || rest < ID_BASE) return null
  const week = Math.floor((rest - ID_BASE) / 10_000)
  const leagueIndex = Math.floor((rest % 10_000) / 1000)
  if (leagueIndex >= LEAGUES[sport.id].length) return null
  return weekOfLeague(o, sport, leagueIndex, week)[rest % 1000] ?? null
}

/** Every match kicking off in [from, to), and those still playing at `from`. */
export function matchesBetween(o: SimOptions, from: number, to: number, sportId?: SportId): SimMatch[] {
  const out: SimMatch[] = []
  for (const sport of SPORTS) {
    if (sportId && sport.id !== sportId) continue
    const earliest = from - longestSpan(sport, o)
    // A week's matches lie between its Monday 00:00 and its next Monday's night, in any zone.
    const first = Math.max(0, weekOf(earliest) - 1)
    const last = weekOf(to)
    LEAGUES[sport.id].forEach((_, li) => {
      for (let w = first; w <= last; w++) {
        for (const m of weekOfLeague(o, sport, li, w)) if (m.startsAt < to && m.startsAt + matchSpan(sport, m.playMinutes, o) >= from) out.push(m)
      }
    })
  }
  return out.sort((a, b) => a.startsAt - b.startsAt || a.matchId.localeCompare(b.matchId))
}

interface Plan {
  sport: SportModel
  /** Minutes of play (the league's: FIBA's 40, the NBA-like 48). */
  minutes: number
  means: Score
  /** Play-minute of each scoring event per side, and of each corner. */
  events: { home: number[]; away: number[] }
  corners: { home: number[]; away: number[] }
  /** A race's hidden script: each runner's chance to win (summing to 1) and the winner drawn from them. */
  race?: { chances: number[]; winner: number }
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
  const minutes = m.playMinutes
  if (m.runners) return { sport, minutes, means: { home: 0, away: 0 }, events: { home: [], away: [] }, corners: { home: [], away: [] }, race: drawRace(random, m.runners.length) }
  const mean = leagueOf(m.sport, m.league)?.mean ?? sport.mean
  const home = mean * (0.8 + random() * 0.45) * 1.08
  const away = mean * (0.8 + random() * 0.45)
  const times = (n: number) => Array.from({ length: n }, () => random() * minutes).sort((a, b) => a - b)
  const events = { home: times(drawCount(random, home)), away: times(drawCount(random, away)) }
  // A sport without draws settles a level score in the last minute.
  if (!sport.draws && events.home.length === events.away.length) (random() < home / (home + away) ? events.home : events.away).push(minutes)
  const cornerMean = sport.corners ?? 0
  const corners = { home: cornerMean ? times(drawCount(random, cornerMean * 1.08)) : [], away: cornerMean ? times(drawCount(random, cornerMean)) : [] }
  return { sport, minutes, means: { home, away }, events, corners }
}

/** The least chance a runner is given (a long shot at about 190 with the margin, under SPORT_MAX_ODDS). */
const RACE_LEAST_CHANCE = 0.005

/** A field's chances (lognormal strengths, the weakest lifted to RACE_LEAST_CHANCE) and its winner drawn from them. */
function drawRace(random: () => number, runners: number): { chances: number[]; winner: number } {
  const strengths = Array.from({ length: runners }, () => Math.exp(0.8 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())))
  const total = strengths.reduce((a, b) => a + b, 0)
  const lifted = strengths.map((x) => Math.max(RACE_LEAST_CHANCE, x / total))
  const sum = lifted.reduce((a, b) => a + b, 0)
  const chances = lifted.map((x) => x / sum)
  let u = random()
  let winner = runners
  for (let i = 0; i < runners; i++) {
    u -= chances[i] as number
    if (u < 0) {
      winner = i + 1
      break
    }
  }
  return { chances, winner }
}

const countTo = (xs: number[], minute: number) => xs.filter((x) => x <= minute).length

/** The match at clock time `now`. */
export function stateAt(o: SimOptions, m: SimMatch, now: number): MatchState {
  return stateOf(o, m, planOf(o, m), now)
}

function stateOf(o: SimOptions, m: SimMatch, plan: Plan, now: number): MatchState {
  const { sport, minutes } = plan
  const half = minutes / 2
  const zero: Score = { home: 0, away: 0 }
  if (m.fate !== 'played') {
    // Known as such an hour before the kick-off.
    const known = now >= m.startsAt - (60 * MINUTE) / o.timeScale
    const quarters = sport.quarters ? [zero, zero, zero, zero] : []
    return { matchTime: known ? (m.fate === 'postponed' ? MATCH_TIME.POSTPONED : MATCH_TIME.CANCELLED) : MATCH_TIME.NOT_OPEN, minute: 0, score: zero, halfTime: zero, corners: zero, quarters, lastEventAt: null, winner: null }
  }
  const clock = ((now - m.startsAt) * o.timeScale) / MINUTE
  let minute: number
  let matchTime: number
  if (clock < 0) [minute, matchTime] = [0, MATCH_TIME.NOT_OPEN]
  else if (clock < half) [minute, matchTime] = [clock, MATCH_TIME.FIRST_HALF]
  else if (clock < half + sport.breakMinutes) [minute, matchTime] = [half, MATCH_TIME.MIDFIELD]
  else if (clock < minutes + sport.breakMinutes) [minute, matchTime] = [clock - sport.breakMinutes, MATCH_TIME.SECOND_HALF]
  else [minute, matchTime] = [minutes, MATCH_TIME.FINISHED]
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
    quarters: sport.quarters ? [0, 1, 2, 3].map((q) => ({ home: inQuarter(plan.events.home, q, minute, minutes), away: inQuarter(plan.events.away, q, minute, minutes) })) : [],
    lastEventAt: last === null ? null : toClock(last),
    winner: plan.race && matchTime === MATCH_TIME.FINISHED ? plan.race.winner : null,
  }
}

/** Scoring events of quarter q (0 to 3) up to a play-minute (quarters of the league's length); the last whistle's tie-break counts in the fourth. */
function inQuarter(xs: number[], q: number, minute: number, minutes: number): number {
  const length = minutes / 4
  return xs.filter((x) => x <= minute && Math.min(3, Math.floor(x / length)) === q).length
}

/** The outcome a settled match has (or null while it is not over). */
export function outcomeAt(o: SimOptions, m: SimMatch, now: number): MatchOutcome | null {
  const s = stateAt(o, m, now)
  if (s.matchTime === MATCH_TIME.POSTPONED || s.matchTime === MATCH_TIME.CANCELLED) return now >= m.startsAt ? { status: 'void' } : null
  if (s.matchTime !== MATCH_TIME.FINISHED) return null
  if (s.winner !== null && m.runners) return raceOutcome(s.winner, m.runners.length)
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
function periodOver(minutes: number, period: number, state: MatchState): boolean {
  if (period === SUB_PERIOD.FIRST_HALF) return state.matchTime !== MATCH_TIME.NOT_OPEN && state.matchTime !== MATCH_TIME.FIRST_HALF
  if (period >= SUB_PERIOD.Q1 && period <= SUB_PERIOD.Q4) return state.matchTime < 0 || state.minute >= (period - SUB_PERIOD.Q1 + 1) * (minutes / 4)
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
  // A race takes bets until the off only.
  const status: FeedMarket['status'] = state.matchTime < 0 || (plan.race && state.matchTime !== MATCH_TIME.NOT_OPEN) ? 'closed' : suspended || state.matchTime === MATCH_TIME.MIDFIELD ? 'suspended' : 'open'
  return prices.map(({ held, ...x }) => ({ ...x, status: status === 'closed' || periodOver(plan.minutes, x.period, state) ? 'closed' : held ? 'suspended' : status }))
}

/**
 * A race's winner market: one selection per runner at o = 1 / (p (1 + margin)), p its chance, in
 * thousandths floored to the hundredth (marginOdds): the implied chances sum to 1 + margin, a little
 * more for the flooring. No pre-race drift, so the overround stays the margin. Suspended when a
 * price could not carry the margin (liftedByFloor), as every market.
 */
function racePrices(o: SimOptions, m: SimMatch, chances: readonly number[]): PricedMarket[] {
  const marketId = `${m.matchId}-winner-${SUB_PERIOD.FULL_GAME}-0`
  const selections = chances.map((p, i) => ({ selectionId: `${marketId}-${runnerSelection(i + 1)}`, name: runnerSelection(i + 1), odds: marginOdds(1 / p, o.margin) }))
  return [{ marketId, type: 'winner', period: SUB_PERIOD.FULL_GAME, line: 0, selections, held: chances.some((p) => liftedByFloor(1 / p, o.margin)) }]
}

function pricesAt(o: SimOptions, m: SimMatch, plan: Plan, now: number): PricedMarket[] {
  if (plan.race) return racePrices(o, m, plan.race.chances)
  const { sport, minutes } = plan
  const state = stateOf(o, m, plan, now)
  const left = Math.max(0, 1 - state.minute / minutes)
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
    const halfLeft = Math.max(0, 0.5 - state.minute / minutes)
    const hDist = readings(state.halfTime, { home: plan.means.home * halfLeft, away: plan.means.away * halfLeft })
    markets.push(priced(m.matchId, '1x2', SUB_PERIOD.FIRST_HALF, 0, ['home', 'draw', 'away'], hDist, o.margin, wobble), priced(m.matchId, 'ou', SUB_PERIOD.FIRST_HALF, 1.25, ['over', 'under'], hDist, o.margin, wobble))
  }
  // Quarters (basketball, American football): each one's winner (a level quarter pushes) and total (closed once it is played).
  if (sport.quarters) {
    const length = minutes / 4
    for (let q = 0; q < 4; q++) {
      const score = state.quarters[q] as Score
      const share = Math.max(0, Math.min(length, (q + 1) * length - state.minute)) / minutes
      const qDist = readings(score, { home: plan.means.home * share, away: plan.means.away * share })
      const total = score.home + score.away + (plan.means.home + plan.means.away) * share
      const period = SUB_PERIOD.Q1 + q
      markets.push(priced(m.matchId, 'winner', period, 0, ['home', 'away'], qDist, o.margin, wobble), priced(m.matchId, 'ou', period, Math.round(total) + 0.5, ['over', 'under'], qDist, o.margin, wobble))
    }
  }
  // A line already decided (over 2 at two goals late on: one side can only push) is no market.
  return markets.filter((x) => x.type === '1x2' || x.type === 'winner' || x.type === 'oddEven' || x.selections.every((sel) => sel.odds > 1010))
}
