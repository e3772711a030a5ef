import { describe, expect, it } from 'vitest'
import { lobbyLayout } from './lobbyLayout'

describe('lobbyLayout', () => {
  it('fills the stage and keeps everything inside it', () => {
    for (const view of [{ width: 366, height: 160 }, { width: 590, height: 240 }, { width: 280, height: 120 }]) {
      const l = lobbyLayout(view, 3)
      expect(l.banner).toEqual({ x: 0, y: 0, w: view.width, h: view.height })
      for (const p of [l.title, l.online, l.jackpot, ...l.dots]) {
        expect(p.x).toBeGreaterThanOrEqual(0)
        expect(p.x).toBeLessThanOrEqual(view.width)
        expect(p.y).toBeGreaterThanOrEqual(0)
        expect(p.y).toBeLessThanOrEqual(view.height)
      }
      expect(l.title.maxWidth).toBeLessThan(view.width)
    }
  })

  it('centres the carousel dots, evenly spaced', () => {
    const l = lobbyLayout({ width: 400, height: 160 }, 3)
    expect(l.dots).toHaveLength(3)
    const [a, b, c] = l.dots
    if (!a || !b || !c) throw new Error('three dots expected')
    expect((a.x + c.x) / 2).toBeCloseTo(200)
    expect(b.x - a.x).toBeCloseTo(c.x - b.x)
  })

  it('scales text with the width, within bounds', () => {
    expect(lobbyLayout({ width: 200, height: 100 }, 3).title.size).toBe(14)
    expect(lobbyLayout({ width: 2000, height: 400 }, 3).title.size).toBe(30)
  })
})
