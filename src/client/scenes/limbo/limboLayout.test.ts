import { describe, expect, it } from 'vitest'
import { countDuration, countValue, curvePoint, fitFontSize, LINE_HEIGHT, limboLayout, limboProgress, limboScaleTop, textWidth } from './limboLayout'

// The brief's sizes, plus the game stage's real boxes (2rem tall) on 390 and 320 wide phones.
const VIEWS = [
  { width: 390, height: 300 },
  { width: 366, height: 198 },
  { width: 300, height: 163 },
  { width: 390, height: 200 },
  { width: 320, height: 260 },
  { width: 320, height: 180 },
  { width: 800, height: 400 },
]

/** A text's box (anchor 0.5) at its fitted size. */
function box(text: string, x: number, y: number, maxWidth: number, maxSize: number, minSize: number) {
  const size = fitFontSize(text, maxWidth, maxSize, minSize)
  const w = textWidth(text, size)
  const h = size * LINE_HEIGHT
  return { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2, size }
}

describe('limboLayout', () => {
  for (const view of VIEWS) {
    it(`keeps the number, the pill and the payout inside ${view.width}x${view.height}, in order, without overlap`, () => {
      const l = limboLayout(view)
      const number = box('1234.56×', l.number.x, l.number.y, l.number.maxWidth, l.number.maxSize, 18)
      const pillTop = l.target.y - l.target.h / 2
      const pillBottom = l.target.y + l.target.h / 2
      const label = box('Alvo 1000000.00×', l.target.x, l.target.y, l.target.maxWidth, l.target.size, 9)
      const payout = box('+R$ 1.000.000,00', l.payout.x, l.payout.y, l.payout.maxWidth, l.payout.size, 10)
      for (const b of [number, label, payout]) {
        expect(b.left).toBeGreaterThanOrEqual(0)
        expect(b.right).toBeLessThanOrEqual(view.width)
        expect(b.top).toBeGreaterThanOrEqual(0)
        expect(b.bottom).toBeLessThanOrEqual(view.height)
      }
      // Digits fill about 0.73 em round the centre: they end above the pill, which ends above the payout.
      expect(l.number.y + l.number.maxSize * 0.37).toBeLessThanOrEqual(pillTop)
      expect(pillBottom).toBeLessThanOrEqual(payout.top + 0.5)
      expect(label.bottom - label.top).toBeLessThanOrEqual(l.target.h)
      // Under the pill and a typical payout, the curve runs below them (it climbs only to their right).
      const wide = box('+R$ 10.000,00', l.payout.x, l.payout.y, l.payout.maxWidth, l.payout.size, 10)
      for (let t = 0; t <= 1; t += 0.01) {
        const p = curvePoint(l.curve, t)
        if (p.x >= wide.left - 4 && p.x <= wide.right + 4) expect(p.y).toBeGreaterThan(wide.bottom)
        if (p.x >= number.left && p.x <= number.right) expect(p.y).toBeGreaterThan(l.number.y + l.number.maxSize * 0.4)
      }
      // The glow and the curve stay on the stage.
      expect(l.glow.x - l.glow.rx).toBeGreaterThanOrEqual(0)
      expect(l.glow.x + l.glow.rx).toBeLessThanOrEqual(view.width)
      for (let t = 0; t <= 1; t += 0.125) {
        const p = curvePoint(l.curve, t)
        expect(p.x).toBeGreaterThanOrEqual(0)
        expect(p.x).toBeLessThanOrEqual(view.width)
        expect(p.y).toBeGreaterThanOrEqual(0)
        expect(p.y).toBeLessThanOrEqual(view.height)
      }
    })
  }

  it('centres the stack horizontally and gives a taller stage a bigger number', () => {
    const small = limboLayout({ width: 390, height: 200 })
    const tall = limboLayout({ width: 390, height: 300 })
    expect(small.number.x).toBe(195)
    expect(small.target.x).toBe(195)
    expect(tall.number.maxSize).toBeGreaterThan(small.number.maxSize)
  })
})

describe('fitFontSize', () => {
  it('keeps the largest size for short texts and shrinks long ones to fit', () => {
    const l = limboLayout({ width: 390, height: 260 })
    const short = fitFontSize('3.31×', l.number.maxWidth, l.number.maxSize, 18)
    const long = fitFontSize('1234.56×', l.number.maxWidth, l.number.maxSize, 18)
    const huge = fitFontSize('1000000.00×', l.number.maxWidth, l.number.maxSize, 18)
    expect(short).toBe(l.number.maxSize)
    expect(huge).toBeLessThan(long)
    expect(huge).toBeLessThan(short)
    expect(textWidth('1000000.00×', huge)).toBeLessThanOrEqual(l.number.maxWidth)
    expect(textWidth('1000000.00×', huge + 1)).toBeGreaterThan(l.number.maxWidth)
  })

  it('never goes below the minimum, even when that overflows', () => {
    expect(fitFontSize('x'.repeat(200), 100, 40, 12)).toBe(12)
    expect(fitFontSize('', 100, 40, 12)).toBe(40)
  })
})

describe('the count', () => {
  it('runs from 1.00 and lands exactly on the result', () => {
    for (const result of [1, 1.01, 3.31, 1234.56, 1_000_000]) {
      expect(countValue(result, 0, 3)).toBe(1)
      expect(countValue(result, 1, 3)).toBe(result)
      expect(countValue(result, 1.5, 3).toFixed(2)).toBe(result.toFixed(2))
    }
  })

  it('rises monotonically and never passes the result before the end', () => {
    let before = 1
    for (let k = 0; k <= 1.0001; k += 0.01) {
      const v = countValue(1234.56, k, 3)
      expect(v).toBeGreaterThanOrEqual(before)
      expect(v).toBeLessThanOrEqual(1234.56)
      before = v
    }
  })

  it('counts in log space: halfway through 1.00→1000 already shows hundreds', () => {
    const half = countValue(1000, 0.5, 3)
    expect(half).toBeGreaterThan(100)
    expect(half).toBeLessThan(1000)
  })

  it('gives small results a short count and caps large ones at countMs', () => {
    expect(countDuration(1, 1000)).toBe(350)
    expect(countDuration(3.31, 1000)).toBeLessThan(countDuration(100, 1000))
    expect(countDuration(1234.56, 1000)).toBe(1000)
    expect(countDuration(1_000_000, 1000)).toBe(1000)
  })
})

describe('the trajectory', () => {
  it('places 1.00 at the start, the target inside, and runs large results off the end', () => {
    const top = limboScaleTop(2)
    expect(limboProgress(1, top)).toBe(0)
    const t = limboProgress(2, top)
    expect(t).toBeGreaterThan(0.1)
    expect(t).toBeLessThan(0.6)
    expect(limboProgress(3.31, top)).toBeGreaterThan(t)
    expect(limboProgress(1.27, top)).toBeLessThan(t)
    expect(limboProgress(1234.56, top)).toBe(1)
    // The largest target still leaves room past its mark.
    expect(limboProgress(1_000_000, limboScaleTop(1_000_000))).toBeLessThan(1)
  })

  it('runs from the bottom-left corner to the top-right', () => {
    const l = limboLayout({ width: 390, height: 260 })
    const start = curvePoint(l.curve, 0)
    const end = curvePoint(l.curve, 1)
    expect(start.x).toBeLessThan(end.x)
    expect(start.y).toBeGreaterThan(end.y)
    expect(curvePoint(l.curve, 0.5).y).toBeLessThan(start.y)
  })
})
