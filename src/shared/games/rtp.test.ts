import { describe, expect, it } from 'vitest'
import { diceMultiplier, diceWinChance, type DiceCondition } from './dice'
import { minesMultiplier } from './mines'
import { multiplierToNumber } from './payout'

/** Exact returns over each game's whole outcome space, with the 4-decimal rounding down. */
function diceRtp(target: number, condition: DiceCondition): number {
  // All 10,001 rolls are equally likely.
  let wins = 0
  for (let roll = 0; roll <= 10000; roll++) if (condition === 'over' ? roll > target : roll < target) wins++
  expect(wins).toBe(diceWinChance(target, condition))
  return (wins / 10001) * multiplierToNumber(diceMultiplier(target, condition))
}

function choose(n: number, k: number): number {
  let r = 1
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1)
  return r
}

describe('exact RTP', () => {
  it('dice is 9900/10001 before rounding, never above it', () => {
    for (const [t, c] of [[5000, 'over'], [200, 'over'], [9999, 'over'], [1, 'under'], [9800, 'under'], [3333, 'under']] as const) {
      const rtp = diceRtp(t, c)
      expect(rtp).toBeLessThanOrEqual(9900 / 10001 + 1e-12)
      expect(rtp).toBeGreaterThan(0.985)
    }
    expect(diceRtp(5000, 'over')).toBeCloseTo(0.98990101, 7)
  })

  it('mines cashing out after k gems returns 0.99 less rounding', () => {
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        const p = choose(25 - m, k) / choose(25, k)
        const rtp = p * multiplierToNumber(minesMultiplier(m, k))
        expect(rtp, `${m} mines, ${k} gems`).toBeLessThanOrEqual(0.99 + 1e-12)
        expect(rtp, `${m} mines, ${k} gems`).toBeGreaterThan(0.98)
      }
    }
  })
})
