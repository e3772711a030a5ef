/**
 * Math of the demo provider's 5-reel, 3-row, 20-line video slot.
 *
 * Everything that decides what a spin pays lives here, with no dependencies,
 * so the server (which draws the stops and pays) and the client (which only
 * draws the result) share exactly the same rules.
 *
 * Rules in short:
 * - Five reels, each a strip of symbols. A spin picks one stop per reel, every
 *   stop equally likely, reels independent. Reel i shows the strip symbols at
 *   stop, stop + 1 and stop + 2 (wrapping around the strip end) in rows 0
 *   (top), 1 (middle) and 2 (bottom).
 * - 20 fixed paylines, all always played. The total bet is split evenly: the
 *   line bet is totalBet / 20.
 * - A line wins with 3, 4 or 5 of a kind counted from the leftmost reel on
 *   consecutive reels. 'wild' substitutes for every other symbol; a run made of
 *   wilds only pays as the wild's own pay. Only the best win of each line is
 *   paid, and the wins of all lines add up.
 * - Pays are in units of the line bet; the money payout is rounded down to the
 *   centavo once, on the spin total.
 *
 * All money and all RTP figures are exact integers (BigInt); floating point is
 * never used for them.
 */

/** The symbol ids, from the most to the least valuable. 'wild' substitutes for all the others. */
export const SYMBOLS = ['wild', 'seven', 'bell', 'melon', 'grape', 'orange', 'lemon', 'cherry'] as const

/** One symbol id. */
export type SlotSymbol = (typeof SYMBOLS)[number]

/** The substitute symbol. */
const WILD: SlotSymbol = 'wild'

/** Number of visible rows on every reel (row 0 is the top, row 2 the bottom). */
export const ROWS = 3

/** Shortest run of equal symbols (from the leftmost reel) that pays. */
const MIN_RUN = 3

/**
 * The five reel strips. Each stop is equally likely, so a symbol's chance to
 * appear in any one row of a reel is its count on the strip divided by the
 * strip length. Most symbols come in blocks of two, so that neighbouring
 * paylines tend to win together: this keeps the chance of a winning spin near
 * one in three while the pays stay generous. Wilds are single. Frozen so no
 * caller can change the game's return by accident.
 */
export const REELS: readonly (readonly SlotSymbol[])[] = Object.freeze(
  (
    [
      // Reel 1: 34 stops.
      ['wild', 'melon', 'melon', 'lemon', 'lemon', 'grape', 'grape', 'seven',
       'seven', 'cherry', 'cherry', 'orange', 'orange', 'bell', 'bell', 'lemon',
       'lemon', 'grape', 'grape', 'wild', 'cherry', 'cherry', 'melon', 'melon',
       'orange', 'orange', 'seven', 'lemon', 'grape', 'cherry', 'cherry', 'bell',
       'bell', 'orange'],
      // Reel 2: 35 stops.
      ['orange', 'bell', 'bell', 'lemon', 'lemon', 'grape', 'grape', 'wild',
       'cherry', 'cherry', 'melon', 'melon', 'orange', 'orange', 'seven', 'lemon',
       'lemon', 'grape', 'cherry', 'cherry', 'bell', 'bell', 'orange', 'wild',
       'lemon', 'lemon', 'melon', 'melon', 'grape', 'grape', 'cherry', 'cherry',
       'seven', 'seven', 'orange'],
      // Reel 3: 34 stops.
      ['bell', 'bell', 'orange', 'orange', 'wild', 'lemon', 'lemon', 'melon',
       'melon', 'grape', 'grape', 'cherry', 'cherry', 'seven', 'seven', 'orange',
       'orange', 'lemon', 'lemon', 'bell', 'bell', 'grape', 'grape', 'cherry',
       'cherry', 'wild', 'melon', 'melon', 'orange', 'seven', 'lemon', 'grape',
       'cherry', 'cherry'],
      // Reel 4: 34 stops.
      ['lemon', 'lemon', 'bell', 'bell', 'grape', 'grape', 'cherry', 'cherry',
       'wild', 'orange', 'melon', 'melon', 'lemon', 'seven', 'grape', 'cherry',
       'cherry', 'bell', 'bell', 'orange', 'orange', 'wild', 'lemon', 'lemon',
       'melon', 'melon', 'grape', 'grape', 'cherry', 'cherry', 'seven', 'seven',
       'orange', 'orange'],
      // Reel 5: 35 stops.
      ['grape', 'grape', 'cherry', 'cherry', 'orange', 'orange', 'bell', 'bell',
       'lemon', 'lemon', 'wild', 'cherry', 'cherry', 'melon', 'melon', 'grape',
       'grape', 'seven', 'seven', 'orange', 'orange', 'cherry', 'cherry', 'lemon',
       'lemon', 'bell', 'bell', 'grape', 'wild', 'cherry', 'orange', 'melon',
       'melon', 'lemon', 'seven'],
    ] satisfies SlotSymbol[][]
  ).map((strip) => Object.freeze(strip)),
)

