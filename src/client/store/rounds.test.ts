import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../shared/contract'
import { realtimeHandlers } from './realtime'
import { emptyRound, store } from './store'

const started = (roundId: string, serverTime = 1_000_000) => ({
  game: 'double',
  roundId,
  previousHash: 'a'.repeat(64),
  bettingEndsAt: serverTime + 15_000,
  drawEndsAt: serverTime + 21_000,
  nextAt: serverTime + 25_000,
  serverTime,
})

beforeEach(() => {
  store.rounds.double = emptyRound('red')
  store.rounds.luckyColor = emptyRound('green')
  store.user = { uId: 7, balance: 5, balanceVersion: 10, header: 0, email: 'a@b.co' } as UserInfo
})

describe('round events into the store', () => {
  it('a round starts, takes bets, locks, shows its result and pays', () => {
    realtimeHandlers['round:started'](started('41'))
    const slice = store.rounds.double
    expect(slice.live).toMatchObject({ roundId: '41', locked: false, roll: null, totals: [] })
    expect(slice.clockOffset).toBeLessThan(0)
    realtimeHandlers['round:bet']({ game: 'double', roundId: '41', player: '12***89', choice: 'red', amount: 2, totals: [{ choice: 'red', amount: 2, bets: 1 }] })
    // A bet of another round (a late event) changes nothing.
    realtimeHandlers['round:bet']({ game: 'double', roundId: '40', player: '55***11', choice: 'white', amount: 9, totals: [{ choice: 'white', amount: 9, bets: 1 }] })
    expect(slice.feed).toEqual([{ player: '12***89', choice: 'red', amount: 2 }])
    expect(slice.live?.totals).toEqual([{ choice: 'red', amount: 2, bets: 1 }])
    realtimeHandlers['round:locked']({ game: 'double', roundId: '41' })
    expect(slice.live?.locked).toBe(true)
    realtimeHandlers['round:result']({ game: 'double', roundId: '41', roll: 3, hash: 'b'.repeat(64), at: 1_015_000 })
    realtimeHandlers['round:result']({ game: 'double', roundId: '41', roll: 3, hash: 'b'.repeat(64), at: 1_015_000 })
    expect(slice.live).toMatchObject({ roll: 3, hash: 'b'.repeat(64) })
    expect(slice.recent).toEqual([{ roundId: '41', hash: 'b'.repeat(64), roll: 3, settledAt: 1_015_000 }])
    // Paid at the close of bets; shown when this device's draw ends (21 s after the start), not before.
    vi.useFakeTimers()
    try {
      realtimeHandlers['round:settled']({ game: 'double', roundId: '41', stake: 2, payout: 4, balance: 7, balanceVersion: 12 })
      expect(slice.lastPayout).toBeNull()
      expect(store.user).toMatchObject({ balance: 5, balanceVersion: 10 })
      vi.advanceTimersByTime(22_000)
    } finally {
      vi.useRealTimers()
    }
    expect(slice.lastPayout).toEqual({ roundId: '41', stake: 2, payout: 4 })
    expect(store.user).toMatchObject({ balance: 7, balanceVersion: 12 })
    // The next round starts with an empty feed and no bets of this player.
    realtimeHandlers['round:started'](started('42'))
    expect(slice.feed).toEqual([])
    expect(slice.mine).toEqual([])
    expect(slice.recent).toHaveLength(1)
  })

  it('a late round:settled does not take the balance back; other games are untouched', () => {
    realtimeHandlers['round:settled']({ game: 'luckyColor', roundId: '202611240001', stake: 1, payout: 0, balance: 3, balanceVersion: 9 })
    expect(store.user).toMatchObject({ balance: 5, balanceVersion: 10 })
    expect(store.rounds.luckyColor.lastPayout).toEqual({ roundId: '202611240001', stake: 1, payout: 0 })
    expect(store.rounds.double.lastPayout).toBeNull()
  })

  it('keeps the last 100 results, newest first', () => {
    for (let i = 1; i <= 105; i++) realtimeHandlers['round:result']({ game: 'luckyColor', roundId: String(i), roll: i % 10, hash: 'c'.repeat(64), at: i })
    const recent = store.rounds.luckyColor.recent
    expect(recent).toHaveLength(100)
    expect(recent[0]?.roundId).toBe('105')
    expect(recent[99]?.roundId).toBe('6')
  })
})
