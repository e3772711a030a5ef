import { store, type AlertItem, type OverlayName } from '../store'

let alertIds = 0

export function pushAlert(alert: Omit<AlertItem, 'id'>): void {
  store.ui.alerts.push({ ...alert, id: ++alertIds })
}

/** Opening the central overlay closes both menus (spec). */
export function openOverlay(name: OverlayName, tab?: 'login' | 'register'): void {
  store.ui.sideMenu = false
  store.ui.accountMenu = false
  if (tab) store.ui.authTab = tab
  store.ui.overlay = name
}

export function closeOverlay(): void {
  store.ui.overlay = null
}

export function setSideMenu(open: boolean): void {
  store.ui.sideMenu = open
  if (open) store.ui.accountMenu = false
}

export function setAccountMenu(open: boolean): void {
  store.ui.accountMenu = open
  if (open) store.ui.sideMenu = false
}

export function refreshCaptcha(): void {
  store.ui.captchaNonce++
}

let dismissedNotice: string | null = null

export function dismissNotice(): void {
  dismissedNotice = store.ui.notice?.id ?? dismissedNotice
  store.ui.notice = null
}

/** A notice the player closed is not shown again when the socket reconnects and the server sends it anew. */
export function showNotice(n: { id: string; text: string }): void {
  if (n.id !== dismissedNotice) store.ui.notice = { id: n.id, text: n.text }
}
