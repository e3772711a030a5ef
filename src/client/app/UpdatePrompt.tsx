/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The service worker (scripts/vitePwa.ts), registered once the page has loaded (this component is
 * a chunk of its own, rendered after the load event), and the new version's offer: when a deploy
 * brings a new worker, a small bar says 'Nova versão disponível' with 'Atualizar'. Only that button
 * reloads the page (prompt mode): a new version never reloads a page by itself, in the middle of a
 * bet or in another tab.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { SNAPSHOT_MODE, TEST_BUILD } from '../engine/determinism'
import { serviceWorkerWanted } from './serviceWorkerWanted'
import './updatePrompt.css'

/** How often an open page asks whether a new version was deployed (a navigation asks too). */
const CHECK_EVERY_MS = 60 * 60 * 1000

/** The offer's state, shared by every mount (React's StrictMode mounts twice; the worker registers once). */
const offer = { waiting: false, closed: false }
const listeners = new Set<() => void>()
const set = (next: Partial<typeof offer>) => {
  Object.assign(offer, next)
  for (const l of listeners) l()
}
let snapshot = { ...offer }
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const read = () => (snapshot.waiting === offer.waiting && snapshot.closed === offer.closed ? snapshot : (snapshot = { ...offer }))

let started = false
let registration: ServiceWorkerRegistration | undefined
let skipWaiting: (() => Promise<void>) | null = null
/** This page's player pressed 'Atualizar': the new worker's taking control reloads it. */
let asked = false

function register(): void {
  if (started) return
  started = true
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator
  if (!serviceWorkerWanted({ supported, testBuild: TEST_BUILD, snapshot: SNAPSHOT_MODE, search: location.search, controlled: supported && navigator.serviceWorker.controller !== null })) return
  void import('virtual:pwa-register').then(({ registerSW }) => {
    skipWaiting = registerSW({
      immediate: true,
      onNeedRefresh: () => set({ waiting: true, closed: false }),
      // Another tab's 'Atualizar' put the new worker in charge: this page offers the reload too, it does not reload itself.
      onNeedReload: () => (asked ? location.reload() : set({ waiting: true, closed: false })),
      onRegisteredSW: (_url, reg) => {
        registration = reg
        if (reg) setInterval(() => void reg.update().catch(() => undefined), CHECK_EVERY_MS)
      },
    })
  })
}

function update(): void {
  asked = true
  // A worker waits: it takes control and the page reloads (onNeedReload). None (another tab took it): reload now.
  if (registration?.waiting && skipWaiting) void skipWaiting()
  else location.reload()
}

export default function UpdatePrompt() {
  const { t } = useTranslation()
  const [location] = useLocation()
  const state = useSyncExternalStore(subscribe, read, read)
  useEffect(register, [])
  // Never over a game's frame: the offer waits until the player leaves it.
  const shown = state.waiting && !state.closed && !location.startsWith('/play')
  return (
    <div className="update-region" role="status" aria-live="polite">
      {shown && (
        <div className="update-prompt" data-testid="update-prompt">
          <p>{t('shell.updateAvailable')}</p>
          <button type="button" className="primary" onClick={update}>
            {t('shell.update')}
          </button>
          <button type="button" className="icon-button" aria-label={t('shell.close')} onClick={() => set({ closed: true })}>
            ×
          </button>
        </div>
      )}
    </div>
  )
}
