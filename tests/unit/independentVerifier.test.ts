import { describe, expect, it } from 'vitest'
import { roundRoll, saltOf } from '../../src/shared/games/rounds/chain'
import { diceMultiplier4, diceOf, floatsOf, limboOf, minesMultiplier4, minesOf, roundRollOf, roundSaltOf, sha256Hex } from '../verifier/standard'

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

describe('the independent verifier: shared rounds (issue 29, the salt from seeds)', () => {
  it('agrees with the shared code on the salt and the rolls', () => {
    // No seed by the deadline: SHA-256 of the empty text.
    expect(roundSaltOf([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    for (const inputs of [[], ['a'], ['alice-lucky-7', 'bob 42'], ['x', 'y', 'z'], ['00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7']]) {
      expect(saltOf(inputs), inputs.join(',')).toBe(roundSaltOf(inputs))
      expect(saltOf(inputs)).toBe(sha256Hex(inputs.join(':')))
    }
    let hash = s
    for (let i = 0; i < 50; i++) {
      const salt = roundSaltOf([`seed-${i}`])
      expect(roundRoll(hash, salt, 15)).toBe(roundRollOf(hash, salt, 15))
      expect(roundRoll(hash, salt, 10)).toBe(roundRollOf(hash, salt, 10))
      hash = sha256Hex(hash)
    }
  })
})
