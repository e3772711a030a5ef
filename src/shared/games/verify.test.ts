import { describe, expect, it } from 'vitest'
import type { Bet } from '../contract/casino'
import { recompute, verifyBet } from './verify'

const serverSeed = '3f9a1c0e5b7d2a8c6e4f1b3d5a7c9e0f2b4d6a8c0e1f3b5d7a9c2e4f6b8d0a1c'
const serverSeedHash = '38ea5c4f1c33aef4103e764b52d86f983e16e0c44f56055d0b4941528ec1b168'
const clientSeed = 'seu-seed-1'
const base = { betId: '1', serverSeedHash, clientSeed, balance: 0, balanceVersion: 0, createdAt: 0 }

describe('recompute', () => {
  it('gives the published outcomes', () => {
    const pair = (nonce: number) => ({ serverSeed, clientSeed, nonce })
    expect(recompute(pair(0), { game: 'dice', amount: 1, target: 50, condition: 'under' })).toEqual({ roll: 29.9, won: true, multiplier: 1.98, payout: 1.98 })
    expect(recompute(pair(1), { game: 'limbo', amount: 2, target: 1.5 })).toEqual({ result: 1.27, won: false, multiplier: 0, payout: 0 })
    expect(recompute(pair(0), { game: 'mines', amount: 10, mines: 3, revealed: [1, 2, 3] })).toEqual({ minePositions: [0, 7, 8], won: true, multiplier: 1.4785, payout: 14.78 })
    expect(recompute(pair(0), { game: 'mines', amount: 10, mines: 3, revealed: [1, 7] }).won).toBe(false)
  })
})

describe('verifyBet', () => {
  const dice: Bet = { ...base, game: 'dice', amount: 1, nonce: 0, roll: 29.9, target: 50, condition: 'under', state: 'won', multiplier: 1.98, payout: 1.98 }

  it('accepts a bet that matches its revealed seed', () => {
    expect(verifyBet(dice, serverSeed)).toMatchObject({ hashOk: true, mismatches: [] })
    const mines: Bet = { ...base, game: 'mines', amount: 10, nonce: 1, mines: 3, revealed: [0, 1], minePositions: [19, 2, 14], state: 'won', multiplier: 1.2857, payout: 12.85 }
    expect(verifyBet(mines, serverSeed).mismatches).toEqual([])
  })

  it('catches a wrong roll, a wrong payout, a swapped seed', () => {
    expect(verifyBet({ ...dice, roll: 30 }, serverSeed).mismatches).toEqual(['roll'])
    expect(verifyBet({ ...dice, payout: 2 }, serverSeed).mismatches).toEqual(['payout'])
    expect(verifyBet({ ...dice, state: 'lost', multiplier: 0, payout: 0 }, serverSeed).mismatches).toEqual(['state', 'multiplier', 'payout'])
    const other = 'a'.repeat(64)
    expect(verifyBet(dice, other).hashOk).toBe(false)
  })

  it('accepts a payout cut to the cap only when the cap applies', () => {
    const big: Bet = { ...dice, amount: 1, payout: 1.5 }
    expect(verifyBet(big, serverSeed, 1.5).mismatches).toEqual([])
    expect(verifyBet(big, serverSeed, 3).mismatches).toEqual(['payout'])
  })
})
