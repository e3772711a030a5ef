import { describe, expect, it } from 'vitest'
import { WHEEL_ORDER } from '../../../shared/games/rounds/double'
import { planSpin, positionAt, restingPosition, tileAt } from './landing'

describe('the draw lands on the result tile', () => {
  it('every tile from every starting position, after whole turns, with the position never going back', () => {
    for (let tile = 0; tile < 15; tile++) {
      for (const from of [0, 3, 7.4, 14, 29, -2]) {
        const spin = planSpin(from, tile, 4, 1000, 7000, 4)
        expect(tileAt(positionAt(spin, 7000)), `tile ${tile} from ${from}`).toBe(tile)
        expect(positionAt(spin, 7000) - from).toBeGreaterThanOrEqual(4 * 15)
        expect(positionAt(spin, 7000) - from).toBeLessThan(5 * 15)
        let last = -Infinity
        for (let t = 900; t <= 7100; t += 100) {
          const p = positionAt(spin, t)
          expect(p).toBeGreaterThanOrEqual(last)
          last = p
        }
        expect(positionAt(spin, 4000)).toBeGreaterThan(from)
        expect(positionAt(spin, 4000)).toBeLessThan(spin.to)
      }
    }
  })

  it('a resting tile is under the pointer; the wheel order is only for drawing', () => {
    WHEEL_ORDER.forEach((tile, i) => {
      expect(restingPosition(tile)).toBe(i)
      expect(tileAt(i + 15 * 3)).toBe(tile)
    })
    expect(tileAt(0.49)).toBe(0)
    expect(tileAt(0.51)).toBe(11)
    expect(() => restingPosition(15)).toThrow()
  })
})
