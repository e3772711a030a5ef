/**
 * Calendar days as a Brazilian player lives them: in America/Sao_Paulo, whatever the server's
 * own time zone. (Brazil has had no daylight saving since 2019, but the offset is read from the
 * time-zone database rather than assumed.)
 */
export const BRAZIL_TZ = 'America/Sao_Paulo'

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: BRAZIL_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

function wallClock(ms: number): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]))
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) }
}

/** The zone's offset from UTC at an instant, in ms (negative west of Greenwich). */
function offsetAt(ms: number): number {
  const w = wallClock(ms)
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - (ms - (((ms % 1000) + 1000) % 1000))
}

/** The instant a São Paulo day (YYYY-MM-DD) begins. */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const utcMidnight = Date.UTC(y, m - 1, d)
  let guess = utcMidnight - offsetAt(utcMidnight)
  guess = utcMidnight - offsetAt(guess)
  return new Date(guess)
}

/** The São Paulo day (YYYY-MM-DD) an instant falls on. */
export function dayOf(ms: number): string {
  // Every bet asks; the zone's calendar is read once a day.
  if (ms >= known.from && ms < known.to) return known.day
  const w = wallClock(ms)
  const day = `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`
  known = { day, from: dayStart(day).getTime(), to: dayStart(nextDay(day)).getTime() }
  return day
}
let known = { day: '', from: 0, to: 0 }

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** The instant today (in São Paulo) began. */
export function startOfToday(now: number): Date {
  return dayStart(dayOf(now))
}
