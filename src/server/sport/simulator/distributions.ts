/**
 * The simulator's prices from what is left to play: each side's remaining score as a distribution,
 * collapsed to the final margin and total, and a market's selections priced over them with the
 * margin (model.ts asks for them once per price step).
 */
import { fairOdds, liftedByFloor, marginOdds } from '../../../shared/sport/pricing'
import { quarters, settleLeg, type MarketType, type MatchOutcome, type Score, type SelectionName } from '../../../shared/sport/settle'
import type { FeedMarket } from '../OddsFeed'

/** The distribution of a side's remaining score: Poisson, or a discretised normal for large means. */
function remaining(mean: number): { k: number; p: number }[] {
  if (mean <= 0) return [{ k: 0, p: 1 }]
  const out: { k: number; p: number }[] = []
  if (mean < 30) {
    let p = Math.exp(-mean)
    for (let k = 0; k < 40; k++) {
      out.push({ k, p })
      p = (p * mean) / (k + 1)
    }
  } else {
    const sd = Math.sqrt(mean)
    for (let k = Math.max(0, Math.floor(mean - 6 * sd)); k <= Math.ceil(mean + 6 * sd); k++) out.push({ k, p: Math.exp(-((k - mean) ** 2) / (2 * mean)) })
  }
  const total = out.reduce((a, b) => a + b.p, 0)
  return out.map((x) => ({ k: x.k, p: x.p / total }))
}

const finished = (s: Score): MatchOutcome => ({ status: 'finished', fullTime: s, halfTime: s, corners: s })

/** What a market reads of the final score: the margin (1X2, win only, handicap) or the total (over/under, corners, odd/even). */
type Reading = 'margin' | 'total'
const readingOf = (type: MarketType): Reading => (type === 'ou' || type === 'corners' || type === 'oddEven' ? 'total' : 'margin')

/**
 * The final scores as each reading sees them, from the score now and the means still to play: the
 * distribution of the margin and of the total (each value as the simplest score that has it: margin
 * d is d-0 or 0-(-d), total t is t-0). Every market of one reading is priced over this short list
 * rather than the whole grid of scores (a basketball match's has some 12,000).
 */
export function readings(now: Score, mean: Score) {
  const home = remaining(mean.home)
  const away = remaining(mean.away)
  // Arrays indexed by the remaining goals' difference and sum (a basketball match's pairs number
  // some 14,000 per reading, five readings a price step: a Map per pair cost most of its pricing).
  const h0 = (home[0] as { k: number }).k
  const a0 = (away[0] as { k: number }).k
  const hSpan = (home.at(-1) as { k: number }).k - h0
  const aSpan = (away.at(-1) as { k: number }).k - a0
  const byMargin = new Float64Array(hSpan + aSpan + 1)
  const byTotal = new Float64Array(hSpan + aSpan + 1)
  for (const h of home) {
    for (const a of away) {
      const p = h.p * a.p
      if (p <= 1e-12) continue
      const d = h.k - h0 - (a.k - a0) + aSpan
      const t = h.k - h0 + (a.k - a0)
      byMargin[d] = (byMargin[d] as number) + p
      byTotal[t] = (byTotal[t] as number) + p
    }
  }
  const margin: { home: number; away: number; p: number }[] = []
  const total: { home: number; away: number; p: number }[] = []
  const dBase = now.home + h0 - (now.away + a0) - aSpan
  const tBase = now.home + h0 + now.away + a0
  byMargin.forEach((p, i) => {
    const d = dBase + i
    if (p > 0) margin.push({ home: Math.max(d, 0), away: Math.max(-d, 0), p })
  })
  byTotal.forEach((p, i) => {
    if (p > 0) total.push({ home: tBase + i, away: 0, p })
  })
  return { margin, total }
}

/** A market's selections priced over the collapsed final scores. */
export function priced(matchId: string, type: MarketType, period: number, line: number, names: SelectionName[], dist: ReturnType<typeof readings>, margin: number, wobble: number) {
  const marketId = `${matchId}-${type}-${period}-${quarters(line)}`
  const scores = dist[readingOf(type)]
  let held = false
  const selections = names.map((name) => {
    const fair = fairOdds(scores.map((g) => ({ result: settleLeg({ type, period: 1, line }, name, finished({ home: g.home, away: g.away })), p: g.p })))
    if (fair !== null && liftedByFloor(fair * wobble, margin)) held = true
    return { selectionId: `${marketId}-${name}`, name, odds: fair === null ? 1010 : marginOdds(fair * wobble, margin) }
  })
  return { marketId, type, period, line, selections, held }
}

/** A market as priced: `held` when a price of it could not carry the margin (liftedByFloor): it is suspended. */
export type PricedMarket = Omit<FeedMarket, 'status'> & { held: boolean }

/** The lines around a centre: whole, half and quarter steps. */
export const linesAround = (centre: number, step: number) => [-2, -1, 0, 1, 2].map((i) => Math.round((centre + i * step) * 4) / 4)
