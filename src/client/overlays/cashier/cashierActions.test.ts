import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../shared/contract'
import { boostValue } from '../../store/boost'
import { realtimeHandlers } from '../../store/realtime'
import { ERROR_CODES } from '../../../shared/contract/errors'
import { closeDeposit, currentOrder, keptChoice, kycAfterRefusal, kycBeforeDeposit, kycDetour, newIdempotencyKey, rememberChoice } from '../../store/actions/cashier'
import { NUDGE_QUIET_GAP_MS, NUDGE_QUIET_START_MS, resetNudgesForTest } from '../../store/actions/nudges'
import { CallFailed } from '../../store/errors'
import { store } from '../../store/store'

const user = (kyc: number) => ({ uId: 7, kyc }) as unknown as UserInfo

/** Unsolicited sheets wait for a quiet moment (actions/nudges): time passes past it. */
const quietMoment = () => vi.advanceTimersByTime(NUDGE_QUIET_GAP_MS + 1_000)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] })
  history.replaceState(null, '', '/home')
  resetNudgesForTest()
  vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
  store.ui.overlay = null
  store.cashier.fromKyc = false
  store.cashier.giftAvailable = false
  store.cashier.order = null
  store.ui.bonusBoost = null
})
afterEach(() => {
  resetNudgesForTest()
  vi.useRealTimers()
})

describe('the KYC detour', () => {
  it('switches the deposit overlay to editBank while kyc is not 1, returning to deposit', () => {
    store.user = user(0)
    store.ui.overlay = 'deposit'
    expect(kycDetour('deposit')).toBe(true)
    expect(store.ui.overlay).toBe('editBank')
    expect(store.cashier.kycReturn).toBe('deposit')
  })

  it('is skipped when verified, when coming from editBank, and for the other deposit overlays', () => {
    store.user = user(1)
    expect(kycDetour('deposit')).toBe(false)
    store.user = user(0)
    expect(kycDetour('gameDeposit')).toBe(false)
    store.cashier.fromKyc = true
    // Decides the same way twice (strict-mode remount), until the overlay closes.
    expect(kycDetour('deposit')).toBe(false)
    expect(kycDetour('deposit')).toBe(false)
    closeDeposit('deposit')
    expect(store.cashier.fromKyc).toBe(false)
  })
})

describe('the KYC step inside a deposit', () => {
  it('confirming before KYC opens the form, which returns to the overlay with the package chosen there', () => {
    store.user = user(0)
    store.ui.overlay = 'secondDeposit'
    rememberChoice('secondDeposit', 10, 50, false)
    expect(kycBeforeDeposit('secondDeposit')).toBe(true)
    expect(store.ui.overlay).toBe('editBank')
    expect(store.cashier.kycReturn).toBe('secondDeposit')
    // The choice outlives the panel, for its own overlay only.
    expect(keptChoice('secondDeposit')).toEqual({ variant: 'secondDeposit', pkgId: 10, price: 50, noPromotions: false })
    expect(keptChoice('deposit')).toBeNull()
  })

  it('is skipped once verified; closing the deposit forgets the choice', () => {
    store.user = user(1)
    store.ui.overlay = 'deposit'
    rememberChoice('deposit', 3, 100, true)
    expect(kycBeforeDeposit('deposit')).toBe(false)
    expect(store.ui.overlay).toBe('deposit')
    closeDeposit('deposit')
    expect(keptChoice('deposit')).toBeNull()
  })
})

describe('a KYC_REQUIRED refusal from the server', () => {
  it('opens the KYC form, which returns to the panel that was refused', () => {
    store.user = user(0)
    for (const back of ['withdraw', 'transfer', 'gameDeposit'] as const) {
      store.ui.overlay = back
      kycAfterRefusal(new CallFailed(ERROR_CODES.KYC_REQUIRED.status, 'Verifique sua identidade'), back)
      expect(store.ui.overlay).toBe('editBank')
      expect(store.cashier.kycReturn).toBe(back)
    }
  })

  it('leaves any other failure to the error catalogue', () => {
    store.ui.overlay = 'transfer'
    store.cashier.kycReturn = 'deposit'
    kycAfterRefusal(new CallFailed(ERROR_CODES.TRANSFER_USER_UNKNOWN.status, 'x'), 'transfer')
    kycAfterRefusal(new Error('boom'), 'transfer')
    expect(store.ui.overlay).toBe('transfer')
    expect(store.cashier.kycReturn).toBe('deposit')
  })
})

