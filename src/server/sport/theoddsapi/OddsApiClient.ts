import type { Quota } from './wire'

/** A call the API answered with an error status (or that never got an answer: status 0). */
export class OddsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly quota: Quota | null = null,
  ) {
    super(message)
  }

  /** Worth trying again later, after a wait: too frequent (429), the API's own trouble (5xx), no answer (timeout, network). */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500
  }

  /** The key's credits are spent (the API answers 401 OUT_OF_USAGE_CREDITS). */
  get outOfCredits(): boolean {
    return this.code === 'OUT_OF_USAGE_CREDITS'
  }
}

export interface OddsApiClientOptions {
  /** The API's root (https://api.the-odds-api.com, or this server's emulator): read at each call, as it may be known only once the server listens. */
  baseUrl: () => string
  apiKey: string
  timeoutMs: number
}

const header = (h: Headers, name: string): number | null => {
  const v = h.get(name)
  if (v === null || v.trim() === '') return null
  const n = Number(v)
  return Number.isFinite(n) ? n : null
}

/** The quota headers of an answer. */
export const quotaOf = (h: Headers): Quota => ({ remaining: header(h, 'x-requests-remaining'), used: header(h, 'x-requests-used'), last: header(h, 'x-requests-last') })

/**
 * The Odds API over HTTP: GET with `apiKey` in the query, a timeout, the quota headers read from
 * every answer (errors too). Answers the parsed JSON, unchecked (the caller validates each item:
 * one bad event must not cost the others); throws OddsApiError on an error status, a timeout or an
 * answer that is not JSON. It never retries: the feed's poller decides when to call again.
 */
export class OddsApiClient {
  constructor(private readonly o: OddsApiClientOptions) {}

  async get(path: string, query: Record<string, string>): Promise<{ body: unknown; quota: Quota }> {
    const url = new URL(`${this.o.baseUrl().replace(/\/+$/, '')}${path}`)
    url.searchParams.set('apiKey', this.o.apiKey)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    let res: Response
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.o.timeoutMs), headers: { accept: 'application/json', 'accept-encoding': 'gzip' } })
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
      throw new OddsApiError(0, null, timeout ? `no answer within ${this.o.timeoutMs} ms` : `unreachable: ${err instanceof Error ? err.message : String(err)}`)
    }
    const quota = quotaOf(res.headers)
    const text = await res.text().catch(() => '')
    let body: unknown
    try {
      body = text === '' ? null : JSON.parse(text)
    } catch {
      body = null
    }
    if (!res.ok) {
      const b = (body ?? {}) as { message?: unknown; error_code?: unknown }
      const code = typeof b.error_code === 'string' ? b.error_code : null
      const message = typeof b.message === 'string' ? b.message : text.slice(0, 200)
      throw new OddsApiError(res.status, code, `${res.status}${code ? ` ${code}` : ''}: ${message}`, quota)
    }
    if (body === null) throw new OddsApiError(res.status, null, 'the answer is not JSON', quota)
    return { body, quota }
  }
}