/**
 * The 20 fixed paylines. Each is one row index (0 top, 1 middle, 2 bottom) per
 * reel, from reel 1 to reel 5. Line numbers shown to players are 1-based: line
 * 1 is LINES[0].
 */
export const LINES: readonly (readonly number[])[] = Object.freeze(
  (
    [
      [1, 1, 1, 1, 1], // 1: middle row
      [0, 0, 0, 0, 0], // 2: top row
      [2, 2, 2, 2, 2], // 3: bottom row
      [0, 1, 2, 1, 0], // 4: V
      [2, 1, 0, 1, 2], // 5: inverted V
      [0, 0, 1, 2, 2], // 6: falling step
      [2, 2, 1, 0, 0], // 7: rising step
      [1, 0, 0, 0, 1], // 8: raised middle
      [1, 2, 2, 2, 1], // 9: lowered middle
      [0, 1, 1, 1, 0], // 10: shallow U from the top
      [2, 1, 1, 1, 2], // 11: shallow arch from the bottom
      [1, 0, 1, 2, 1], // 12: wave up first
      [1, 2, 1, 0, 1], // 13: wave down first
      [0, 1, 0, 1, 0], // 14: upper zigzag
      [2, 1, 2, 1, 2], // 15: lower zigzag
      [1, 1, 0, 1, 1], // 16: middle with a bump up
      [1, 1, 2, 1, 1], // 17: middle with a dip down
      [0, 2, 0, 2, 0], // 18: wide zigzag from the top
      [2, 0, 2, 0, 2], // 19: wide zigzag from the bottom
      [0, 2, 2, 2, 0], // 20: deep U
    ] satisfies number[][]
  ).map((line) => Object.freeze(line)),
)

/** Pays, in units of the line bet, for 3, 4 and 5 of a kind. */
export type PayRow = readonly [three: number, four: number, five: number]

/**
 * The paytable: for each symbol, the pay in line-bet units for a run of 3, 4
 * and 5 of a kind from the leftmost reel. The top prize is 5 wilds on a line
 * (500 line bets, that is 25 times the total bet).
 */
export const PAYTABLE: Readonly<Record<SlotSymbol, PayRow>> = Object.freeze({
  wild: [50, 200, 500],
  seven: [30, 100, 250],
  bell: [25, 75, 200],
  melon: [20, 50, 125],
  grape: [15, 30, 80],
  orange: [10, 25, 60],
  lemon: [6, 20, 50],
  cherry: [5, 15, 30],
})

/**
 * The most one spin pays, in total bets: 1560 line bets (78 times the total bet) at the stops
 * [6, 31, 12, 29, 16]. The operator's wallet refuses a round's wins above it. A test searches every
 * combination of stops.
 */
export const MAX_MULTIPLIER = 78

/**
 * The return to player stated to players: exactRtp() as a percent, rounded
 * down to two decimals. A test checks that it matches exactRtp().
 */
export const RTP_TEXT = 'RTP 96.14 %'

/** A grid of visible symbols, indexed grid[reel][row]. */
export type Grid = readonly (readonly SlotSymbol[])[]

