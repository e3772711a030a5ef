import { describe, expect, it } from 'vitest'
import { BET_RESULT } from '../codes'
import { betReturn, legFactor2000, quarters, raceOutcome, runnerOf, settleLeg, type LegResult, type MarketRef, type MatchOutcome, type SelectionName, winningReturn } from './settle'

const WIN = 10
const WIN_HALF = 21
const PUSH = 90
const LOSE_HALF = 11
const LOSE = 20

type Finished = Extract<MatchOutcome, { status: 'finished' }>
const ft = (home: number, away: number, half: [number, number] = [0, 0], corners: [number, number] = [0, 0]): Finished => ({
  status: 'finished',
  fullTime: { home, away },
  halfTime: { home: half[0], away: half[1] },
  corners: { home: corners[0], away: corners[1] },
})
const leg = (type: MarketRef['type'], line: number, selection: SelectionName, outcome: MatchOutcome, period = 1) => settleLeg({ type, period, line }, selection, outcome)

describe('Asian handicap, every line kind, every score around the line', () => {
  // [home's line, home goals - away goals, result of the home side]
  const table: [number, number, LegResult][] = [
    [0, 1, WIN], [0, 0, PUSH], [0, -1, LOSE],
    [-0.25, 1, WIN], [-0.25, 0, LOSE_HALF], [-0.25, -1, LOSE],
    [-0.5, 1, WIN], [-0.5, 0, LOSE],
    [-0.75, 2, WIN], [-0.75, 1, WIN_HALF], [-0.75, 0, LOSE],
    [-1, 2, WIN], [-1, 1, PUSH], [-1, 0, LOSE],
    [-1.25, 2, WIN], [-1.25, 1, LOSE_HALF], [-1.25, 0, LOSE],
    [-1.5, 2, WIN], [-1.5, 1, LOSE],
    [-1.75, 3, WIN], [-1.75, 2, WIN_HALF], [-1.75, 1, LOSE],
    [-2, 3, WIN], [-2, 2, PUSH], [-2, 1, LOSE],
    [0.25, 1, WIN], [0.25, 0, WIN_HALF], [0.25, -1, LOSE],
    [0.5, 0, WIN], [0.5, -1, LOSE],
    [0.75, 0, WIN], [0.75, -1, LOSE_HALF], [0.75, -2, LOSE],
    [1, 0, WIN], [1, -1, PUSH], [1, -2, LOSE],
    [1.25, -1, WIN_HALF], [1.25, -2, LOSE],
    [1.75, -1, WIN], [1.75, -2, LOSE_HALF],
  ]
  it.each(table)('home %s, goal difference %s: %s', (line, diff, expected) => {
    const score = diff >= 0 ? ft(diff + 1, 1) : ft(1, 1 - diff)
    expect(leg('ah', line, 'home', score)).toBe(expected)
  })

  it('the away side plays the opposite line: the mirror of the home side on every score', () => {
    const mirror: Record<number, number> = { [WIN]: LOSE, [LOSE]: WIN, [WIN_HALF]: LOSE_HALF, [LOSE_HALF]: WIN_HALF, [PUSH]: PUSH }
    for (let q = -14; q <= 14; q++) {
      for (let h = 0; h <= 6; h++) {
        for (let a = 0; a <= 6; a++) {
          const home = leg('ah', q / 4, 'home', ft(h, a))
          expect(leg('ah', q / 4, 'away', ft(h, a)), `line ${q / 4} at ${h}-${a}`).toBe(mirror[home])
        }
      }
    }
    // -0.25 for home is +0.25 for away: a draw is a half win for the away side.
    expect(leg('ah', -0.25, 'away', ft(1, 1))).toBe(WIN_HALF)
  })
})

