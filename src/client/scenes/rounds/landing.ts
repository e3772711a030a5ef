/**
 * The motion of a shared round's draw, as a pure function of time: a player who opens the page
 * mid-spin sees the wheel where everyone else sees it, and a snapshot at a fixed clock draws the
 * same frame. Positions are in tiles along the board (the Double wheel and the Row Double strip
 * share WHEEL_ORDER): position p shows WHEEL_ORDER[p mod 15] under the pointer.
 */
import { WHEEL_ORDER } from '../../../shared/games/rounds/double'

const SIZE = WHEEL_ORDER.length

export interface Spin {
  from: number
  to: number
  /** Clock ms. */
  start: number
  end: number
  /** The ease-out's power (3 is cubic): higher is a longer, slower crawl onto the tile. */
  power: number
}

/** Where a tile rests under the pointer (its index in the board's order). */
export function restingPosition(tile: number): number {
  const i = WHEEL_ORDER.indexOf(tile)
  if (i < 0) throw new Error(`no tile ${tile}`)
  return i
}

/** The tile under the pointer at a position. */
export function tileAt(position: number): number {
  const i = ((Math.round(position) % SIZE) + SIZE) % SIZE
  return WHEEL_ORDER[i] as number
}

/**
 * A spin from `from` that runs at least `turns` whole boards forward and lands on the centre of
 * `tile` at `end`.
 */
export function planSpin(from: number, tile: number, turns: number, start: number, end: number, power: number): Spin {
  const target = restingPosition(tile)
  const ahead = (((target - from) % SIZE) + SIZE) % SIZE
  return { from, to: from + Math.max(0, Math.round(turns)) * SIZE + ahead, start, end: Math.max(start, end), power }
}

/** The position at `now`: eased out from `from` to `to`; before the start it waits, after the end it rests. */
export function positionAt(spin: Spin, now: number): number {
  if (now >= spin.end || spin.end <= spin.start) return spin.to
  const k = Math.max(0, (now - spin.start) / (spin.end - spin.start))
  return spin.from + (spin.to - spin.from) * (1 - Math.pow(1 - k, spin.power))
}
