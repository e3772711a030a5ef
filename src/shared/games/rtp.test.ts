import { describe, expect, it } from 'vitest'
import { diceMultiplier, diceRoll, diceWinChance, type DiceCondition } from './dice'
import { limboFromFloat, limboResult } from './limbo'
import { minePositions, minesMultiplier } from './mines'
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

/** Floats are k / 2^32 for k = 0 .. 2^32 - 1, all equally likely. */
const TWO32 = 2 ** 32

/**
 * Limbo, analytically: the result falls as the float grows, so a target T (hundredths) wins for
 * k = 0 .. K, where K is the last k whose result reaches T. K sits next to 99 / T x 2^32; the
 * floating-point formula is evaluated around it to find it exactly.
 */
function limboRtp(target: number): number {
  const guess = Math.floor((99 / target) * TWO32)
  let k = guess + 4
  while (limboFromFloat(k / TWO32) < target) k--
  expect(limboFromFloat((k + 1) / TWO32)).toBeLessThan(target)
  expect(k).toBeGreaterThan(guess - 8)
  return ((k + 1) / TWO32) * (target / 100)
}

describe('exact RTP of limbo', () => {
  it('is 0.99 at every target, to within one float step', () => {
    for (const t of [101, 150, 200, 333, 1000, 10_000, 123_456, 100_000_000]) {
      const rtp = limboRtp(t)
      expect(rtp, `target ${t / 100}`).toBeLessThanOrEqual(0.99 + (t / 100) / TWO32)
      expect(rtp, `target ${t / 100}`).toBeGreaterThan(0.99 - (t / 100) / TWO32 - 1e-9)
    }
  })
})

describe('simulation with fixed seeds', () => {
  const serverSeed = '5c1f0a9e7b3d2c4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e'
  const clientSeed = 'simulacao'
  const N = 20_000

  /** Mean return per unit staked and its standard error, over N bets with nonces 0..N-1. */
  function simulate(returnOf: (pair: { serverSeed: string; clientSeed: string; nonce: number }) => number) {
    let sum = 0
    let sq = 0
    for (let nonce = 0; nonce < N; nonce++) {
      const r = returnOf({ serverSeed, clientSeed, nonce })
      sum += r
      sq += r * r
    }
    const mean = sum / N
    const se = Math.sqrt((sq / N - mean * mean) / N)
    return { mean, se }
  }

  it('dice under 50.00 lands within 3 standard errors of its exact RTP', () => {
    const m = multiplierToNumber(diceMultiplier(5000, 'under'))
    const exact = diceRtp(5000, 'under')
    const { mean, se } = simulate((pair) => (diceRoll(pair) < 5000 ? m : 0))
    expect(Math.abs(mean - exact)).toBeLessThan(3 * se)
    console.log(`dice under 50: simulated ${mean.toFixed(5)} ± ${se.toFixed(5)}, exact ${exact.toFixed(5)}`)
  })

  it('limbo at 2.00x lands within 3 standard errors of its exact RTP', () => {
    const exact = limboRtp(200)
    const { mean, se } = simulate((pair) => (limboResult(pair) >= 200 ? 2 : 0))
    expect(Math.abs(mean - exact)).toBeLessThan(3 * se)
    console.log(`limbo 2.00x: simulated ${mean.toFixed(5)} ± ${se.toFixed(5)}, exact ${exact.toFixed(5)}`)
  })

  it('mines, 3 mines cashed out after 3 gems (tiles 0, 1, 2), lands within 3 standard errors', () => {
    const m = multiplierToNumber(minesMultiplier(3, 3))
    const exact = (choose(22, 3) / choose(25, 3)) * m
    const { mean, se } = simulate((pair) => (minePositions(pair, 3).some((t) => t <= 2) ? 0 : m))
    expect(Math.abs(mean - exact)).toBeLessThan(3 * se)
    console.log(`mines 3/3: simulated ${mean.toFixed(5)} ± ${se.toFixed(5)}, exact ${exact.toFixed(5)}`)
  })
})
