import { describe, expect, it } from 'vitest'
import { diceMultiplier4, diceOf, floatsOf, limboOf, minesMultiplier4, minesOf, sha256Hex } from '../verifier/standard'

// The published values.
const s = '3f9a1c0e5b7d2a8c6e4f1b3d5a7c9e0f2b4d6a8c0e1f3b5d7a9c2e4f6b8d0a1c'
const c = 'seu-seed-1'

describe('the independent verifier', () => {
  it('reproduces the published values', () => {
    expect(sha256Hex(s)).toBe('38ea5c4f1c33aef4103e764b52d86f983e16e0c44f56055d0b4941528ec1b168')
    expect(floatsOf(s, c, 0, 1)[0]).toBeCloseTo(0.2990206971, 10)
    expect([0, 1, 2].map((n) => diceOf(s, c, n))).toEqual([29.9, 77.62, 47.06])
    expect([0, 1, 2].map((n) => limboOf(s, c, n))).toEqual([3.31, 1.27, 2.1])
    expect([0, 1, 2].map((n) => minesOf(s, c, n, 3))).toEqual([[0, 7, 8], [2, 14, 19], [1, 3, 11]])
    expect([1, 2, 3].map((k) => Number(minesMultiplier4(3, k)) / 10000)).toEqual([1.125, 1.2857, 1.4785])
    expect(diceMultiplier4(50, 'under')).toBe(19800n)
  })
})