describe('over/under on goals and corners, every line kind', () => {
  // [line, total goals, over, under]
  const table: [number, number, LegResult, LegResult][] = [
    [2.5, 3, WIN, LOSE], [2.5, 2, LOSE, WIN],
    [2, 3, WIN, LOSE], [2, 2, PUSH, PUSH], [2, 1, LOSE, WIN],
    [2.25, 3, WIN, LOSE], [2.25, 2, LOSE_HALF, WIN_HALF], [2.25, 1, LOSE, WIN],
    [2.75, 4, WIN, LOSE], [2.75, 3, WIN_HALF, LOSE_HALF], [2.75, 2, LOSE, WIN],
    [0.5, 0, LOSE, WIN], [0.75, 1, WIN_HALF, LOSE_HALF], [0.25, 0, LOSE_HALF, WIN_HALF],
  ]
  it.each(table)('line %s, total %s: over %s, under %s', (line, total, over, under) => {
    const score = ft(Math.ceil(total / 2), Math.floor(total / 2))
    expect(leg('ou', line, 'over', score)).toBe(over)
    expect(leg('ou', line, 'under', score)).toBe(under)
  })

  it('corners read the corner count; first-half markets the half-time score', () => {
    const match = ft(3, 0, [0, 0], [6, 4])
    expect(leg('corners', 9.5, 'over', match, 4)).toBe(WIN)
    expect(leg('corners', 10, 'over', match, 4)).toBe(PUSH)
    expect(leg('corners', 10.25, 'under', match, 4)).toBe(WIN_HALF)
    expect(leg('1x2', 0, 'draw', match, 2)).toBe(WIN)
    expect(leg('1x2', 0, 'home', match, 1)).toBe(WIN)
    expect(leg('ou', 0.5, 'under', match, 2)).toBe(WIN)
    expect(leg('ah', -0.5, 'home', ft(2, 1, [0, 1]), 2)).toBe(LOSE)
  })
})

describe('plain markets and voids', () => {
  it('1x2, win only, odd/even; a cancelled or postponed match refunds every leg', () => {
    expect(leg('1x2', 0, 'home', ft(2, 1))).toBe(WIN)
    expect(leg('1x2', 0, 'draw', ft(2, 1))).toBe(LOSE)
    expect(leg('1x2', 0, 'away', ft(0, 1))).toBe(WIN)
    expect(leg('winner', 0, 'home', ft(1, 1))).toBe(PUSH)
    expect(leg('winner', 0, 'away', ft(3, 1))).toBe(LOSE)
    expect(leg('oddEven', 0, 'odd', ft(2, 1))).toBe(WIN)
    expect(leg('oddEven', 0, 'even', ft(0, 0))).toBe(WIN)
    for (const sel of ['home', 'draw', 'away'] as const) expect(settleLeg({ type: '1x2', period: 1, line: 0 }, sel, { status: 'void' })).toBe(PUSH)
    expect(() => leg('1x2', 0, 'over', ft(1, 0))).toThrow()
    expect(() => quarters(0.3)).toThrow()
  })
})

describe('quarter markets (1001 to 1004)', () => {
  const quartered: MatchOutcome = { ...ft(90, 88), quarters: [{ home: 25, away: 20 }, { home: 20, away: 20 }, { home: 21, away: 26 }, { home: 24, away: 22 }] }
  it('read their own quarter, not the game', () => {
    expect(leg('winner', 0, 'home', quartered, 1001)).toBe(WIN)
    expect(leg('winner', 0, 'home', quartered, 1002)).toBe(PUSH)
    expect(leg('winner', 0, 'away', quartered, 1003)).toBe(WIN)
    expect(leg('winner', 0, 'home', quartered, 1003)).toBe(LOSE)
    // Quarter 4 totals 46: over 45.75 wins half (half on 45.5 wins, half on 46 pushes); over 46.5 loses.
    expect(leg('ou', 45.75, 'over', quartered, 1004)).toBe(WIN_HALF)
    expect(leg('ou', 46.5, 'under', quartered, 1004)).toBe(WIN)
    expect(leg('ah', -4.5, 'home', quartered, 1001)).toBe(WIN)
    expect(leg('ah', -5.5, 'home', quartered, 1001)).toBe(LOSE)
    // The whole game still reads the full-time score.
    expect(leg('winner', 0, 'home', quartered, 1)).toBe(WIN)
  })
  it('are void (stake returned) when the feed gave no score for the quarter', () => {
    expect(leg('winner', 0, 'home', ft(90, 88), 1002)).toBe(PUSH)
    expect(leg('ou', 40.5, 'over', { ...ft(50, 40), quarters: [{ home: 25, away: 20 }] }, 1003)).toBe(PUSH)
  })
})

