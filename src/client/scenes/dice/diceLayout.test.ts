import { describe, expect, it } from 'vitest'
import { diceLayout } from './diceLayout'

describe('diceLayout', () => {
  it('maps 0..100 onto the track, clamping outside values', () => {
    const l = diceLayout({ width: 390, height: 240 })
    expect(l.xOf(0)).toBe(l.track.x)
    expect(l.xOf(100)).toBe(l.track.x + l.track.w)
    expect(l.xOf(50)).toBeCloseTo(l.track.x + l.track.w / 2)
    expect(l.xOf(-5)).toBe(l.xOf(0))
    expect(l.xOf(120)).toBe(l.xOf(100))
    expect(l.ticks.map((t) => t.value)).toEqual([0, 25, 50, 75, 100])
  })

  it('keeps the track and the label inside the stage', () => {
    for (const view of [{ width: 320, height: 163 }, { width: 366, height: 198 }, { width: 600, height: 300 }]) {
      const l = diceLayout(view)
      expect(l.track.y + l.track.h).toBeLessThan(view.height)
      expect(l.label.y).toBeGreaterThan(0)
      // The number ends above the marker's tip area.
      expect(l.label.y + l.label.size).toBeLessThanOrEqual(l.track.y - 34)
      expect(l.track.x + l.track.w).toBeLessThanOrEqual(view.width)
      // The payout counter sits below the tick labels and inside the stage.
      expect(l.payout.y).toBeGreaterThanOrEqual(l.track.y + l.track.h + 24)
      expect(l.payout.y + l.payout.size * 1.2).toBeLessThanOrEqual(view.height)
    }
  })
})
