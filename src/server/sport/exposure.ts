/**
 * What a player's sport bets that can cover each other put at risk, for a gift's wagering: their
 * stakes less the least they return together over every result they depend on. One bet alone
 * counts its stake in full; home and away of one handicap, or parlays over every combination of
 * two matches, count only what they can lose whatever happens.
 *
 * A bet depends on "dimensions": one match's score in one period (tried as every home x away
 * pair up to past its lines), or, where the lines are high (basketball), its margin and its total
 * apart, each at its critical values only: two either side of every line (both parities, for
 * odd/even) and its far ends; between two lines every value of one parity settles every leg alike.
 * Corners are their own dimension. Dimensions are tried independently, so bets that cover each
 * other only across periods (a first half against its full game) are not seen as covering: they
 * count as if they did not (each in full), as before this netting existed. A race's runners are
 * their own dimension: each runner of its field winning in turn (the field's size as the race was
 * settled with, else up to one runner past the highest backed).
 */
import { betReturn, RACE_MAX_RUNNERS, raceOutcome, runnerOf, settleLeg, type LegResult, type MarketType, type MatchOutcome, type SelectionName } from '../../shared/sport/settle'

export interface ExposureLeg {
  match_id: string
  market_type: string
  period: number
  line_quarters: number
  selection: string
  /** Thousandths. */
  odds: number
}

export interface ExposureBet {
  amount: bigint
  legs: readonly ExposureLeg[]
}

/** The most joint results tried; a group with more counts each bet on its own (in full). */
export const MAX_COMBINATIONS = 20_000

type Reading = 'margin' | 'total'
const readingOf = (type: string): Reading => (type === 'ou' || type === 'oddEven' || type === 'corners' ? 'total' : 'margin')

/** Scores per side tried jointly (home x away) while every line of a match's period stays under this; above, margin and total apart. */
const JOINT_UP_TO = 9

/** Which legs read the same result: one match's score in one period, its corners, or a race's winner. */
export function resultOf(l: ExposureLeg): string {
  return `${l.match_id}|${runnerOf(l.selection) !== null ? 'race' : l.market_type === 'corners' ? 'corners' : 'score'}|${l.period}`
}

/** A race's field size by its match id, where known (its settled outcome's `runners`). */
export type FieldSizes = ReadonlyMap<string, number>

/**
 * The dimensions a group's legs read, each with the outcomes to try: a low-scoring match's score
 * as every home x away pair (so a cover across markets, home + away + even, is seen: a draw's total
 * is even); a high-scoring one's margin and total apart (its lines are far from a draw); corners
 * by their total.
 */
function dimensions(bets: readonly ExposureBet[], fields: FieldSizes): { key: (l: ExposureLeg) => string; tries: Map<string, MatchOutcome[]> } {
  const byResult = new Map<string, ExposureLeg[]>()
  for (const b of bets) for (const l of b.legs) byResult.set(resultOf(l), [...(byResult.get(resultOf(l)) ?? []), l])
  const tries = new Map<string, MatchOutcome[]>()
  for (const [k, legs] of byResult) {
    if (!k.includes('|race|')) continue
    const backed = Math.max(...legs.map((l) => runnerOf(l.selection) as number))
    const field = fields.get((legs[0] as ExposureLeg).match_id) ?? Math.min(RACE_MAX_RUNNERS, backed + 1)
    tries.set(k, Array.from({ length: Math.max(field, backed) }, (_, i) => raceOutcome(i + 1, field)))
  }
  const joint = new Set([...byResult].filter(([k, legs]) => !k.includes('|corners|') && !k.includes('|race|') && legs.every((l) => Math.abs(Number(l.line_quarters)) / 4 <= JOINT_UP_TO)).map(([k]) => k))
  const key = (l: ExposureLeg) => (joint.has(resultOf(l)) || tries.has(resultOf(l)) ? resultOf(l) : `${resultOf(l)}|${readingOf(l.market_type)}`)
  const byKey = new Map<string, ExposureLeg[]>()
  for (const b of bets) for (const l of b.legs) byKey.set(key(l), [...(byKey.get(key(l)) ?? []), l])
  for (const [k, legs] of byKey) {
    if (tries.has(k)) continue
    if (joint.has(k)) {
      const top = Math.max(...legs.map((l) => Math.ceil(Math.abs(Number(l.line_quarters)) / 4))) + 3
      const out: MatchOutcome[] = []
      for (let h = 0; h <= top; h++) for (let a = 0; a <= top; a++) out.push(finished({ home: h, away: a }))
      tries.set(k, out)
    } else {
      const reading = readingOf(legs[0]?.market_type ?? '')
      tries.set(k, criticalValues(reading, legs).map((v) => finished(reading === 'margin' ? { home: Math.max(v, 0), away: Math.max(-v, 0) } : { home: v, away: 0 })))
    }
  }
  return { key, tries }
}

