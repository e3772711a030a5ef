/**
 * The simulator's calendar: each league's week of rounds at its own local hours (names.ts), built
 * one league-week at a time from a cheap seeded generator (who plays whom and when is public a week
 * ahead anyway; nothing a bet settles on is drawn from it) and memoised, so any window of time is
 * a few lookups.
 *
 * A week (Monday to Sunday, plus a Monday-night game) plays the league's rounds in order. A round's
 * fixtures are a round of the circle method over the league's sides (shuffled per cycle, home and
 * away swapped each cycle): each side once. Its fixtures fill its kick-offs in time order, a fixture
 * only where both sides have rested `restHours` since their last kick-off; one no kick-off can take
 * is not played. The rounds are drawn so the last of a week and the first of the next are rested
 * apart (checked by model.test.ts over weeks), so a week never needs the one before it.
 */
import type { League } from './names'

export interface Fixture {
  home: string
  away: string
  /** Kick-off, ms since the epoch. */
  startsAt: number
}

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS
/** Week 0 starts on Monday 1970-01-05. */
const MONDAY0 = 4 * DAY_MS
const DAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6, 'Mon+': 7 }

/** The week (from MONDAY0) a UTC instant falls in. */
export const weekOf = (t: number) => Math.floor((t - MONDAY0) / WEEK_MS)

/** splitmix-style mixing of a few integers into a 32-bit seed. */
export function mix(...xs: number[]): number {
  let h = 0x9e3779b9
  for (const x of xs) {
    h = (h + (x | 0) + 0x9e3779b9) | 0
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

/** A seeded uniform generator (mulberry32), for the calendar only. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j] as T, xs[i] as T]
  }
  return xs
}

interface Kickoff {
  /** Day of the week from Monday (7: the next Monday). */
  day: number
  /** Minutes after local midnight. */
  minute: number
  /** How many matches kick off then. */
  n: number
}

/** A round's kick-offs from its text ('Wed 19:00*2 21:30; Thu 19:00'), in time order. */
const parsed = new Map<string, Kickoff[]>()
export function kickoffsOf(round: string): Kickoff[] {
  let out = parsed.get(round)
  if (out) return out
  out = []
  for (const part of round.split(';')) {
    const [dayName, ...times] = part.trim().split(/\s+/)
    const day = DAYS[dayName as string]
    if (day === undefined) throw new Error(`no day ${dayName} in "${round}"`)
    for (const time of times) {
      const m = /^(\d\d):(\d\d)(?:\*(\d+))?$/.exec(time)
      if (!m) throw new Error(`no time ${time} in "${round}"`)
      out.push({ day, minute: Number(m[1]) * 60 + Number(m[2]), n: Number(m[3] ?? 1) })
    }
  }
  out.sort((a, b) => a.day - b.day || a.minute - b.minute)
  parsed.set(round, out)
  return out
}

/** A zone's offset from UTC at an instant (ms; -3 h in São Paulo). */
const formats = new Map<string, Intl.DateTimeFormat>()
function offsetAt(tz: string, t: number): number {
  let f = formats.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    formats.set(tz, f)
  }
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]))
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(t / 1000) * 1000
}

/** The instant a local wall-clock time (given as if it were UTC) has in a zone. */
export function zoned(tz: string, wall: number): number {
  const first = wall - offsetAt(tz, wall)
  return wall - offsetAt(tz, first)
}

/** The pairs of round r of the circle method over n sides (a bye where n is odd), as indexes. */
function circleRound(n: number, r: number): [number, number][] {
  const m = n % 2 ? n + 1 : n
  const at = (i: number) => (i === 0 ? 0 : 1 + ((i - 1 + r) % (m - 1)))
  const pairs: [number, number][] = []
  for (let i = 0; i < m / 2; i++) {
    const [a, b] = [at(i), at(m - 1 - i)]
    if (a < n && b < n) pairs.push(i % 2 === r % 2 ? [a, b] : [b, a])
  }
  return pairs
}

/**
 * A league's fixtures of one week, in kick-off order (the index is the match's place in the
 * week). `seed`: the calendar's seed and the league's place, mixed.
 */
export function leagueWeek(league: League, seed: number, week: number): Fixture[] {
  const n = league.sides.length
  const perCycle = n % 2 ? n : n - 1
  const rest = league.restHours * 60
  // Minutes from the week's Monday 00:00 (local) of each side's last kick-off.
  const last = new Map<number, number>()
  const monday = MONDAY0 + week * WEEK_MS
  const out: { home: number; away: number; at: number }[] = []
  league.rounds.forEach((round, r) => {
    const g = week * league.rounds.length + r
    const cycle = Math.floor(g / perCycle)
    // The sides' order for this cycle of rounds: every pair meets once a cycle.
    const order = shuffle([...Array(n).keys()], rng(mix(seed, cycle, 17)))
    const random = rng(mix(seed, week, r, 29))
    const pairs = shuffle(
      circleRound(n, g % perCycle).map(([a, b]): [number, number] => (cycle % 2 ? [order[b] as number, order[a] as number] : [order[a] as number, order[b] as number])),
      random,
    )
    const kickoffs = kickoffsOf(round)
    const rested = (side: number, at: number) => at - (last.get(side) ?? -Infinity) >= rest
    const place = (i: number, at: number) => {
      const [home, away] = pairs[i] as [number, number]
      out.push({ home, away, at })
      last.set(home, at).set(away, at)
      pairs.splice(i, 1)
    }
    for (const k of kickoffs) {
      const at = k.day * 1440 + k.minute
      for (let taken = 0; taken < k.n; taken++) {
        const i = pairs.findIndex(([a, b]) => rested(a, at) && rested(b, at))
        if (i < 0) break
        place(i, at)
      }
    }
    // What the kick-offs could not take: at the round's latest kick-off both sides are rested for.
    for (let i = pairs.length - 1; i >= 0; i--) {
      const [a, b] = pairs[i] as [number, number]
      const k = [...kickoffs].reverse().find((x) => rested(a, x.day * 1440 + x.minute) && rested(b, x.day * 1440 + x.minute))
      if (k) place(i, k.day * 1440 + k.minute)
    }
  })
  const date = new Date(monday)
  const wall = (at: number) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) + at * 60_000
  return out
    .map((f) => ({ home: league.sides[f.home] as string, away: league.sides[f.away] as string, startsAt: zoned(league.tz, wall(f.at)) }))
    .sort((a, b) => a.startsAt - b.startsAt || a.home.localeCompare(b.home))
}
