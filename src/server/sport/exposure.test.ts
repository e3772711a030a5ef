import { describe, expect, it } from 'vitest'
import { coverExposure, type LegRow } from './bets'

const leg = (market_type: string, line: number, selection: string, odds: number): LegRow => ({ bet_id: 1n, leg: 0, market_type, period: 1, line_quarters: line * 4, selection, odds, result: null })

describe('net exposure of singles that cover each other', () => {
  it('one side counts in full at its odds; both sides of a line count only what they can lose together', () => {
    expect(coverExposure([{ amount: 1000n, leg: leg('ah', -0.5, 'home', 1950) }])).toEqual({ exposure: 1000n, multiplier4: 19_500n })
    // Home -0.5 and away +0.5 at 1.95 each: 19.50 back whatever happens, out of 20.
    expect(coverExposure([
      { amount: 1000n, leg: leg('ah', -0.5, 'home', 1950) },
      { amount: 1000n, leg: leg('ah', -0.5, 'away', 1950) },
    ])).toEqual({ exposure: 50n, multiplier4: 9750n })
    // Over and under of a quarter line: a half result on each side at worst.
    const ou = coverExposure([
      { amount: 1000n, leg: leg('ou', 2.25, 'over', 1900) },
      { amount: 1000n, leg: leg('ou', 2.25, 'under', 1900) },
    ])
    expect(ou.exposure).toBeLessThanOrEqual(200n)
    expect(ou.multiplier4).toBeLessThan(15_000n)
    // 1X2 all three: whatever ends, one pays.
    const all = coverExposure([
      { amount: 1000n, leg: leg('1x2', 0, 'home', 2500) },
      { amount: 1000n, leg: leg('1x2', 0, 'draw', 3200) },
      { amount: 1000n, leg: leg('1x2', 0, 'away', 3000) },
    ])
    expect(all.exposure).toBe(500n)
  })
})