describe('closing the deposit overlay', () => {
  it('offers the second deposit while a gift is available and no order is open', () => {
    store.user = user(1)
    store.ui.overlay = 'deposit'
    store.cashier.giftAvailable = true
    closeDeposit('deposit')
    // Not as the deposit closes: after a quiet moment.
    expect(store.ui.overlay).toBeNull()
    quietMoment()
    expect(store.ui.overlay).toBe('secondDeposit')
    closeDeposit('secondDeposit')
    expect(store.ui.overlay).toBeNull()
  })

  it('just closes when an order is open, or without a gift', () => {
    store.user = user(1)
    store.cashier.giftAvailable = true
    store.cashier.order = { uId: 7, orderId: 'D1', payNo: 'X', url: '/x', variant: 'deposit', step: 'page' }
    store.ui.overlay = 'deposit'
    closeDeposit('deposit')
    expect(store.ui.overlay).toBeNull()
    store.cashier.order = null
    store.cashier.giftAvailable = false
    store.ui.overlay = 'deposit'
    closeDeposit('deposit')
    expect(store.ui.overlay).toBeNull()
  })

  it("never shows another account's order", () => {
    store.user = user(1)
    store.cashier.order = { uId: 8, orderId: 'D1', payNo: 'X', url: '/x', variant: 'deposit', step: 'page' }
    expect(currentOrder()).toBeNull()
  })
})

it('makes a fresh, header-safe idempotency key per action', () => {
  const a = newIdempotencyKey()
  expect(a).toMatch(/^[\x21-\x7e]{1,100}$/)
  expect(newIdempotencyKey()).not.toBe(a)
})

describe('low balance and bonus boost', () => {
  it("the server's compensation offer (offer:compensation) opens the compensation deposit, not over another overlay, not when stale", () => {
    store.user = { ...user(1), paySumAmount: 50, balance: 12, balanceVersion: 10 } as UserInfo
    realtimeHandlers['offer:compensation']({ balance: 7, balanceVersion: 11 })
    quietMoment()
    expect(store.ui.overlay).toBe('gameDeposit')
    expect(store.user.balance).toBe(7)
    store.ui.overlay = null
    resetNudgesForTest()
    vi.advanceTimersByTime(NUDGE_QUIET_START_MS)
    // A late one (the balance has moved on since) opens nothing.
    realtimeHandlers['offer:compensation']({ balance: 7, balanceVersion: 9 })
    expect(store.ui.overlay).toBeNull()
    // Under 0.51 the server's freeBalance opens the normal deposit instead.
    realtimeHandlers['offer:compensation']({ balance: 0.5, balanceVersion: 12 })
    expect(store.ui.overlay).toBeNull()
    quietMoment()
    expect(store.ui.overlay).toBeNull()
    store.ui.overlay = 'withdraw'
    realtimeHandlers['offer:compensation']({ balance: 9, balanceVersion: 13 })
    quietMoment()
    expect(store.ui.overlay).toBe('withdraw')
  })

  it('userBetAmount with bouns and amount shows the boost (bouns x amount, two decimals); pay clears it', () => {
    realtimeHandlers.userBetAmount({ bouns: 0, amount: 50 })
    expect(store.ui.bonusBoost).toBeNull()
    realtimeHandlers.userBetAmount({ bouns: 1.5, amount: 33.33 })
    expect(store.ui.bonusBoost).toEqual({ multiplier: 1.5, amount: 33.33 })
    expect(boostValue(1.5, 33.33)).toBe(50)
    expect(boostValue(2, 50)).toBe(100)
    realtimeHandlers.paySuccess({ czflag: 0 })
    expect(store.ui.bonusBoost).toBeNull()
  })

  it('freeBalance under R$0.51 opens the deposit overlay', () => {
    store.user = { ...user(1), balance: 5, balanceVersion: 0 } as UserInfo
    realtimeHandlers.freeBalance({ balance: 0.6, balanceVersion: 1 })
    expect(store.ui.overlay).toBeNull()
    realtimeHandlers.freeBalance({ balance: 0.4, balanceVersion: 2 })
    quietMoment()
    expect(store.ui.overlay).toBe('deposit')
  })
})

it('online:count feeds the lobby counter', () => {
  realtimeHandlers['online:count']({ count: 37 })
  expect(store.lobby.onlineRaw).toBe(37)
})