/** Every value of a margin or total that can settle its legs differently: two either side of each line, both far ends. */
function criticalValues(reading: Reading, legs: readonly ExposureLeg[]): number[] {
  const values = new Set<number>()
  let far = 0
  for (const l of legs) {
    const line = Math.abs(Number(l.line_quarters) / 4)
    far = Math.max(far, Math.ceil(line) + 3)
    for (const centre of reading === 'margin' ? [line, -line] : [line]) for (let v = Math.floor(centre) - 2; v <= Math.ceil(centre) + 2; v++) values.add(v)
  }
  for (const v of reading === 'margin' ? [-far, -far + 1, far - 1, far] : [0, 1, 2 * far - 1, 2 * far]) values.add(v)
  return [...values].filter((v) => reading === 'margin' || v >= 0).sort((a, b) => a - b)
}

/** A finished match whose every score (full time, half time, corners, quarters) is this one. */
function finished(score: { home: number; away: number }): MatchOutcome {
  return { status: 'finished', fullTime: score, halfTime: score, corners: score, quarters: [score, score, score, score] }
}

/**
 * The group's exposure (centavos) and the most it returns over its stakes (ten-thousandths), or
 * null when it depends on too many joint results to try (the caller counts each bet alone).
 */
export function netExposure(bets: readonly ExposureBet[], fields: FieldSizes = new Map()): { exposure: bigint; multiplier4: bigint } | null {
  const stake = bets.reduce((sum, b) => sum + b.amount, 0n)
  const { key, tries } = dimensions(bets, fields)
  const names = [...tries.keys()]
  const values = names.map((k) => tries.get(k) as MatchOutcome[])
  if (values.reduce((n, v) => n * v.length, 1) > MAX_COMBINATIONS) return null
  const index = new Map(names.map((k, i) => [k, i]))
  const at = names.map(() => 0)
  let least: bigint | null = null
  let most = 0n
  for (;;) {
    const outcomes = at.map((k, i) => (values[i] as MatchOutcome[])[k] as MatchOutcome)
    let back = 0n
    for (const b of bets) {
      const legs = b.legs.map((l) => {
        const outcome = outcomes[index.get(key(l)) as number] as MatchOutcome
        const result: LegResult = settleLeg({ type: l.market_type as MarketType, period: Number(l.period), line: Number(l.line_quarters) / 4 }, l.selection as SelectionName, outcome)
        return { result, odds: Number(l.odds) }
      })
      back += betReturn(b.amount, legs)
    }
    if (least === null || back < least) least = back
    if (back > most) most = back
    // The next joint result (an odometer over the dimensions' values).
    let i = 0
    while (i < at.length && (at[i] = (at[i] as number) + 1) === (values[i] as MatchOutcome[]).length) at[i++] = 0
    if (i === at.length) break
  }
  const exposure = stake - (least ?? 0n)
  return { exposure: exposure > 0n ? exposure : 0n, multiplier4: stake > 0n ? (most * 10_000n) / stake : 0n }
}