describe('what a bet returns', () => {
  it('both sides of any line at evens return exactly two stakes between them', () => {
    for (let q = -12; q <= 12; q++) {
      for (const [h, a] of [[0, 0], [1, 0], [0, 1], [2, 0], [3, 1], [0, 3]] as const) {
        const home = legFactor2000(leg('ah', q / 4, 'home', ft(h, a)), 2000)
        const away = legFactor2000(leg('ah', q / 4, 'away', ft(h, a)), 2000)
        expect(home + away, `ah ${q / 4} at ${h}-${a}`).toBe(4000n)
        const over = legFactor2000(leg('ou', Math.abs(q) / 4, 'over', ft(h, a)), 2000)
        const under = legFactor2000(leg('ou', Math.abs(q) / 4, 'under', ft(h, a)), 2000)
        expect(over + under, `ou ${Math.abs(q) / 4} at ${h}-${a}`).toBe(4000n)
      }
    }
  })

  it('a single: stake x odds (win), (1 + D) / 2 (half win), 1 (push), 0.5 (half lose), 0 (lose), floored to the centavo', () => {
    expect(betReturn(1000n, [{ result: WIN, odds: 1950 }])).toBe(1950n)
    expect(betReturn(1000n, [{ result: WIN_HALF, odds: 1950 }])).toBe(1475n)
    expect(betReturn(1000n, [{ result: PUSH, odds: 1950 }])).toBe(1000n)
    expect(betReturn(1000n, [{ result: LOSE_HALF, odds: 1950 }])).toBe(500n)
    expect(betReturn(1000n, [{ result: LOSE, odds: 1950 }])).toBe(0n)
    // R$ 0,33 at 1,915 is 0,63195: 63 centavos, never rounded up.
    expect(betReturn(33n, [{ result: WIN, odds: 1915 }])).toBe(63n)
  })

  it('a parlay multiplies its legs: mixed half results and a void', () => {
    const legs = [
      { result: WIN, odds: 1950 },
      { result: WIN_HALF, odds: 1900 },
      { result: PUSH, odds: 2100 },
      { result: LOSE_HALF, odds: 1800 },
    ] as const
    // 10 x 1.95 x 1.45 x 1 x 0.5 = 14.1375: R$ 14,13.
    expect(betReturn(1000n, legs)).toBe(1413n)
    expect(betReturn(1000n, [...legs, { result: LOSE, odds: 3000 }])).toBe(0n)
    // Ten winning legs at 1.5 on R$ 1.000: exact in BigInt (57.665 x the stake).
    expect(betReturn(100_000n, Array.from({ length: 10 }, () => ({ result: WIN, odds: 1500 })))).toBe(5_766_503n)
  })
})

describe('winningReturn', () => {
  it('reads decimal odds back to thousandths, so no floating-point centavo is lost', () => {
    // 10 * 2.203 * 100 is 2202.9999999999995 in floating point; the server pays 2203 centavos.
    expect(Math.floor(10 * 2.203 * 100)).toBe(2202)
    expect(winningReturn(1000n, [2.203])).toBe(2203n)
    expect(winningReturn(100n, [4.35])).toBe(435n)
    expect(winningReturn(333n, [1.95, 2.1])).toBe((333n * 1950n * 2100n) / 1_000_000n)
  })
})

