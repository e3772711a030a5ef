/**
 * Every balance the server sends (replies and socket events) comes with a version that only
 * grows. The store keeps the balance of the highest version it has seen on this page, so a socket
 * event that arrives after a later reply never puts an older balance back on screen.
 */
import type { UserInfo, WireBalance } from '../../shared/contract'
import { store } from './store'

/** The version of the balance on screen; -1 before one arrived from the server on this page. */
const shownVersion = (user: Pick<UserInfo, 'balanceVersion'>) => (typeof user.balanceVersion === 'number' ? user.balanceVersion : -1)

/** The store already shows a newer balance than this one. Equal versions are the same balance. */
export function isStale(wire: WireBalance): boolean {
  return store.user !== null && wire.balanceVersion < shownVersion(store.user)
}

/** Shows a balance the server sent, unless it is stale. */
export function applyBalance(wire: WireBalance): void {
  const user = store.user
  if (!user || isStale(wire)) return
  user.balance = wire.balance
  user.balanceVersion = wire.balanceVersion
}

/**
 * A fresh user info for the store: when it is the same user and the store already shows a newer
 * balance (a bet's reply overtook this userInfo), that balance stays.
 */
export function mergeUserInfo(next: UserInfo, current: UserInfo | null): UserInfo {
  if (!current || current.uId !== next.uId || shownVersion(current) <= next.balanceVersion) return next
  return { ...next, balance: current.balance, balanceVersion: current.balanceVersion }
}
