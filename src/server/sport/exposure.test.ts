import { describe, expect, it } from 'vitest'
import { MAX_COMBINATIONS, netExposure, type ExposureLeg } from './exposure'

const leg = (market_type: string, line: number, selection: string, odds: number, match_id = '1000000001', period = market_type === 'corners' ? 4 : 1): ExposureLeg => ({
  match_id,
  market_type,
  period,
  line_quarters: line * 4,
  selection,
  odds,
})
const single = (amount: bigint, l: ExposureLeg) => ({ amount, legs: [l] })

describe('net exposure of bets that cover each other', () => {
  it('one bet counts in full at its odds; both sides of a line count only what they can lose together', () => {
    expect(netExposure([single(1000n, leg('ah', -0.5, 'home', 1950))])).toEqual({ exposure: 1000n, multiplier4: 19_500n })
    // Home -0.5 and away +0.5 at 1.95 each: 19.50 back whatever happens, out of 20.
    expect(netExposure([single(1000n, leg('ah', -0.5, 'home', 1950)), single(1000n, leg('ah', -0.5, 'away', 1950))])).toEqual({ exposure: 50n, multiplier4: 9750n })
    // Over and under of a quarter line: a half result on each side at worst.
    const ou = netExposure([single(1000n, leg('ou', 2.25, 'over', 1900)), single(1000n, leg('ou', 2.25, 'under', 1900))])!
    expect(ou.exposure).toBeLessThanOrEqual(200n)
    expect(ou.multiplier4).toBeLessThan(15_000n)
    // 1X2 all three: whatever ends, one pays.
    expect(netExposure([single(1000n, leg('1x2', 0, 'home', 2500)), single(1000n, leg('1x2', 0, 'draw', 3200)), single(1000n, leg('1x2', 0, 'away', 3000))])!.exposure).toBe(500n)
  })

  it("sees a cover across markets of one score: home, away and even (a draw's total is even)", () => {
    const net = netExposure([single(1000n, leg('1x2', 0, 'home', 2500)), single(1000n, leg('1x2', 0, 'away', 3000)), single(1000n, leg('oddEven', 0, 'even', 1900))])!
    // The worst case is a draw (its total is even): 19.00 back out of 30. Read apart, margin and
    // total would allow a draw with an odd total, where nothing pays: the whole 30.
    expect(net.exposure).toBe(1100n)
    // Without the even bet a draw loses both: the whole 20.
    expect(netExposure([single(1000n, leg('1x2', 0, 'home', 2500)), single(1000n, leg('1x2', 0, 'away', 3000))])!.exposure).toBe(2000n)
  })

  it('keeps corners apart from goals, and high-scoring lines on margin and total apart', () => {
    // Over 9.5 corners and under 2.5 goals cover nothing.
    expect(netExposure([single(1000n, leg('corners', 9.5, 'over', 1900)), single(1000n, leg('ou', 2.5, 'under', 1900))])!.exposure).toBe(2000n)
    // Basketball: over and under 170.5 points, both sides of -5.5.
    const bb = netExposure([
      single(1000n, leg('ou', 170.5, 'over', 1900, '2000000001')),
      single(1000n, leg('ou', 170.5, 'under', 1900, '2000000001')),
      single(1000n, leg('ah', -5.5, 'home', 1900, '2000000001')),
      single(1000n, leg('ah', -5.5, 'away', 1900, '2000000001')),
    ])!
    expect(bb.exposure).toBe(200n)
  })

  it('parlays over every combination of two matches count only the margin they lose', () => {
    // Tennis (no draws): home or away in two matches, four parlays at 1.90 x 1.90.
    const sides = ['home', 'away'] as const
    const parlays = sides.flatMap((a) => sides.map((b) => ({ amount: 1000n, legs: [leg('winner', 0, a, 1900, '3000000001'), leg('winner', 0, b, 1900, '3000000002')] })))
    const net = netExposure(parlays)!
    // Exactly one of the four wins whatever happens: 36.10 back of 40. A level score (a winner
    // market pushes on one) returns more, never less.
    expect(net.exposure).toBe(4000n - 3610n)
    // One parlay alone can lose everything.
    expect(netExposure(parlays.slice(0, 1))!.exposure).toBe(1000n)
  })

  it('gives up on groups with too many joint results (the caller counts each bet alone)', () => {
    // Six football matches, each tried as every score up to 3 past its line: 16^6 joint results.
    const legs = Array.from({ length: 6 }, (_, i) => leg('1x2', 0, 'home', 2000, `100000000${i}`))
    expect(16 ** 6).toBeGreaterThan(MAX_COMBINATIONS)
    expect(netExposure([{ amount: 1000n, legs }, { amount: 1000n, legs }])).toBeNull()
  })
})

describe('a race: each runner of its field winning in turn', () => {
  const runner = (n: number, odds: number, match_id = '12100000001') => leg('winner', 0, `run${n}`, odds, match_id)
  it('backing every runner of a field counts only what is lost whoever wins; a part of the field counts the worst case', () => {
    const odds = [2500, 4000, 6000, 8000, 12000, 20000]
    const all = odds.map((o, i) => single(1000n, runner(i + 1, o)))
    // Six singles of 10.00: the favourite's win returns 25.00 of 60.00, the worst.
    expect(netExposure(all, new Map([['12100000001', 6]]))!.exposure).toBe(3500n)
    // Without the field's size, one runner past the highest backed is tried too (all lose).
    expect(netExposure(all)!.exposure).toBe(6000n)
    // Two runners of eight: when another wins both lose.
    expect(netExposure([single(1000n, runner(1, 2500)), single(1000n, runner(2, 4000))], new Map([['12100000001', 8]]))!.exposure).toBe(2000n)
    // A race's runners and a football match are separate results.
    const mixed = netExposure([single(1000n, runner(1, 2000)), single(1000n, leg('1x2', 0, 'home', 2000))], new Map([['12100000001', 6]]))!
    expect(mixed.exposure).toBe(2000n)
  })
})
