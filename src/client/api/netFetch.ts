/**
 * The page's side of the network worker (api/netWorker.ts): a fetch for the HTTP transport
 * (api/http.ts) that hands each request to the worker once it has started, and uses the page's
 * own fetch before that, where workers do not exist, and for good if the worker fails. The
 * transport reads only the status and the body's text, which is all that crosses back.
 */
import type { FromNet, ToNet } from './netProtocol'

export interface FetchReply {
  status: number
  text(): Promise<string>
}

export interface FetchInit {
  method: string
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
  credentials?: RequestCredentials
}

export type Fetcher = (url: string, init: FetchInit) => Promise<FetchReply>

type Pending = { resolve(reply: FetchReply): void; reject(err: unknown): void }

const abortError = () => new DOMException('The request was aborted', 'AbortError')

export interface NetFetch {
  fetch: Fetcher
  /** Starts the worker (once); requests go to it from its first 'ready'. Where makeWorker throws (no workers), the page's fetch stays. */
  start(): void
  /** Where requests go now (tests read it). */
  readonly via: 'page' | 'worker'
}

export function createNetFetch(makeWorker: () => Worker, pageFetch: Fetcher = (url, init) => fetch(url, init)): NetFetch {
  let worker: Worker | null = null
  let state: 'idle' | 'starting' | 'ready' | 'failed' = 'idle'
  let nextId = 0
  const pending = new Map<number, Pending>()

  /** The worker broke: later requests use the page's fetch; those in flight fail as a dropped connection (the transport's callers retry money calls with the same key). */
  const fail = () => {
    state = 'failed'
    worker?.terminate()
    worker = null
    for (const p of pending.values()) p.reject(new TypeError('network worker failed'))
    pending.clear()
  }

  const onMessage = (e: MessageEvent<FromNet>) => {
    const m = e.data
    if ('type' in m) {
      if (state === 'starting') state = 'ready'
      return
    }
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    if ('failed' in m) p.reject(m.failed === 'abort' ? abortError() : new TypeError('network request failed'))
    else p.resolve({ status: m.status, text: () => Promise.resolve(m.text) })
  }

  const viaWorker = (w: Worker, url: string, init: FetchInit): Promise<FetchReply> =>
    new Promise<FetchReply>((resolve, reject) => {
      const signal = init.signal
      if (signal?.aborted) return reject(abortError())
      const id = nextId++
      pending.set(id, { resolve, reject })
      signal?.addEventListener('abort', () => w.postMessage({ type: 'abort', id } satisfies ToNet), { once: true })
      const message: ToNet = { type: 'fetch', id, url: new URL(url, location.href).href, method: init.method, headers: init.headers, body: init.body }
      w.postMessage(message)
    })

  return {
    fetch: (url, init) => (state === 'ready' && worker ? viaWorker(worker, url, init) : pageFetch(url, init)),
    start() {
      if (state !== 'idle') return
      state = 'starting'
      try {
        worker = makeWorker()
      } catch {
        fail()
        return
      }
      worker.onmessage = onMessage
      worker.onerror = fail
      worker.onmessageerror = fail
    },
    get via() {
      return state === 'ready' ? 'worker' : 'page'
    },
  }
}
