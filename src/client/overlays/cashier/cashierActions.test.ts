import { beforeEach, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../shared/contract'
import { closeDeposit, currentOrder, kycDetour, newIdempotencyKey } from '../../store/actions/cashier'
import { store } from '../../store/store'

const user = (kyc: number) => ({ uId: 7, kyc }) as unknown as UserInfo

beforeEach(() => {
  store.ui.overlay = null
  store.cashier.fromKyc = false
  store.cashier.giftAvailable = false
  store.cashier.order = null
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

describe('closing the deposit overlay', () => {
  it('offers the second deposit while a gift is available and no order is open', () => {
    store.user = user(1)
    store.ui.overlay = 'deposit'
    store.cashier.giftAvailable = true
    closeDeposit('deposit')
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
