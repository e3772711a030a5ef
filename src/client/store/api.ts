import { DEVICES_WEB } from '../../shared/codes'
import { createHttp, type Http } from '../api/http'
import { createNetFetch } from '../api/netFetch'
import { fingerprint } from './deviceId'
import { languageOf } from '../i18n/languages'
import { save } from './persist'
import { store } from './store'

/** The indicator stays up this long after the last request answers (spec: 600 ms). */
const LOADING_CLOSE_DELAY_MS = 600

let closeTimer: ReturnType<typeof setTimeout> | null = null

function setLoading(active: boolean): void {
  store.ui.loadingCount = Math.max(0, store.ui.loadingCount + (active ? 1 : -1))
  if (store.ui.loadingCount > 0) {
    if (closeTimer) clearTimeout(closeTimer)
    closeTimer = null
    store.ui.loading = true
  } else if (!closeTimer) {
    closeTimer = setTimeout(() => {
      closeTimer = null
      if (store.ui.loadingCount === 0) store.ui.loading = false
    }, LOADING_CLOSE_DELAY_MS)
  }
}

/**
 * The device's time zone, read once, in a worker: Intl's first call loads ICU's data, about 70 ms
 * of a phone's main thread at start-up (Lighthouse counted it as blocking time). Without workers
 * (tests in Node), read here.
 */
let zone: Promise<string> | null = null
export function timeZone(): Promise<string> {
  zone ??= new Promise<string>((resolve) => {
    const direct = () => resolve(Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo')
    if (typeof Worker === 'undefined') return direct()
    try {
      const worker = new Worker(new URL('./zoneWorker.ts', import.meta.url), { type: 'module' })
      worker.onmessage = (e: MessageEvent<unknown>) => {
        worker.terminate()
        resolve(typeof e.data === 'string' && e.data ? e.data : 'America/Sao_Paulo')
      }
      worker.onerror = () => {
        worker.terminate()
        direct()
      }
    } catch {
      direct()
    }
  })
  return zone
}

/**
 * The spec's six headers, read from the store at each request; the device id is made with the
 * first. `curreny` is the pay currency of the player's language entry (spec: BRL for Portuguese,
 * NGN for Nigeria...), so it follows a change of language; the wallet itself stays in reais.
 */
export async function requestHeaders(): Promise<Record<string, string>> {
  const tz = await timeZone()
  if (!store.session.deviceId) {
    store.session.deviceId = fingerprint(navigator, screen, tz)
    save('deviceId', store.session.deviceId)
  }
  const h: Record<string, string> = {
    zone: tz,
    lang: store.session.lang,
    curreny: languageOf(store.session.lang).pay,
    deviceId: store.session.deviceId,
    devices: DEVICES_WEB,
  }
  if (store.session.token) h.Authorization = store.session.token
  return h
}

let apiBase = ''

/** Where the API lives; same origin in the app, a test server's address in integration tests. */
export function setApiBase(url: string): void {
  apiBase = url
}

/** The API's requests go through a worker once it has started (main.tsx starts it after the load event): see api/netFetch.ts. */
export const net = createNetFetch(() => new Worker(new URL('../api/netWorker.ts', import.meta.url), { type: 'module' }))

export const http: Http = createHttp({ headers: requestHeaders, onLoading: setLoading, baseUrl: () => apiBase, fetch: net.fetch })

/**
 * Saves what a GET call answers as a file (a statement's CSV): fetched with the same headers as
 * every call (the token among them, which a plain link could not send), then handed to the
 * browser's download. Resolves false when the server refused it.
 */
export async function downloadFile(path: string, query: Record<string, string>, filename: string): Promise<boolean> {
  const res = await fetch(`${apiBase}${path}?${new URLSearchParams(query).toString()}`, { headers: await requestHeaders(), credentials: 'omit' })
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) return false
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return true
}