/** The win of one payline. */
export interface LineWin {
  /** 1-based line number (1 = LINES[0]). */
  line: number
  /** The paying symbol ('wild' only when a run of wilds alone is paid). */
  symbol: SlotSymbol
  /** Length of the paying run, from reel 1: 3, 4 or 5. */
  count: number
  /** Pay in units of the line bet. */
  pay: number
}

/** The result of evaluating a grid. */
export interface SpinResult {
  /** The winning lines, by increasing line number, at most one win per line. */
  wins: LineWin[]
  /** Sum of the pays of all wins, in line-bet units. */
  totalUnits: number
}

/**
 * Pay in line-bet units of `count` of a kind of `symbol` (0 below 3 of a kind).
 */
function symbolPay(symbol: SlotSymbol, count: number): number {
  if (!Number.isInteger(count) || count < MIN_RUN) return 0
  const pays = PAYTABLE[symbol]
  // Runs cannot be longer than the reels, but clamp to the 5-of-a-kind pay anyway.
  const index = Math.min(count, pays.length + MIN_RUN - 1) - MIN_RUN
  return pays[index] ?? 0
}

/**
 * The best win of one line, given the symbols it shows on reels 1 to 5.
 *
 * The run is counted from reel 1 over consecutive reels: its symbol is the
 * first non-wild symbol, and wilds anywhere in the run stand in for it. When
 * the line starts with wilds, two readings are possible: the leading wilds
 * alone (paid as wild) or the longer substituted run (paid as its symbol). The
 * higher pay wins; on equal pay the substituted run is reported (it covers at
 * least as many reels). A line of five wilds pays the wild's 5 of a kind.
 *
 * Returns null when the line pays nothing.
 */
export function evaluateLine(symbols: readonly SlotSymbol[]): Omit<LineWin, 'line'> | null {
  let wilds = 0
  while (wilds < symbols.length && symbols[wilds] === WILD) wilds++

  const wildWin = { symbol: WILD, count: wilds, pay: symbolPay(WILD, wilds) }
  const runSymbol = symbols[wilds]
  if (runSymbol === undefined) {
    // Only wilds on the line.
    return wildWin.pay > 0 ? wildWin : null
  }

  let count = wilds
  while (count < symbols.length) {
    const s = symbols[count]
    if (s !== runSymbol && s !== WILD) break
    count++
  }
  const runWin = { symbol: runSymbol, count, pay: symbolPay(runSymbol, count) }

  const best = runWin.pay >= wildWin.pay ? runWin : wildWin
  return best.pay > 0 ? best : null
}

/**
 * The visible grid for the given stops: reel i shows
 * REELS[i][(stops[i] + row) mod length] in row 0, 1, 2. Returns grid[reel][row].
 *
 * Throws when there is not exactly one stop per reel, or a stop is not an
 * integer in 0 .. strip length - 1.
 */
export function gridOf(stops: readonly number[]): SlotSymbol[][] {
  if (stops.length !== REELS.length) {
    throw new RangeError(`expected ${REELS.length} stops, got ${stops.length}`)
  }
  return REELS.map((strip, reel) => {
    const stop = stops[reel]
    if (stop === undefined || !Number.isInteger(stop) || stop < 0 || stop >= strip.length) {
      throw new RangeError(`stop ${String(stop)} of reel ${reel + 1} is outside 0..${strip.length - 1}`)
    }
    const column: SlotSymbol[] = []
    for (let row = 0; row < ROWS; row++) {
      const symbol = strip[(stop + row) % strip.length]
      if (symbol === undefined) throw new Error('unreachable: strip index out of range')
      column.push(symbol)
    }
    return column
  })
}

/**
 * Evaluates all 20 lines of a grid (grid[reel][row]) and adds up their wins.
 * Each line pays at most once, its best win (see evaluateLine).
 *
 * Throws when the grid is not 5 reels of 3 known symbols.
 */
