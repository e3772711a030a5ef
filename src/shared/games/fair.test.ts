import { describe, expect, it } from 'vitest'
import { diceMultiplier, diceRoll, diceTargetValid, diceWins } from './dice'
import { CLIENT_SEED_PATTERN, floats, hashServerSeed } from './fair'
import { limboResult, limboWins } from './limbo'
import { minePositions, minesMultiplier } from './mines'
import { multiplierToNumber, payoutOf } from './payout'

// The test values, computed twice by independent code.
const serverSeed = '3f9a1c0e5b7d2a8c6e4f1b3d5a7c9e0f2b4d6a8c0e1f3b5d7a9c2e4f6b8d0a1c'
const clientSeed = 'seu-seed-1'
const at = (nonce: number) => ({ serverSeed, clientSeed, nonce })

describe('provably fair', () => {
  it('commits to the server seed with SHA-256 of its hex text', () => {
    expect(hashServerSeed(serverSeed)).toBe('38ea5c4f1c33aef4103e764b52d86f983e16e0c44f56055d0b4941528ec1b168')
  })

  it('draws the published first float', () => {
    expect(floats(at(0), 1)[0]).toBeCloseTo(0.2990206971, 10)
  })

  it('keeps drawing across HMAC rounds (more than 8 floats)', () => {
    const fs = floats(at(0), 24)
    expect(fs).toHaveLength(24)
    expect(new Set(fs).size).toBe(24)
    for (const f of fs) expect(f >= 0 && f < 1).toBe(true)
    expect(floats(at(0), 9).slice(0, 8)).toEqual(fs.slice(0, 8))
  })

  it('dice, limbo and mines give the published outcomes for nonces 0, 1, 2', () => {
    expect([0, 1, 2].map((n) => diceRoll(at(n)) / 100)).toEqual([29.9, 77.62, 47.06])
    expect([0, 1, 2].map((n) => limboResult(at(n)) / 100)).toEqual([3.31, 1.27, 2.1])
    expect(minePositions(at(0), 3)).toEqual([0, 7, 8])
    expect(minePositions(at(1), 3)).toEqual([2, 14, 19])
    expect(minePositions(at(2), 3)).toEqual([1, 3, 11])
  })

  it('mines multipliers with 3 mines after 1, 2, 3 gems', () => {
    expect([1, 2, 3].map((g) => multiplierToNumber(minesMultiplier(3, g)))).toEqual([1.125, 1.2857, 1.4785])
    expect(minesMultiplier(24, 1)).toBe(247_500n)
  })

  it('dice rules and multipliers', () => {
    expect(diceTargetValid(200, 'over')).toBe(true)
    expect(diceTargetValid(199, 'over')).toBe(false)
    expect(diceTargetValid(9800, 'under')).toBe(true)
    expect(diceTargetValid(9801, 'under')).toBe(false)
    expect(multiplierToNumber(diceMultiplier(5000, 'over'))).toBe(1.98)
    expect(multiplierToNumber(diceMultiplier(200, 'over'))).toBe(1.0102)
    expect(diceWins(2990, 2989, 'over')).toBe(true)
    expect(diceWins(2990, 2990, 'over')).toBe(false)
    expect(diceWins(2990, 2990, 'under')).toBe(false)
  })

  it('limbo pays the target when the result reaches it', () => {
    expect(limboWins(331, 331)).toBe(true)
    expect(limboWins(330, 331)).toBe(false)
  })

  it('payouts are floor(stake x multiplier) in centavos', () => {
    expect(payoutOf(1000n, 11_250n)).toBe(1125n)
    expect(payoutOf(333n, 12_857n)).toBe(428n)
  })

  it('client seeds: printable ASCII without colon, 1 to 64', () => {
    expect(CLIENT_SEED_PATTERN.test('seu-seed-1')).toBe(true)
    expect(CLIENT_SEED_PATTERN.test('a:b')).toBe(false)
    expect(CLIENT_SEED_PATTERN.test('')).toBe(false)
    expect(CLIENT_SEED_PATTERN.test('x'.repeat(65))).toBe(false)
    expect(CLIENT_SEED_PATTERN.test('ção')).toBe(false)
  })
})
