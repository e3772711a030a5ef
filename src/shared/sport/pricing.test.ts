import { describe, expect, it } from 'vitest'
import { fairOdds, marginOdds, poisson, scoreGrid } from './pricing'
import { settleLeg, type MarketRef, type SelectionName } from './settle'

const grid = scoreGrid(1.6, 1.1)
const outcome = (home: number, away: number) => ({ status: 'finished' as const, fullTime: { home, away }, halfTime: { home: 0, away: 0 }, corners: { home: 0, away: 0 } })
const resultsOf = (market: MarketRef, selection: SelectionName) => grid.map((g) => ({ result: settleLeg(market, selection, outcome(g.home, g.away)), p: g.p }))

/** The mean return of one unit at odds D, through the same settlement the server pays with. */
function meanReturn(market: MarketRef, selection: SelectionName, odds: number): number {
  const factor: Record<number, number> = { 10: odds, 21: (1 + odds) / 2, 90: 1, 11: 0.5, 20: 0 }
  return resultsOf(market, selection).reduce((sum, r) => sum + r.p * (factor[r.result] ?? 0), 0)
}

describe('pricing from the Poisson model', () => {
  it('the score grid is a distribution', () => {
    expect(poisson(1.6).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    expect(grid.reduce((a, g) => a + g.p, 0)).toBeCloseTo(1, 12)
  })

  it('fair odds return the stake exactly, on every line kind, settled by settleLeg', () => {
    for (let q = -10; q <= 10; q++) {
      for (const sel of ['home', 'away'] as const) {
        const market = { type: 'ah' as const, period: 1, line: q / 4 }
        const d = fairOdds(resultsOf(market, sel))
        expect(d).not.toBeNull()
        expect(meanReturn(market, sel, d!), `ah ${q / 4} ${sel}`).toBeCloseTo(1, 9)
      }
    }
    for (let q = 2; q <= 18; q++) {
      for (const sel of ['over', 'under'] as const) {
        const market = { type: 'ou' as const, period: 1, line: q / 4 }
        expect(meanReturn(market, sel, fairOdds(resultsOf(market, sel))!), `ou ${q / 4} ${sel}`).toBeCloseTo(1, 9)
      }
    }
  })

  it('a margin of 5 % makes a 1X2 book sum to 1.05 in implied probability, and every selection return 1/1.05', () => {
    const market = { type: '1x2' as const, period: 1, line: 0 }
    const odds = (['home', 'draw', 'away'] as const).map((s) => marginOdds(fairOdds(resultsOf(market, s))!, 0.05))
    const implied = odds.reduce((sum, o) => sum + 1000 / o, 0)
    expect(implied).toBeGreaterThanOrEqual(1.05)
    expect(implied).toBeLessThan(1.052)
    expect(marginOdds(1.0, 0.05)).toBe(1010)
  })
})
