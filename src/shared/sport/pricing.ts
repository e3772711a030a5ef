/**
 * Prices markets from fair probabilities with a margin: o = 1 / (p x (1 + m)). A line market
 * (Asian handicap, over/under) has pushes and half results, so its "probability" is the one its
 * fair odds imply: the odds D at which a stake returns exactly itself on average.
 */
import type { LegResult } from './settle'

/** Poisson probabilities of 0..max goals for a mean of lambda (the last entry takes the tail). */
export function poisson(lambda: number, max = 12): number[] {
  const out: number[] = []
  let p = Math.exp(-lambda)
  let sum = 0
  for (let k = 0; k < max; k++) {
    out.push(p)
    sum += p
    p = (p * lambda) / (k + 1)
  }
  out.push(Math.max(0, 1 - sum))
  return out
}

/** The probability of each final score (home goals, away goals) for two independent Poisson means. */
export function scoreGrid(homeMean: number, awayMean: number, max = 12): { home: number; away: number; p: number }[] {
  const h = poisson(homeMean, max)
  const a = poisson(awayMean, max)
  const grid: { home: number; away: number; p: number }[] = []
  h.forEach((ph, i) => a.forEach((pa, j) => grid.push({ home: i, away: j, p: ph * pa })))
  return grid
}

/**
 * The fair odds of a selection whose results over the outcomes have these probabilities: D solves
 * P(win) D + P(half win) (1 + D) / 2 + P(push) + P(half lose) / 2 = 1. Null when it never wins.
 */
export function fairOdds(results: readonly { result: LegResult; p: number }[]): number | null {
  let win = 0
  let back = 0
  for (const { result, p } of results) {
    if (result === 10) win += p
    else if (result === 21) {
      win += p / 2
      back += p / 2
    } else if (result === 90) back += p
    else if (result === 11) back += p / 2
  }
  return win > 1e-12 ? (1 - back) / win : null
}

/**
 * Odds with the bookmaker's margin from fair odds, in thousandths, floored to a hundredth and never
 * below 1.01: a price a slip shows in full (2,48 is 2.480, never a 2.485 shown as 2,48 or 2,49).
 */
export function marginOdds(fair: number, margin: number): number {
  return Math.max(1010, Math.floor((fair / (1 + margin)) * 100) * 10)
}

/**
 * Whether marginOdds' floor lifted the price above fair / (1 + margin): a near-certain selection
 * (fair 1.0001 at 1.010 returns 1.0099 a real) whose market is then suspended, not offered. Nine
 * such legs in a parlay with one 1.40 leg returned 1.05 a real, and counted toward gifts (issue 29).
 */
export function liftedByFloor(fair: number, margin: number): boolean {
  return Math.floor((fair / (1 + margin)) * 1000) < 1010
}

/** The most a pre-match price drifts above its model price (the simulator's slow wobble). */
export const PRICE_DRIFT_MAX = 0.015

/**
 * The best return of any price the model offers, a real staked: the fair price with its most
 * favourable drift, less the margin; a parlay's is the product of its legs', never more. What
 * the promotion check (wallet/promoEv.ts) takes for the sportsbook.
 */
export function bestPriceReturn(margin: number): number {
  return (1 + PRICE_DRIFT_MAX) / (1 + margin)
}
