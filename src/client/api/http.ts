/**
 * The HTTP transport, as the spec's shared client behaviour says: one request at a time,
 * 30 s timeout, JSON or form bodies, the six headers, `loading: false` to stay quiet, and only
 * the response body handed back (whatever the HTTP code). It knows nothing of the store.
 */
import type { Envelope } from '../../shared/contract'
import { buildPath, type CallDef } from '../../shared/contract/define'
import type { Fetcher } from './netFetch'

const REQUEST_TIMEOUT_MS = 30_000

interface RequestOptions {
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean | undefined>
  body?: Record<string, unknown>
  /** Send the body form-encoded (the spec's reset-password calls do). */
  form?: boolean
  /** false: the global loading indicator stays off for this call. */
  loading?: boolean
  /** Extra headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>
}

export interface HttpConfig {
  baseUrl?: string | (() => string)
  timeoutMs?: number
  /** The spec's headers: Authorization, zone, lang, curreny, deviceId, devices (may wait, once, for the time zone). */
  headers(): Record<string, string> | Promise<Record<string, string>>
  /** Called with true when a request that shows the indicator starts, false when it answers. */
  onLoading?(active: boolean): void
  /** The page's fetch by default; the app's goes through the network worker (netFetch.ts). */
  fetch?: Fetcher
}

/** The network failed or timed out: no body came back. */
export class NetworkError extends Error {
  constructor(readonly reason: 'timeout' | 'network') {
    super(reason)
  }
}

/** What a 500 without a JSON body, or a body the contract refuses, becomes. */
const UNREADABLE: Envelope<null> = { status: -1, msg: '', data: null }

export interface Http {
  request<T = unknown>(call: CallDef, options?: RequestOptions): Promise<Envelope<T> & { http: number }>
  /** Requests queued or running. */
  pending(): number
}

export function createHttp(config: HttpConfig): Http {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS
  const doFetch: Fetcher = config.fetch ?? ((url, init) => fetch(url, init))
  let chain: Promise<unknown> = Promise.resolve()
  let waiting = 0

  async function send<T>(call: CallDef, options: RequestOptions): Promise<Envelope<T> & { http: number }> {
    const loading = options.loading !== false
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v))
    if (call.method === 'GET' && !loading) query.set('loading', 'false')
    const qs = query.toString()
    const base = typeof config.baseUrl === 'function' ? config.baseUrl() : (config.baseUrl ?? '')
    const url = `${base}${buildPath(call.path, options.params)}${qs ? `?${qs}` : ''}`
    const headers: Record<string, string> = { ...(await config.headers()), ...options.headers }
    let body: string | undefined
    if (call.method !== 'GET') {
      const payload = { ...(options.body ?? {}), ...(loading ? {} : { loading: false }) }
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString()
      } else {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(payload)
      }
    }
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    if (loading) config.onLoading?.(true)
    try {
      const res = await doFetch(url, { method: call.method, headers, body, signal: controller.signal, credentials: 'omit' })
      const text = await res.text()
      let envelope: Envelope<T>
      try {
        envelope = JSON.parse(text) as Envelope<T>
        if (typeof envelope?.status !== 'number') envelope = UNREADABLE as Envelope<T>
      } catch {
        envelope = UNREADABLE as Envelope<T>
      }
      if (envelope.status === 200 && call.reply !== 'image') {
        const checked = call.reply.safeParse(envelope.data)
        if (!checked.success) envelope = UNREADABLE as Envelope<T>
      }
      return { ...envelope, http: res.status }
    } catch {
      throw new NetworkError(controller.signal.aborted ? 'timeout' : 'network')
    } finally {
      clearTimeout(timer)
      if (loading) config.onLoading?.(false)
    }
  }

  return {
    request<T>(call: CallDef, options: RequestOptions = {}) {
      waiting++
      const run = chain.then(() => send<T>(call, options))
      chain = run.catch(() => undefined).finally(() => waiting--)
      return run
    },
    pending: () => waiting,
  }
}
