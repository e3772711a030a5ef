import { describe, expect, it } from 'vitest'
import { minesLayout, TILE_COUNT } from './minesLayout'

const VIEWS = [
  { width: 390, height: 390 },
  { width: 320, height: 320 },
  { width: 390, height: 300 },
  { width: 800, height: 500 },
]

describe('minesLayout', () => {
  for (const view of VIEWS) {
    describe(`${view.width}x${view.height}`, () => {
      const l = minesLayout(view)
      const tile = (i: number) => {
        const found = l.tiles[i]
        if (!found) throw new Error(`no tile ${i}`)
        return found
      }

      it('has 25 square tiles of one size', () => {
        expect(l.tiles).toHaveLength(TILE_COUNT)
        const size = l.tileSize
        expect(size).toBeGreaterThan(0)
        for (const t of l.tiles) expect(t.size).toBe(size)
      })

      it('keeps the board and every tile inside the view, with a margin', () => {
        const { board } = l
        expect(board.x).toBeGreaterThan(0)
        expect(board.y).toBeGreaterThan(0)
        expect(board.x + board.size).toBeLessThan(view.width)
        expect(board.y + board.size).toBeLessThan(view.height)
        for (const t of l.tiles) {
          expect(t.x).toBeGreaterThanOrEqual(board.x)
          expect(t.y).toBeGreaterThanOrEqual(board.y)
          expect(t.x + t.size).toBeLessThanOrEqual(board.x + board.size)
          expect(t.y + t.size).toBeLessThanOrEqual(board.y + board.size)
        }
      })

      it('centres the board and makes it nearly as large as the shorter side', () => {
        const { board } = l
        const short = Math.min(view.width, view.height)
        expect(Math.abs(board.x + board.size / 2 - view.width / 2)).toBeLessThanOrEqual(1)
        expect(Math.abs(board.y + board.size / 2 - view.height / 2)).toBeLessThanOrEqual(1)
        expect(board.size).toBeGreaterThan(short * 0.88)
      })

      it('orders tiles row by row, left to right, without overlaps', () => {
        for (let i = 0; i < TILE_COUNT; i++) {
          const a = tile(i)
          if (i % 5 > 0) expect(a.x).toBeGreaterThan(tile(i - 1).x)
          if (i >= 5) expect(a.y).toBeGreaterThan(tile(i - 5).y)
          expect(a.y).toBe(tile(Math.floor(i / 5) * 5).y)
          for (let j = i + 1; j < TILE_COUNT; j++) {
            const b = tile(j)
            const apart = a.x + a.size <= b.x || b.x + b.size <= a.x || a.y + a.size <= b.y || b.y + b.size <= a.y
            expect(apart, `tiles ${i} and ${j} overlap`).toBe(true)
          }
        }
      })

      it('keeps the cash-out card inside the board', () => {
        const { card, board } = l
        expect(card.x).toBeGreaterThan(board.x)
        expect(card.y).toBeGreaterThan(board.y)
        expect(card.x + card.w).toBeLessThan(board.x + board.size)
        expect(card.y + card.h).toBeLessThan(board.y + board.size)
        expect(card.titleSize + card.multiplierSize + card.payoutSize).toBeLessThan(card.h)
      })
    })
  }

  it('survives a zero-sized view', () => {
    const l = minesLayout({ width: 0, height: 0 })
    expect(l.tiles).toHaveLength(TILE_COUNT)
    for (const t of l.tiles) expect(Number.isFinite(t.x + t.y + t.size)).toBe(true)
  })
})
