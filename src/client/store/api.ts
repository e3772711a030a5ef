import { DEVICES_WEB } from '../../shared/codes'
import { createHttp, type Http } from '../api/http'
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

/** The device's time zone, read once: building an Intl.DateTimeFormat on every request cost each bet milliseconds. */
let zone: string | null = null
const timeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo')

/** The spec's six headers, read from the store at each request. */
function requestHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    zone: timeZone(),
    lang: store.session.lang,
    curreny: 'BRL',
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

export const http: Http = createHttp({ headers: requestHeaders, onLoading: setLoading, baseUrl: () => apiBase })
