/**
 * Unsolicited sheets (the VIP award, the daily sign-in mask, the bonus boost, the second-deposit
 * gift, the compensation deposit) pass through here, so a visit is interrupted at most once:
 * - never in the visit's first NUDGE_QUIET_START_MS;
 * - never over a game (its page or a provider's frame), an open overlay, an alert or a menu;
 * - never as another sheet closes: NUDGE_QUIET_GAP_MS must pass after the last one closed;
 * - one per visit (a page load): the first that may show does, the others are dropped.
 * An offer that cannot show yet waits; the offerer may withdraw it (home's pop-ups when the player
 * leaves home). What the player asked for (a deposit they opened, an alert after a refused bet,
 * the deposit offered right after registering) does not pass through here.
 */
import { subscribe } from 'valtio'
import { store } from '../store'

export type NudgeKind = 'award' | 'signinMask' | 'boost' | 'gift' | 'compensation'

export const NUDGE_QUIET_START_MS = 10_000
export const NUDGE_QUIET_GAP_MS = 4_000
/** How often a waiting offer looks again (a route change is not a store change). */
const RETRY_MS = 1_000

/** Pages where a sheet would cover play. */
const GAME_PATH = /^\/(dice|mines|limbo|double|rowDouble|luckyColor|play|gameMess)(\/|$)/

/** First one wins when several wait at the same moment. */
const ORDER: readonly NudgeKind[] = ['award', 'compensation', 'boost', 'gift', 'signinMask']

const waiting = new Map<NudgeKind, () => void>()
let visitStart = performance.now()
let shownThisVisit = false
let lastClosedAt = -Infinity
let timer: ReturnType<typeof setInterval> | undefined

const path = () => (typeof location === 'undefined' ? '/' : location.pathname)

/** Something is already in front of the page: an overlay, an alert, a menu or a sheet of ours. */
function busy(): boolean {
  const ui = store.ui
  return ui.overlay !== null || ui.alerts.length > 0 || ui.sideMenu || ui.accountMenu || ui.nudge !== null || ui.supportPanel
}

let busyBefore = busy()
/** The moment the front clears starts the quiet gap. Also checked at once by pump: a sheet closed in this same tick (valtio tells subscribers a microtask later) counts. */
function noteFront(): void {
  const now = busy()
  if (busyBefore && !now) lastClosedAt = performance.now()
  busyBefore = now
}
subscribe(store.ui, () => {
  noteFront()
  pump()
})

function pump(): void {
  noteFront()
  if (!waiting.size) return stop()
  if (shownThisVisit) {
    waiting.clear()
    return stop()
  }
  const now = performance.now()
  if (now - visitStart < NUDGE_QUIET_START_MS || now - lastClosedAt < NUDGE_QUIET_GAP_MS) return
  if (busy() || GAME_PATH.test(path()) || (typeof document !== 'undefined' && document.hidden)) return
  const kind = ORDER.find((k) => waiting.has(k))
  const show = kind && waiting.get(kind)
  if (!kind || !show) return
  shownThisVisit = true
  waiting.clear()
  stop()
  show()
}

function stop(): void {
  clearInterval(timer)
  timer = undefined
}

/** Offers a sheet: `show` runs once, when the rules above allow it, or never this visit. */
export function offerNudge(kind: NudgeKind, show: () => void): void {
  if (shownThisVisit) return
  waiting.set(kind, show)
  timer ??= setInterval(pump, RETRY_MS)
  pump()
}

export function withdrawNudge(kind: NudgeKind): void {
  waiting.delete(kind)
  if (!waiting.size) stop()
}

/** The sheet shown as a nudge (store.ui.nudge) was closed. */
export function endNudge(): void {
  store.ui.nudge = null
}

/** Tests: a fresh visit starting now. */
export function resetNudgesForTest(): void {
  waiting.clear()
  stop()
  busyBefore = busy()
  visitStart = performance.now()
  shownThisVisit = false
  lastClosedAt = -Infinity
  store.ui.nudge = null
}
