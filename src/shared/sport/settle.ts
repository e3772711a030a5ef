/**
 * Sportsbook settlement, exact and pure (the same code settles on the server and explains a bet in
 * the app). Lines are multiples of 0.25 and handled as whole quarters; odds are decimal odds in
 * thousandths (1.950 is 1950); money is integer centavos through BigInt.
 *
 * A leg is settled as win (10), half win (21), push or refund (90), half lose (11) or lose (20), the
 * spec's bet-result codes. Whole lines push on a tie after the line; half lines never push; a quarter
 * line splits the stake in half across its two neighbouring lines (-0.25 = half on 0, half on -0.5).
 */
import { BET_RESULT, SUB_PERIOD } from '../codes'

export type MarketType = '1x2' | 'winner' | 'ah' | 'ou' | 'oddEven' | 'corners'
/** A race's runners are selections `run1` to `run12` (runner n: the n-th of the field, as the feed lists it). */
export type SelectionName = 'home' | 'draw' | 'away' | 'over' | 'under' | 'odd' | 'even' | `run${number}`
export type LegResult = typeof BET_RESULT.WIN | typeof BET_RESULT.WIN_HALF | typeof BET_RESULT.PRINCIPAL_REFUND | typeof BET_RESULT.LOSE_HALF | typeof BET_RESULT.LOSE

export interface Score {
  home: number
  away: number
}

/**
 * How a match ended, as the feed reports it: finished with its scores (and each quarter's, in the
 * sports played in quarters), or cancelled or postponed (every leg void).
 */
/**
 * A match's result: the full game's score and, where known, the first half's, the corners' and each
 * quarter's (a leg on a part with no score is refunded: a feed or an operator that never gave it).
 */
export type MatchOutcome = { status: 'finished'; fullTime: Score; halfTime?: Score | null; corners?: Score | null; quarters?: Score[]; winner?: number; runners?: number } | { status: 'void' }

/**
 * A race's field: 6 to 12 runners, each a selection of its winner market (run1 ... run12). A race's
 * outcome is finished with a 0-0 score, `winner` the winning runner's number and `runners` the size
 * of its field; without `winner` (a feed or an operator that gave a score only) its runners' legs
 * are refunded.
 */
export const RACE_MIN_RUNNERS = 6
export const RACE_MAX_RUNNERS = 12
export const runnerSelection = (n: number): SelectionName => `run${n}`
/** The runner a selection names (1 to 12), or null for any other selection. */
export function runnerOf(selection: string): number | null {
  const m = /^run([1-9]|1[0-2])$/.exec(selection)
  return m ? Number(m[1]) : null
}
/** The finished outcome of a race won by runner `winner` of a field of `runners`. */
export const raceOutcome = (winner: number, runners: number): MatchOutcome => ({ status: 'finished', fullTime: { home: 0, away: 0 }, winner, runners })

export interface MarketRef {
  type: MarketType
  /** The spec's sub-period code: 1 full game, 2 first half, 4 corners, 1001 to 1004 the quarters. */
  period: number
  /** The line (AH: the home team's handicap; OU and corners: the total), a multiple of 0.25; 0 where none applies. */
  line: number
}

/** The line in whole quarters; refuses a line that is not a multiple of 0.25. */
export function quarters(line: number): number {
  const q = Math.round(line * 4)
  if (!Number.isFinite(line) || Math.abs(q - line * 4) > 1e-9) throw new Error(`a line must be a multiple of 0.25, not ${line}`)
  return q
}

/** One half of a stake on a margin (in quarters) that wins above zero, pushes at zero, loses below. */
type Half = 1 | 0 | -1
const sign = (marginQuarters: number): Half => (marginQuarters > 0 ? 1 : marginQuarters < 0 ? -1 : 0)

/**
 * The result of a stake on `margin + line` (both in quarters): a quarter line (an odd number of
 * quarters: ±0.25, ±0.75, ...) is two half stakes on the lines a quarter below and above it.
 */
function lineResult(marginQuarters: number, lineQuarters: number): LegResult {
  const halves: [Half, Half] =
    Math.abs(lineQuarters % 2) === 1 ? [sign(marginQuarters + lineQuarters - 1), sign(marginQuarters + lineQuarters + 1)] : [sign(marginQuarters + lineQuarters), sign(marginQuarters + lineQuarters)]
  const total = halves[0] + halves[1]
  if (total === 2) return BET_RESULT.WIN
  if (total === -2) return BET_RESULT.LOSE
  // Both halves pushed (a quarter line's halves are half a goal apart: one cannot win while the other loses).
  if (total === 0) return BET_RESULT.PRINCIPAL_REFUND
  // One half pushed, the other won or lost.
  return total === 1 ? BET_RESULT.WIN_HALF : BET_RESULT.LOSE_HALF
}

