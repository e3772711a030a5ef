/**
 * Where the reels are, as plain numbers (no Pixi here, so it is unit-tested).
 *
 * A reel's position `pos` is a float in strip units: strip symbol k is drawn with its top edge at
 * row (k - pos), so at an integer position p the window's rows 0, 1, 2 show strip[p], strip[p + 1]
 * and strip[p + 2] (indices wrap around the strip), which is exactly gridOf's reading of a stop.
 * The reels turn downwards: the position decreases while they spin.
 */
import { ROWS, type SlotSymbol } from '../shared/slotMath'

/** a mod n in 0 .. n (also for negative a). */
export const wrap = (a: number, n: number): number => ((a % n) + n) % n

/** One symbol of a reel's window: which strip stop, what it shows, and its row (top edge, may be fractional). */
export interface WindowCell {
  index: number
  symbol: SlotSymbol
  row: number
}

/**
 * The symbols drawn for a reel at a position: ROWS + 1 of them (a moving reel shows parts of four),
 * from the top. At an integer position the last one sits just below the window (row ROWS).
 */
export function reelWindow(strip: readonly SlotSymbol[], pos: number): WindowCell[] {
  const base = Math.floor(pos)
  const cells: WindowCell[] = []
  for (let j = 0; j <= ROWS; j++) {
    const index = wrap(base + j, strip.length)
    const symbol = strip[index]
    if (symbol === undefined) throw new Error('unreachable: wrapped index out of the strip')
    cells.push({ index, symbol, row: base + j - pos })
  }
  return cells
}

/** The visible grid (grid[reel][row], as gridOf) of reels at rest at integer positions. */
export function gridAt(strips: readonly (readonly SlotSymbol[])[], positions: readonly number[]): SlotSymbol[][] {
  return strips.map((strip, reel) =>
    reelWindow(strip, Math.round(positions[reel] ?? 0))
      .filter((cell) => cell.row >= 0 && cell.row < ROWS)
      .map((cell) => cell.symbol),
  )
}

/** The timings of a spin, in seconds and symbols per second. */
export interface SpinTiming {
  /** Top speed of a spinning reel (symbols per second). */
  speed: number
  /** The little lift before a reel starts down: its height (symbols) and duration. */
  liftHeight: number
  liftTime: number
  /** Time from standing to top speed after the lift. */
  accelTime: number
  /** Deceleration time of a stopping reel, to the overshoot point. */
  decelTime: number
  /** How far a stopping reel runs past its stop (symbols) and the time it takes to settle back. */
  overshoot: number
  settleTime: number
  /** Time over which a reel changes from its spinning speed to the speed its stop needs. */
  rampTime: number
}

export const SPIN_TIMING: SpinTiming = {
  speed: 24,
  liftHeight: 0.22,
  liftTime: 0.1,
  accelTime: 0.22,
  decelTime: 0.42,
  overshoot: 0.2,
  settleTime: 0.16,
  rampTime: 0.2,
}

/** Distance travelled (downwards, in symbols; negative during the lift) t seconds after a reel starts. */
export function startTravel(t: number, timing: SpinTiming = SPIN_TIMING): number {
  const { liftHeight, liftTime, accelTime, speed } = timing
  if (t <= 0) return 0
  if (t < liftTime) return -liftHeight * Math.sin((Math.PI / 2) * (t / liftTime))
  const u = t - liftTime
  if (u < accelTime) return -liftHeight + (speed * u * u) / (2 * accelTime)
  return -liftHeight + (speed * accelTime) / 2 + speed * (u - accelTime)
}

/** Time after its start at which a reel runs at top speed (its position is then linear in time). */
export const cruiseAfter = (timing: SpinTiming = SPIN_TIMING): number => timing.liftTime + timing.accelTime

/**
 * How a reel spinning at top speed comes to rest on a stop, `duration` seconds after the plan
 * starts: it changes to `cruise` speed (over rampTime), runs, decelerates evenly to the overshoot
 * point and settles back onto the stop. `travel` is the whole distance run, chosen so that
 * (from - travel) is the stop (mod the strip length) and the cruise speed is as near the top speed
 * as the strip allows.
 */
export interface StopPlan {
  duration: number
  travel: number
  cruise: number
  timing: SpinTiming
}

/** Total time of a stop plan, settling included. */
export const planLength = (plan: StopPlan): number => plan.duration + plan.timing.settleTime

export function planStop(from: number, stop: number, length: number, duration: number, timing: SpinTiming = SPIN_TIMING): StopPlan {
  const { speed: v, rampTime: ramp, decelTime: decel, overshoot } = timing
  if (duration < ramp + decel) throw new RangeError('a stop needs at least the ramp and the deceleration time')
  // Distance to the overshoot point D' = cruise·(duration - ramp/2 - decel/2) + v·ramp/2.
  const k = duration - ramp / 2 - decel / 2
  const speedFor = (travel: number) => (travel + overshoot - (v * ramp) / 2) / k
  // The travels that land on the stop are base + n·length; take the one whose cruise speed is nearest v,
  // never slower than half of it (a visible crawl) nor a travel of less than a symbol.
  const base = wrap(from - stop, length)
  let best = Number.NaN
  for (let n = 0; n < 64; n++) {
    const travel = base + n * length
    if (travel < 1) continue
    const cruise = speedFor(travel)
    if (cruise < v / 2) continue
    if (Number.isNaN(best) || Math.abs(cruise - v) < Math.abs(speedFor(best) - v)) best = travel
    if (cruise > v) break
  }
  return { duration, travel: best, cruise: speedFor(best), timing }
}

/** Distance run t seconds into a stop plan, and whether the reel moves fast (drawn blurred). */
export function stopTravel(plan: StopPlan, t: number): { travel: number; fast: boolean; done: boolean } {
  const { speed: v, rampTime: ramp, decelTime: decel, overshoot, settleTime } = plan.timing
  const c = plan.cruise
  const cruiseEnd = plan.duration - decel
  if (t <= 0) return { travel: 0, fast: true, done: false }
  if (t < ramp) return { travel: c * t + (v - c) * (t - (t * t) / (2 * ramp)), fast: true, done: false }
  const rampDistance = (v - c) * (ramp / 2)
  if (t < cruiseEnd) return { travel: c * t + rampDistance, fast: true, done: false }
  const atDecel = c * cruiseEnd + rampDistance
  if (t < plan.duration) {
    const u = t - cruiseEnd
    return { travel: atDecel + c * u - (c * u * u) / (2 * decel), fast: c * (1 - u / decel) > v / 3, done: false }
  }
  const settle = t - plan.duration
  if (settle < settleTime) {
    const e = 0.5 - 0.5 * Math.cos(Math.PI * (settle / settleTime))
    return { travel: plan.travel + overshoot * (1 - e), fast: false, done: false }
  }
  return { travel: plan.travel, fast: false, done: true }
}
