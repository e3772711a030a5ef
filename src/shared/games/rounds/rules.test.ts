import { describe, expect, it } from 'vitest'
import { DOUBLE_SIZE, WHEEL_ORDER, doubleRules, tileColor } from './double'
import { LUCKY_CHOICES, luckyColorRules, luckyColors, luckyPeriodId, type LuckyChoice } from './luckyColor'
import { ROUND_GAMES } from './registry'
import { choicePays, exactRtp, rtpPercent } from './payTable'
import type { RoundRules } from './types'

/** Exact return of a choice: the mean multiplier over every equally likely roll, as a fraction of ten-thousandths. */
function rtp<C extends string>(rules: RoundRules<C>, choice: C): number {
  let sum = 0n
  for (let roll = 0; roll < rules.size; roll++) sum += rules.multiplier(choice, roll)
  return Number(sum) / 10_000 / rules.size
}

describe('Double and Row Double', () => {
  it('tiles: 0 white, 1-7 red, 8-14 black; the wheel holds each tile once', () => {
    expect(tileColor(0)).toBe('white')
    for (let t = 1; t <= 7; t++) expect(tileColor(t)).toBe('red')
    for (let t = 8; t <= 14; t++) expect(tileColor(t)).toBe('black')
    expect(() => tileColor(15)).toThrow()
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: DOUBLE_SIZE }, (_, i) => i))
    // Colours alternate around the wheel after white.
    const colours = WHEEL_ORDER.map(tileColor)
    colours.slice(2).forEach((c, i) => expect(c).not.toBe(colours[i + 1]))
  })

  it('pays white 14x, red and black 2x; every choice returns exactly 14/15', () => {
    const rules = doubleRules('double')
    expect(rules.multiplier('white', 0)).toBe(140_000n)
    expect(rules.multiplier('red', 3)).toBe(20_000n)
    expect(rules.multiplier('black', 3)).toBe(0n)
    expect(rules.multiplier('black', 14)).toBe(20_000n)
    for (const c of rules.choices) expect(rtp(rules, c)).toBeCloseTo(14 / 15, 12)
  })
})

describe('Lucky Color', () => {
  const rules = luckyColorRules()
  it('colours of each number', () => {
    expect(luckyColors(0)).toEqual(['red', 'violet'])
    expect(luckyColors(5)).toEqual(['green', 'violet'])
    for (const n of [1, 3, 7, 9]) expect(luckyColors(n)).toEqual(['green'])
    for (const n of [2, 4, 6, 8]) expect(luckyColors(n)).toEqual(['red'])
  })

  it('pays on the stake less 2 %: colour 2x (1.5x on 5 or 0), violet 4.5x, a number 9x, big/small 2x', () => {
    const m = (c: LuckyChoice, n: number) => Number(rules.multiplier(c, n)) / 10_000
    expect(m('green', 3)).toBe(1.96)
    expect(m('green', 5)).toBe(1.47)
    expect(m('green', 0)).toBe(0)
    expect(m('red', 0)).toBe(1.47)
    expect(m('red', 8)).toBe(1.96)
    expect(m('violet', 5)).toBe(4.41)
    expect(m('violet', 1)).toBe(0)
    expect(m('7', 7)).toBe(8.82)
    expect(m('7', 6)).toBe(0)
    expect(m('big', 5)).toBe(1.96)
    expect(m('big', 4)).toBe(0)
    expect(m('small', 4)).toBe(1.96)
  })

  it('exact RTP of every bet type', () => {
    const expected: Record<string, number> = { green: 0.931, red: 0.931, violet: 0.882, big: 0.98, small: 0.98 }
    for (const c of LUCKY_CHOICES) expect(rtp(rules, c), c).toBeCloseTo(expected[c] ?? 0.882, 12)
  })

  it('period ids: the São Paulo date and the period of that day from 0001', () => {
    // 03:00 UTC is midnight in São Paulo (UTC-3, no daylight saving since 2019).
    expect(luckyPeriodId(new Date('2026-11-23T03:00:00.000Z'), 60_000)).toBe('202611230001')
    expect(luckyPeriodId(new Date('2026-11-23T03:00:59.999Z'), 60_000)).toBe('202611230001')
    expect(luckyPeriodId(new Date('2026-11-23T03:01:00.000Z'), 60_000)).toBe('202611230002')
    expect(luckyPeriodId(new Date('2026-11-24T02:59:30.000Z'), 60_000)).toBe('202611231440')
  })
})

describe('registry', () => {
  it('holds the three games with the default timings', () => {
    expect(Object.keys(ROUND_GAMES).sort()).toEqual(['double', 'luckyColor', 'rowDouble'])
    expect(ROUND_GAMES.double.timings).toEqual({ bettingMs: 15_000, drawMs: 6_000, resultMs: 4_000 })
    expect(ROUND_GAMES.rowDouble.timings).toEqual({ bettingMs: 10_000, drawMs: 5_000, resultMs: 3_000 })
    const lucky = ROUND_GAMES.luckyColor.timings
    expect(lucky.bettingMs + lucky.drawMs + lucky.resultMs).toBe(60_000)
    expect(lucky.drawMs + lucky.resultMs).toBe(5_000)
  })
})

describe('the info panel figures (payTable.ts)', () => {
  it('exact RTP fractions agree with the mean over the rolls, and display rounding is exact', () => {
    const double = doubleRules('double')
    // 7 red tiles x 2x over 15 tiles = 14/15; white 1 x 14x over 15 = 14/15.
    for (const c of double.choices) {
      const { numerator, denominator } = exactRtp(double, c)
      expect(numerator * 15n).toBe(14n * denominator)
      expect(rtpPercent(double, c)).toBe(93.33)
    }
    const lucky = luckyColorRules()
    // green: 4 x 1.96 + 1 x 1.47 over 10 = 0.931; violet 2 x 4.41 / 10; a number 8.82 / 10; big 5 x 1.96 / 10.
    const expected: Partial<Record<LuckyChoice, number>> = { green: 93.1, red: 93.1, violet: 88.2, big: 98, small: 98, '0': 88.2, '9': 88.2 }
    for (const [c, pct] of Object.entries(expected)) expect(rtpPercent(lucky, c as LuckyChoice), c).toBe(pct)
    expect(choicePays(lucky, 'green')).toEqual([19_600n, 14_700n])
    expect(choicePays(lucky, '7')).toEqual([88_200n])
    expect(choicePays(double, 'white')).toEqual([140_000n])
  })
})