/**
 * The score a market reads: the first half's for period 2, a quarter's for 1001 to 1004, corners for
 * a corners market, else the full game's. Null when the feed gave no score for that quarter.
 */
function scoreFor(market: MarketRef, o: Extract<MatchOutcome, { status: 'finished' }>): Score | null {
  if (market.type === 'corners' || market.period === SUB_PERIOD.CORNER_KICK) return o.corners ?? null
  if (market.period >= SUB_PERIOD.Q1 && market.period <= SUB_PERIOD.Q4) return o.quarters?.[market.period - SUB_PERIOD.Q1] ?? null
  return market.period === SUB_PERIOD.FIRST_HALF ? (o.halfTime ?? null) : o.fullTime
}

/** Settles one selection of a market on a match's outcome. */
export function settleLeg(market: MarketRef, selection: SelectionName, outcome: MatchOutcome): LegResult {
  if (outcome.status === 'void') return BET_RESULT.PRINCIPAL_REFUND
  const s = scoreFor(market, outcome)
  // A part never scored (a quarter of a match cut short, a half or corners not given) voids its legs.
  if (s === null) return BET_RESULT.PRINCIPAL_REFUND
  const plain = (won: boolean): LegResult => (won ? BET_RESULT.WIN : BET_RESULT.LOSE)
  const runner = runnerOf(selection)
  if (runner !== null) {
    // A runner wins or loses on the race's winner; a race settled without one (a score given by hand) refunds.
    if (market.type !== 'winner') throw new Error(`no selection ${selection} in a ${market.type} market`)
    return outcome.winner === undefined ? BET_RESULT.PRINCIPAL_REFUND : plain(outcome.winner === runner)
  }
  const lineQ = quarters(market.line)
  switch (market.type) {
    case '1x2':
      if (selection === 'home') return plain(s.home > s.away)
      if (selection === 'away') return plain(s.away > s.home)
      if (selection === 'draw') return plain(s.home === s.away)
      break
    case 'winner':
      // Win only: a draw (where a sport allows one) returns the stake.
      if (s.home === s.away && (selection === 'home' || selection === 'away')) return BET_RESULT.PRINCIPAL_REFUND
      if (selection === 'home') return plain(s.home > s.away)
      if (selection === 'away') return plain(s.away > s.home)
      break
    case 'ah':
      // The line is the home team's handicap; the away side plays the opposite line.
      if (selection === 'home') return lineResult(4 * (s.home - s.away), lineQ)
      if (selection === 'away') return lineResult(4 * (s.away - s.home), -lineQ)
      break
    case 'ou':
    case 'corners': {
      const total = 4 * (s.home + s.away)
      if (selection === 'over') return lineResult(total, -lineQ)
      if (selection === 'under') return lineResult(-total, lineQ)
      break
    }
    case 'oddEven': {
      const odd = (s.home + s.away) % 2 === 1
      if (selection === 'odd') return plain(odd)
      if (selection === 'even') return plain(!odd)
      break
    }
  }
  throw new Error(`no selection ${selection} in a ${market.type} market`)
}

/** A leg's factor as a fraction over 2000: odds D in thousandths count 2D (win), 1000 + D (half win), 2000 (push), 1000 (half lose), 0 (lose). */
export function legFactor2000(result: LegResult, oddsThousandths: number): bigint {
  const d = BigInt(oddsThousandths)
  switch (result) {
    case BET_RESULT.WIN:
      return 2n * d
    case BET_RESULT.WIN_HALF:
      return 1000n + d
    case BET_RESULT.PRINCIPAL_REFUND:
      return 2000n
    case BET_RESULT.LOSE_HALF:
      return 1000n
    default:
      return 0n
  }
}

/**
 * What a bet returns (centavos): the stake times the product of its legs' factors, floored to the
 * centavo. A single is a parlay of one leg.
 */
export function betReturn(stakeCentavos: bigint, legs: readonly { result: LegResult; odds: number }[]): bigint {
  if (legs.length === 0) throw new Error('a bet has at least one leg')
  let numerator = stakeCentavos
  let denominator = 1n
  for (const leg of legs) {
    numerator *= legFactor2000(leg.result, leg.odds)
    denominator *= 2000n
  }
  return numerator / denominator
}

/**
 * What a bet returns if every leg wins (centavos), from odds as the API shows them (decimal numbers
 * like 2.203): each read back to thousandths, so the slip shows exactly what the server will pay.
 */
export function winningReturn(stakeCentavos: bigint, decimalOdds: readonly number[]): bigint {
  return betReturn(stakeCentavos, decimalOdds.map((o) => ({ result: BET_RESULT.WIN, odds: Math.round(o * 1000) })))
}
