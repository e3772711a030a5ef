import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../shared/contract'
import { setUser } from './actions/session'
import { NUDGE_QUIET_START_MS, resetNudgesForTest } from './actions/nudges'
import { dismissNotice } from './actions/ui'
import { applyBalance } from './balance'
import { realtimeHandlers } from './realtime'

/** What an action does with a reply carrying a balance (a bet, a transfer, getBalance). */
const recordReply = applyBalance
import { store } from './store'

beforeEach(() => {
  store.user = { uId: 7, balance: 5, balanceVersion: 10, header: 0, email: 'a@b.co' } as UserInfo
  store.ui.overlay = null
  store.ui.bonusBoost = null
  store.ui.notice = null
})

describe('socket events into the store', () => {
  it('insBalance and updateUserInfo change the user live', () => {
    realtimeHandlers.insBalance({ balance: 42.5, balanceVersion: 11 })
    expect(store.user?.balance).toBe(42.5)
    realtimeHandlers.updateUserInfo({ header: 9, kyc: 1 })
    expect(store.user).toMatchObject({ balance: 42.5, balanceVersion: 11, header: 9, kyc: 1 })
  })

  it('a late insBalance with an older version is ignored; a newer one is applied', async () => {
    // A bet's reply (version 20) lands before the socket event of an earlier movement (version 15).
    recordReply({ balance: 80, balanceVersion: 20 })
    realtimeHandlers.insBalance({ balance: 95, balanceVersion: 15 })
    expect(store.user).toMatchObject({ balance: 80, balanceVersion: 20 })
    realtimeHandlers.insBalance({ balance: 80, balanceVersion: 20 })
    expect(store.user).toMatchObject({ balance: 80, balanceVersion: 20 })
    realtimeHandlers.insBalance({ balance: 70.25, balanceVersion: 21 })
    expect(store.user).toMatchObject({ balance: 70.25, balanceVersion: 21 })
    // updateUserInfo: the other fields merge, an older balance does not.
    realtimeHandlers.updateUserInfo({ balance: 99, balanceVersion: 18, payAmount: 100, header: 4 })
    expect(store.user).toMatchObject({ balance: 70.25, balanceVersion: 21, payAmount: 100, header: 4 })
    realtimeHandlers.updateUserInfo({ balance: 170.25, balanceVersion: 30, payAmount: 100 })
    expect(store.user).toMatchObject({ balance: 170.25, balanceVersion: 30 })
    // A userInfo reply that was overtaken by a newer balance keeps that balance; its other fields land.
    setUser({ ...(store.user as UserInfo), balance: 1, balanceVersion: 25, header: 12 })
    expect(store.user).toMatchObject({ balance: 170.25, balanceVersion: 30, header: 12 })
    // Another account's user info replaces everything.
    setUser({ ...(store.user as UserInfo), uId: 8, balance: 3, balanceVersion: 2 })
    expect(store.user).toMatchObject({ uId: 8, balance: 3, balanceVersion: 2 })
  })

  it('a late freeBalance (the player has since topped up) does not open the deposit overlay', () => {
    applyBalance({ balance: 100.4, balanceVersion: 40 })
    realtimeHandlers.freeBalance({ balance: 0.4, balanceVersion: 39 })
    expect(store.ui.overlay).toBeNull()
    expect(store.user?.balance).toBe(100.4)
  })

  it('a notice becomes the banner', () => {
    realtimeHandlers.notice({ id: 'n', text: 'Manutenção', time: 1 })
    expect(store.ui.notice).toEqual({ id: 'n', text: 'Manutenção' })
    // Closed, it stays closed when a reconnecting socket gets the same notice; a new one shows.
    dismissNotice()
    realtimeHandlers.notice({ id: 'n', text: 'Manutenção', time: 1 })
    expect(store.ui.notice).toBeNull()
    realtimeHandlers.notice({ id: 'n2', text: 'Outra', time: 2 })
    expect(store.ui.notice).toEqual({ id: 'n2', text: 'Outra' })
  })

  it('userBetAmount with bouns and amount offers the boost; freeBalance under 0.51 opens deposit', () => {
    realtimeHandlers.userBetAmount({ bouns: 0, amount: 10 })
    expect(store.ui.bonusBoost).toBeNull()
    realtimeHandlers.userBetAmount({ bouns: 1.5, amount: 10 })
    expect(store.ui.bonusBoost).toEqual({ multiplier: 1.5, amount: 10 })
    realtimeHandlers.freeBalance({ balance: 0.51, balanceVersion: 11 })
    expect(store.ui.overlay).toBeNull()
    realtimeHandlers.freeBalance({ balance: 0.5, balanceVersion: 12 })
    // An unsolicited sheet: at the visit's first quiet moment (actions/nudges).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] })
    try {
      resetNudgesForTest()
      realtimeHandlers.freeBalance({ balance: 0.4, balanceVersion: 13 })
      expect(store.ui.overlay).toBeNull()
      vi.advanceTimersByTime(NUDGE_QUIET_START_MS + 1_000)
      expect(store.ui.overlay).toBe('deposit')
    } finally {
      resetNudgesForTest()
      vi.useRealTimers()
    }
  })
})
