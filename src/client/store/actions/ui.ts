import { store, type AlertItem, type OverlayName } from '../store'

let alertIds = 0

/** A message the player must acknowledge (an error, a refusal): modal, with OK. */
export function pushAlert(alert: Omit<AlertItem, 'id'>): void {
  store.ui.alerts.push({ ...alert, id: ++alertIds })
}

/** The spec's message display time. */
export const TOAST_MS = 1500
let toastIds = 0
let toastTimer: ReturnType<typeof setTimeout> | undefined

/** A confirmation ('Copiado'): a toast read by screen readers, never a modal in the player's way. */
export function pushToast(text: string): void {
  const id = ++toastIds
  store.ui.toast = { id, text }
  clearTimeout(toastTimer)
  toastTimer = setTimeout(() => {
    if (store.ui.toast?.id === id) store.ui.toast = null
  }, TOAST_MS)
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