export function evaluate(grid: Grid): SpinResult {
  if (grid.length !== REELS.length) {
    throw new RangeError(`expected ${REELS.length} reels, got ${grid.length}`)
  }
  for (const column of grid) {
    if (column.length !== ROWS || !column.every(isSymbol)) {
      throw new RangeError('each reel of the grid must show 3 known symbols')
    }
  }

  const wins: LineWin[] = []
  let totalUnits = 0
  LINES.forEach((line, index) => {
    const symbols = line.map((row, reel) => {
      const symbol = grid[reel]?.[row]
      if (symbol === undefined) throw new Error('unreachable: grid shape checked above')
      return symbol
    })
    const win = evaluateLine(symbols)
    if (win !== null) {
      wins.push({ line: index + 1, ...win })
      totalUnits += win.pay
    }
  })
  return { wins, totalUnits }
}

/**
 * Money paid for a spin: floor(totalBet × totalUnits / 20) centavos. The line
 * bet is totalBet / 20 and pays are in line bets; the result is rounded down
 * to the centavo, once for the whole spin.
 *
 * Throws on a negative bet or when totalUnits is not a non-negative safe integer.
 */
export function payoutCentavos(totalBetCentavos: bigint, totalUnits: number): bigint {
  if (totalBetCentavos < 0n) throw new RangeError('the total bet cannot be negative')
  if (!Number.isSafeInteger(totalUnits) || totalUnits < 0) {
    throw new RangeError(`totalUnits must be a non-negative integer, got ${totalUnits}`)
  }
  // BigInt division truncates, which is rounding down for non-negative values.
  return (totalBetCentavos * BigInt(totalUnits)) / BigInt(LINES.length)
}

/** An exact fraction; den is positive and the fraction is in lowest terms. */
export interface Fraction {
  num: bigint
  den: bigint
}

let cachedRtp: Fraction | undefined

/**
 * The exact return to player of REELS and PAYTABLE, as a fraction of the total
 * bet, before payouts are rounded down to centavos.
 *
 * Why this is exact without trying every combination of stops: a line reads
 * one row on each reel, and with a uniform stop the symbol in any fixed row of
 * a reel is distributed like the strip's symbol counts. Reels are independent,
 * so the expected pay of one line is the sum, over the 8^5 symbol combinations,
 * of the line's pay times the product of the symbol counts, divided by the
 * product of the strip lengths. Every line has that same expectation E (in
 * line bets); 20 lines return 20·E line bets for a total bet of 20 line bets,
 * so the RTP is E.
 */
export function exactRtp(): Fraction {
  if (cachedRtp !== undefined) return { ...cachedRtp }

  // For each reel, the symbols it carries with their counts (as BigInt weights).
  const counts = REELS.map((strip) => {
    const bySymbol = new Map<SlotSymbol, bigint>()
    for (const symbol of strip) bySymbol.set(symbol, (bySymbol.get(symbol) ?? 0n) + 1n)
    return [...bySymbol]
  })

  let num = 0n
  const line: SlotSymbol[] = []
  // Depth-first over the reels, carrying the product of the counts so far.
  const visit = (reel: number, weight: bigint): void => {
    const reelCounts = counts[reel]
    if (reelCounts === undefined) {
      const win = evaluateLine(line)
      if (win !== null) num += BigInt(win.pay) * weight
      return
    }
    for (const [symbol, count] of reelCounts) {
      line.push(symbol)
      visit(reel + 1, weight * count)
      line.pop()
    }
  }
  visit(0, 1n)

  const den = REELS.reduce((product, strip) => product * BigInt(strip.length), 1n)
  const divisor = gcd(num, den)
  cachedRtp = { num: num / divisor, den: den / divisor }
  return { ...cachedRtp }
}

/**
 * One stop per reel, each drawn uniformly from 0 .. strip length - 1 with the
 * given integer source (on the server, node's crypto.randomInt).
 *
 * Throws if the source returns anything but an integer in range, so a broken
 * random source can never produce a grid.
 */
export function randomStops(randomInt: (maxExclusive: number) => number): number[] {
  return REELS.map((strip, reel) => {
    const stop = randomInt(strip.length)
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) {
      throw new RangeError(`random source returned ${stop} for reel ${reel + 1} (expected 0..${strip.length - 1})`)
    }
    return stop
  })
}

function isSymbol(value: unknown): value is SlotSymbol {
  return (SYMBOLS as readonly unknown[]).includes(value)
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x === 0n ? 1n : x
}
