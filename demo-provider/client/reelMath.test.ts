import { describe, expect, it } from 'vitest'
import { REELS, ROWS, gridOf } from '../shared/slotMath'
import { SPIN_TIMING, cruiseAfter, gridAt, planLength, planStop, reelWindow, startTravel, stopTravel, wrap } from './reelMath'

/** A small seeded generator, so a failure repeats. */
function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const visible = (strip: (typeof REELS)[number], pos: number) =>
  reelWindow(strip, pos)
    .filter((c) => c.row >= 0 && c.row < ROWS)
    .map((c) => c.symbol)

describe('reel window', () => {
  it('at every stop of every reel shows the column gridOf reads', () => {
    REELS.forEach((strip, reel) => {
      for (let stop = 0; stop < strip.length; stop++) {
        const stops = REELS.map((_, i) => (i === reel ? stop : 0))
        expect(visible(strip, stop)).toEqual(gridOf(stops)[reel])
      }
    })
  })

  it('landing on stops shows exactly gridOf(stops)', () => {
    const random = rng(7)
    for (let n = 0; n < 500; n++) {
      const stops = REELS.map((s) => Math.floor(random() * s.length))
      expect(gridAt(REELS, stops)).toEqual(gridOf(stops))
    }
    expect(gridAt(REELS, [0, 0, 0, 0, 0])).toEqual(gridOf([0, 0, 0, 0, 0]))
  })

  it('while moving shows consecutive symbols of the real strip, one row apart', () => {
    const strip = REELS[2] ?? []
    for (const pos of [0.25, 3.5, 33.9, -0.4, -70.75]) {
      const cells = reelWindow(strip, pos)
      expect(cells).toHaveLength(ROWS + 1)
      cells.forEach((cell, j) => {
        expect(cell.symbol).toBe(strip[cell.index])
        expect(cell.row).toBeCloseTo(Math.floor(pos) + j - pos, 9)
        if (j > 0) expect(cell.index).toBe(wrap((cells[j - 1]?.index ?? 0) + 1, strip.length))
      })
      // The top cell is (partly) in the window, the last one reaches below the top row.
      expect(cells[0]?.row).toBeLessThanOrEqual(0)
      expect(cells[0]?.row).toBeGreaterThan(-1)
    }
  })
})

describe('spin motion', () => {
  it('starts with a small lift, then runs down at top speed without jumps', () => {
    const { speed, liftHeight } = SPIN_TIMING
    let previous = startTravel(0)
    let lowest = 0
    for (let t = 0.001; t < 1.5; t += 0.001) {
      const d = startTravel(t)
      expect(Math.abs(d - previous)).toBeLessThan(speed * 0.001 + 1e-9)
      lowest = Math.min(lowest, d)
      previous = d
    }
    expect(lowest).toBeCloseTo(-liftHeight, 2)
    const t = cruiseAfter() + 0.5
    expect(startTravel(t + 0.1) - startTravel(t)).toBeCloseTo(speed * 0.1, 9)
  })

  it('a stop plan lands exactly on its stop, without reversing before the overshoot', () => {
    const random = rng(11)
    for (let n = 0; n < 2000; n++) {
      const strip = REELS[n % REELS.length] ?? []
      const length = strip.length
      const from = (random() - 0.5) * 400
      const stop = Math.floor(random() * length)
      const duration = 1 + random() * 0.8
      const plan = planStop(from, stop, length, duration)
      expect(wrap(from - plan.travel - stop + 0.5, length) - 0.5).toBeCloseTo(0, 6)
      expect(plan.cruise).toBeGreaterThanOrEqual(SPIN_TIMING.speed / 2)
      expect(plan.cruise).toBeLessThan(SPIN_TIMING.speed * 4)
      let previous = 0
      let reversed = false
      for (let t = 0; t <= plan.duration; t += 0.01) {
        const { travel } = stopTravel(plan, t)
        if (travel < previous - 1e-9) reversed = true
        previous = travel
      }
      expect(reversed).toBe(false)
      const end = stopTravel(plan, planLength(plan) + 0.001)
      expect(end.done).toBe(true)
      expect(end.travel).toBe(plan.travel)
      expect(gridAt([strip], [wrap(Math.round(from - end.travel), length)])).toEqual([visible(strip, stop)])
    }
  })

  it('takes over from the spinning speed smoothly', () => {
    const plan = planStop(10.3, 4, 34, 1.2)
    const dt = 0.001
    expect(stopTravel(plan, dt).travel / dt).toBeCloseTo(SPIN_TIMING.speed, 0)
    // It ends still: the last step before settling is tiny.
    const justBefore = stopTravel(plan, plan.duration - dt).travel
    const atEnd = stopTravel(plan, plan.duration).travel
    expect(atEnd - justBefore).toBeLessThan(0.001)
  })
})