describe('what each market reads of a score (the simulator prices over these alone)', () => {
  it('1X2, win only and handicaps read only the margin; over/under, corners and odd/even only the total', () => {
    const margins: MarketRef['type'][] = ['1x2', 'winner', 'ah']
    const totals: MarketRef['type'][] = ['ou', 'corners', 'oddEven']
    const names: Record<MarketRef['type'], SelectionName[]> = { '1x2': ['home', 'draw', 'away'], winner: ['home', 'away'], ah: ['home', 'away'], ou: ['over', 'under'], corners: ['over', 'under'], oddEven: ['odd', 'even'] }
    const all = (s: { home: number; away: number }): Finished => ({ status: 'finished', fullTime: s, halfTime: s, corners: s })
    for (let home = 0; home <= 7; home++) {
      for (let away = 0; away <= 7; away++) {
        const d = home - away
        const byMargin = all({ home: Math.max(d, 0), away: Math.max(-d, 0) })
        const byTotal = all({ home: home + away, away: 0 })
        for (const line of [-2.25, -1, -0.5, 0, 0.75, 1.5, 2.5, 3.25]) {
          for (const type of margins) {
            const l = type === 'ah' ? line : 0
            for (const name of names[type]) expect(leg(type, l, name, all({ home, away }))).toBe(leg(type, l, name, byMargin))
          }
          for (const type of totals) {
            const l = type === 'oddEven' ? 0 : Math.abs(line)
            for (const name of names[type]) expect(leg(type, l, name, all({ home, away }))).toBe(leg(type, l, name, byTotal))
          }
        }
      }
    }
  })
})

describe('a race (a field of runners, a win market)', () => {
  const win = { type: 'winner' as const, period: 1, line: 0 }
  const third = raceOutcome(3, 8)

  it("a winner's single pays stake x odds; another runner's loses; a void refunds", () => {
    expect(settleLeg(win, 'run3', third)).toBe(BET_RESULT.WIN)
    expect(betReturn(1000n, [{ result: settleLeg(win, 'run3', third), odds: 7250 }])).toBe(7250n)
    for (const other of ['run1', 'run2', 'run4', 'run8', 'run12'] as const) {
      expect(settleLeg(win, other, third)).toBe(BET_RESULT.LOSE)
      expect(betReturn(1000n, [{ result: settleLeg(win, other, third), odds: 2100 }])).toBe(0n)
    }
    expect(settleLeg(win, 'run3', { status: 'void' })).toBe(BET_RESULT.PRINCIPAL_REFUND)
    expect(betReturn(1000n, [{ result: settleLeg(win, 'run3', { status: 'void' }), odds: 7250 }])).toBe(1000n)
    // A race settled with a score only (no winner named) refunds its runners.
    expect(settleLeg(win, 'run3', { status: 'finished', fullTime: { home: 0, away: 0 } })).toBe(BET_RESULT.PRINCIPAL_REFUND)
    // In a parlay, a race leg multiplies like any other.
    expect(betReturn(1000n, [{ result: settleLeg(win, 'run3', third), odds: 4000 }, { result: BET_RESULT.WIN, odds: 1500 }])).toBe(6000n)
  })

  it('names runners run1 to run12 only, and only in a winner market', () => {
    expect(runnerOf('run1')).toBe(1)
    expect(runnerOf('run12')).toBe(12)
    for (const bad of ['run0', 'run13', 'run', 'home', 'run01']) expect(runnerOf(bad)).toBeNull()
    expect(() => settleLeg({ type: '1x2', period: 1, line: 0 }, 'run3', third)).toThrow()
    // The sides' selections of a race's outcome (a 0-0 score) refund, as a level winner market does.
    expect(settleLeg(win, 'home', third)).toBe(BET_RESULT.PRINCIPAL_REFUND)
  })
})
