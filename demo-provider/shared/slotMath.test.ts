import { describe, expect, it } from 'vitest'
import {
  evaluate,
  evaluateLine,
  exactRtp,
  gridOf,
  LINES,
  MAX_MULTIPLIER,
  PAYTABLE,
  payoutCentavos,
  randomStops,
  REELS,
  ROWS,
  RTP_TEXT,
  SYMBOLS,
  type SlotSymbol,
  type SpinResult,
} from './slotMath'

/** Builds grid[reel][row] from three rows written left to right, as they look on screen. */
function fromRows(top: SlotSymbol[], middle: SlotSymbol[], bottom: SlotSymbol[]): SlotSymbol[][] {
  return top.map((symbol, reel) => [symbol, middle[reel] ?? 'cherry', bottom[reel] ?? 'cherry'])
}

function winOn(result: SpinResult, line: number) {
  return result.wins.find((win) => win.line === line)
}

/** mulberry32: a small seeded PRNG giving floats in [0, 1), so the simulation is repeatable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('machine definition', () => {
  it('has 5 strips of 30 to 40 known symbols, each symbol on every reel', () => {
    expect(REELS).toHaveLength(5)
    for (const strip of REELS) {
      expect(strip.length).toBeGreaterThanOrEqual(30)
      expect(strip.length).toBeLessThanOrEqual(40)
      for (const symbol of strip) expect(SYMBOLS).toContain(symbol)
      for (const symbol of SYMBOLS) expect(strip).toContain(symbol)
    }
  })

  it('has 20 distinct lines of 5 rows in 0..2, the first three being the rows', () => {
    expect(ROWS).toBe(3)
    expect(LINES).toHaveLength(20)
    for (const line of LINES) {
      expect(line).toHaveLength(5)
      for (const row of line) expect([0, 1, 2]).toContain(row)
    }
    expect(new Set(LINES.map((line) => line.join(''))).size).toBe(20)
    expect(LINES.slice(0, 3)).toEqual([
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
    ])
  })

  it('has a pay row for every symbol, growing with the run length', () => {
    expect(Object.keys(PAYTABLE).sort()).toEqual([...SYMBOLS].sort())
    for (const symbol of SYMBOLS) {
      const [three, four, five] = PAYTABLE[symbol]
      expect(three).toBeGreaterThan(0)
      expect(four).toBeGreaterThan(three)
      expect(five).toBeGreaterThan(four)
    }
    // The wild's 5 of a kind is the top prize.
    const fives = SYMBOLS.map((symbol) => PAYTABLE[symbol][2])
    expect(Math.max(...fives)).toBe(PAYTABLE.wild[2])
  })
})

describe('gridOf', () => {
  it('shows stop, stop+1, stop+2 of each strip, top to bottom', () => {
    const grid = gridOf([0, 1, 2, 3, 4])
    grid.forEach((column, reel) => {
      const strip = REELS[reel] ?? []
      const stop = reel
      expect(column).toEqual([strip[stop], strip[stop + 1], strip[stop + 2]])
    })
  })

  it('wraps around the end of the strip', () => {
    const lasts = REELS.map((strip) => strip.length - 1)
    const grid = gridOf(lasts)
    grid.forEach((column, reel) => {
      const strip = REELS[reel] ?? []
      expect(column).toEqual([strip[strip.length - 1], strip[0], strip[1]])
    })
    const beforeLast = gridOf(REELS.map((strip) => strip.length - 2))
    beforeLast.forEach((column, reel) => {
      const strip = REELS[reel] ?? []
      expect(column).toEqual([strip[strip.length - 2], strip[strip.length - 1], strip[0]])
    })
  })

  it('rejects a wrong number of stops and stops out of range', () => {
    expect(() => gridOf([0, 0, 0, 0])).toThrow(RangeError)
    expect(() => gridOf([0, 0, 0, 0, 0, 0])).toThrow(RangeError)
    expect(() => gridOf([0, 0, -1, 0, 0])).toThrow(RangeError)
    expect(() => gridOf([0, 0, 0, 0, REELS[4]?.length ?? 0])).toThrow(RangeError)
    expect(() => gridOf([0, 1.5, 0, 0, 0])).toThrow(RangeError)
    expect(() => gridOf([0, Number.NaN, 0, 0, 0])).toThrow(RangeError)
  })
})

describe('evaluate', () => {
  it('pays 5 wilds on the middle line as the top prize', () => {
    const grid = fromRows(
      ['seven', 'bell', 'melon', 'grape', 'orange'],
      ['wild', 'wild', 'wild', 'wild', 'wild'],
      ['lemon', 'cherry', 'seven', 'bell', 'melon'],
    )
    const result = evaluate(grid)
    expect(winOn(result, 1)).toEqual({ line: 1, symbol: 'wild', count: 5, pay: 500 })
    // Other lines crossing the wilds win too; each line at most once, total = sum of wins.
    const lines = result.wins.map((win) => win.line)
    expect(new Set(lines).size).toBe(lines.length)
    expect(result.totalUnits).toBe(result.wins.reduce((sum, win) => sum + win.pay, 0))
  })

  it('pays 3 of a kind on line 1 with a wild in the middle, and nothing else', () => {
    // Top and bottom symbols are chosen so that no other line can form a run.
    const grid = fromRows(
      ['seven', 'melon', 'grape', 'orange', 'cherry'],
      ['bell', 'wild', 'bell', 'cherry', 'lemon'],
      ['lemon', 'orange', 'melon', 'melon', 'grape'],
    )
    expect(evaluate(grid)).toEqual({
      wins: [{ line: 1, symbol: 'bell', count: 3, pay: 25 }],
      totalUnits: 25,
    })
  })

  it('does not pay a run broken at reel 3', () => {
    const grid = fromRows(
      ['cherry', 'grape', 'melon', 'bell', 'orange'],
      ['seven', 'seven', 'lemon', 'seven', 'seven'],
      ['orange', 'bell', 'cherry', 'grape', 'lemon'],
    )
    expect(evaluate(grid)).toEqual({ wins: [], totalUnits: 0 })
    // The same grid with reel 3 completing the run pays 5 sevens.
    const fixed = fromRows(
      ['cherry', 'grape', 'melon', 'bell', 'orange'],
      ['seven', 'seven', 'seven', 'seven', 'seven'],
      ['orange', 'bell', 'cherry', 'grape', 'lemon'],
    )
    expect(winOn(evaluate(fixed), 1)).toEqual({ line: 1, symbol: 'seven', count: 5, pay: 250 })
  })

  it('pays the substituted run when it beats the leading wilds alone', () => {
    // Wild x3 alone pays 50; wild wild wild seven seven reads as 5 sevens: 250.
    const grid = fromRows(
      ['cherry', 'grape', 'melon', 'bell', 'orange'],
      ['wild', 'wild', 'wild', 'seven', 'seven'],
      ['orange', 'bell', 'cherry', 'grape', 'lemon'],
    )
    expect(winOn(evaluate(grid), 1)).toEqual({ line: 1, symbol: 'seven', count: 5, pay: 250 })
    // Four wilds alone pay 200, still less than 5 sevens.
    expect(evaluateLine(['wild', 'wild', 'wild', 'wild', 'seven'])).toEqual({ symbol: 'seven', count: 5, pay: 250 })
  })

  it('pays the leading wilds alone when they beat the substituted run', () => {
    // Wild x3 alone pays 50; the substituted run is only 4 cherries: 15.
    const grid = fromRows(
      ['cherry', 'grape', 'melon', 'bell', 'orange'],
      ['wild', 'wild', 'wild', 'cherry', 'lemon'],
      ['orange', 'bell', 'cherry', 'grape', 'lemon'],
    )
    expect(winOn(evaluate(grid), 1)).toEqual({ line: 1, symbol: 'wild', count: 3, pay: 50 })
    // On equal pay (wild x3 = lemon x5 = 50) the longer substituted run is reported.
    expect(evaluateLine(['wild', 'wild', 'wild', 'lemon', 'lemon'])).toEqual({ symbol: 'lemon', count: 5, pay: 50 })
  })

  it('pays nothing on a grid without any run of 3', () => {
    const grid = fromRows(
      ['seven', 'bell', 'seven', 'bell', 'seven'],
      ['melon', 'grape', 'melon', 'grape', 'melon'],
      ['orange', 'lemon', 'orange', 'lemon', 'orange'],
    )
    expect(evaluate(grid)).toEqual({ wins: [], totalUnits: 0 })
  })

  it('pays two wilds followed by a symbol as 3 of that symbol', () => {
    expect(evaluateLine(['wild', 'wild', 'grape', 'lemon', 'lemon'])).toEqual({ symbol: 'grape', count: 3, pay: 15 })
    expect(evaluateLine(['wild', 'wild', 'grape', 'wild', 'grape'])).toEqual({ symbol: 'grape', count: 5, pay: 80 })
    expect(evaluateLine(['grape', 'grape', 'wild', 'wild', 'lemon'])).toEqual({ symbol: 'grape', count: 4, pay: 30 })
    expect(evaluateLine(['wild', 'wild', 'lemon', 'cherry', 'cherry'])).toEqual({ symbol: 'lemon', count: 3, pay: 6 })
    expect(evaluateLine(['cherry', 'cherry', 'lemon', 'lemon', 'lemon'])).toBeNull()
  })

  it('rejects a malformed grid', () => {
    expect(() => evaluate(gridOf([0, 0, 0, 0, 0]).slice(0, 4))).toThrow(RangeError)
    const short = gridOf([0, 0, 0, 0, 0])
    short[2] = ['wild', 'wild']
    expect(() => evaluate(short)).toThrow(RangeError)
    const unknown = gridOf([0, 0, 0, 0, 0]) as string[][]
    unknown[1] = ['wild', 'joker', 'wild']
    expect(() => evaluate(unknown as SlotSymbol[][])).toThrow(RangeError)
  })
})

describe('payoutCentavos', () => {
  it('pays totalBet × units / 20, rounded down to the centavo', () => {
    expect(payoutCentavos(100n, 3)).toBe(15n) // 100 * 3 / 20 = 15
    expect(payoutCentavos(30n, 1)).toBe(1n) // 1.5 rounds down
    expect(payoutCentavos(19n, 1)).toBe(0n) // 0.95 rounds down
    expect(payoutCentavos(250n, 7)).toBe(87n) // 87.5 rounds down
    expect(payoutCentavos(100n, 0)).toBe(0n)
    expect(payoutCentavos(2000n, 500)).toBe(50000n) // top prize: 25 × the total bet
  })

  it('rejects a negative bet and non-integer units', () => {
    expect(() => payoutCentavos(-1n, 3)).toThrow(RangeError)
    expect(() => payoutCentavos(100n, 1.5)).toThrow(RangeError)
    expect(() => payoutCentavos(100n, -1)).toThrow(RangeError)
  })
})

describe('randomStops', () => {
  it('asks the source for one stop per reel below the strip length', () => {
    const asked: number[] = []
    const stops = randomStops((max) => {
      asked.push(max)
      return max - 1
    })
    expect(asked).toEqual(REELS.map((strip) => strip.length))
    expect(stops).toEqual(REELS.map((strip) => strip.length - 1))
  })

  it('rejects a source returning out of range or non-integer values', () => {
    expect(() => randomStops((max) => max)).toThrow(RangeError)
    expect(() => randomStops(() => -1)).toThrow(RangeError)
    expect(() => randomStops(() => 0.5)).toThrow(RangeError)
  })
})

describe('return to player', () => {
  it('is an exact reduced fraction between 95.5 % and 96.5 %', () => {
    const { num, den } = exactRtp()
    expect(den > 0n).toBe(true)
    expect(num * 1000n >= 955n * den).toBe(true)
    expect(num * 1000n <= 965n * den).toBe(true)
    // Lowest terms: no common factor left.
    let [x, y] = [num, den]
    while (y !== 0n) [x, y] = [y, x % y]
    expect(x).toBe(1n)
  })

  it('is stated in RTP_TEXT, rounded down to two decimals of a percent', () => {
    const { num, den } = exactRtp()
    const hundredths = (num * 10000n) / den // percent × 100, rounded down
    const text = `RTP ${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')} %`
    expect(RTP_TEXT).toBe(text)
  })

  it('agrees with a seeded simulation of 200,000 spins; hit frequency 20 % to 45 %', () => {
    const random = mulberry32(20240601)
    const randomInt = (max: number) => Math.floor(random() * max)
    const spins = 200_000
    let units = 0
    let hits = 0
    for (let i = 0; i < spins; i++) {
      const { totalUnits } = evaluate(gridOf(randomStops(randomInt)))
      units += totalUnits
      if (totalUnits > 0) hits++
    }
    const simulatedRtp = units / LINES.length / spins
    const hitFrequency = hits / spins
    const { num, den } = exactRtp()
    // Only for the comparison: the exact value itself is never handled as a float.
    const exact = Number((num * 1_000_000n) / den) / 1_000_000
    console.info(
      `exact RTP ${exact}, simulated RTP ${simulatedRtp.toFixed(4)}, hit frequency ${hitFrequency.toFixed(4)} over ${spins} spins`,
    )
    expect(Math.abs(simulatedRtp - exact)).toBeLessThanOrEqual(0.02)
    expect(hitFrequency).toBeGreaterThanOrEqual(0.2)
    expect(hitFrequency).toBeLessThanOrEqual(0.45)
  })
})

describe('largest multiplier', () => {
  it('MAX_MULTIPLIER is what the best of all 48 million stop combinations pays, in total bets', () => {
    const WILD: SlotSymbol = 'wild'
    // Every line's pay for each of the 8^5 symbol runs, then every stop combination as 20 table
    // reads (evaluate() itself would take minutes); the best one is checked with evaluate().
    const n = SYMBOLS.length
    const pays = new Int32Array(n ** 5)
    for (let code = 0; code < pays.length; code++) {
      const run = [0, 1, 2, 3, 4].map((reel) => SYMBOLS[Math.floor(code / n ** reel) % n] as SlotSymbol)
      pays[code] = evaluateLine(run)?.pay ?? 0
    }
    // For each reel and line, the line's symbol index at each stop, times n^reel (flat typed arrays: fast).
    const L = LINES.length
    const [r0, r1, r2, r3, r4] = REELS.map((strip, reel) => {
      const out = new Int32Array(strip.length * L)
      for (let stop = 0; stop < strip.length; stop++)
        LINES.forEach((line, i) => {
          out[stop * L + i] = SYMBOLS.indexOf(strip[(stop + (line[reel] ?? 0)) % strip.length] ?? WILD) * n ** reel
        })
      return out
    }) as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array]
    const [s0, s1, s2, s3, s4] = REELS.map((strip) => strip.length) as [number, number, number, number, number]
    // A typed array's read past its end is undefined, never here: `| 0` says so to the type checker.
    const at = (a: Int32Array, i: number) => (a[i] as number) | 0
    let best = 0
    let bestStops: number[] = []
    const three = new Int32Array(L)
    const four = new Int32Array(L)
    for (let a = 0; a < s0; a++)
      for (let b = 0; b < s1; b++)
        for (let c = 0; c < s2; c++) {
          for (let i = 0; i < L; i++) three[i] = at(r0, a * L + i) + at(r1, b * L + i) + at(r2, c * L + i)
          for (let d = 0; d < s3; d++) {
            for (let i = 0; i < L; i++) four[i] = at(three, i) + at(r3, d * L + i)
            for (let e = 0; e < s4; e++) {
              let units = 0
              for (let i = 0; i < L; i++) units += at(pays, at(four, i) + at(r4, e * L + i))
              if (units > best) [best, bestStops] = [units, [a, b, c, d, e]]
            }
          }
        }
    expect(evaluate(gridOf(bestStops)).totalUnits).toBe(best)
    expect(best / LINES.length).toBe(MAX_MULTIPLIER)
    expect(payoutCentavos(2000n, best)).toBe(2000n * BigInt(MAX_MULTIPLIER))
  }, 60_000)
})
