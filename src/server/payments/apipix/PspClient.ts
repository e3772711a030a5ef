import fs from 'node:fs'
import { Agent, request } from 'undici'
import type { z } from 'zod/mini'
import { ClientCredentials, parseJson, sleep } from '../../http/clientCredentials'

export interface PspClientOptions {
  /** The PSP's API root (its /v2/cob ... live under it); a function, since the emulator's is known once the server listens. */
  baseUrl: () => string
  /** The OAuth2 token endpoint; default {baseUrl}/oauth/token. */
  tokenUrl?: () => string
  clientId: string
  clientSecret: string
  /** PEM files of the client certificate and its key (mutual TLS), and of the PSP's CA; null: none. */
  cert: string | null
  key: string | null
  ca: string | null
  timeoutMs: number
  /** The OAuth2 scopes asked with the token (space-separated). */
  scope: string
  now: () => number
  /** Waits between attempts (tests shorten them). */
  backoffMs?: number[]
}

/** A PSP's answer that is not a success: its status and body (an API Pix problem, or Efí's {nome, mensagem}). */
export class PspError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: the PSP answered ${status}${typeof body === 'object' && body && 'type' in body ? ` (${String((body as { type: unknown }).type)})` : ''}`)
  }
}

/** The PSP could not be reached, or answered what the standard does not allow. */
export class PspUnreachable extends Error {}

const DEFAULT_BACKOFF_MS = [250, 1000, 3000]

/**
 * HTTP to a PSP: OAuth2 client credentials (the token kept until shortly before it expires, and
 * renewed once when the PSP answers 401 before that), mutual TLS with the client certificate when
 * one is configured, a timeout on every call, and a few more attempts when the PSP is down or
 * answers 5xx. Callers make their calls safe to repeat (ids of their own on every write).
 */
export class PspClient {
  private readonly tokens: ClientCredentials
  private readonly agent: Agent
  private readonly backoff: number[]

  constructor(private readonly o: PspClientOptions) {
    const read = (file: string | null) => (file === null ? undefined : fs.readFileSync(file))
    this.agent = new Agent({ connect: { cert: read(o.cert), key: read(o.key), ca: read(o.ca), timeout: o.timeoutMs }, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs })
    this.backoff = o.backoffMs ?? DEFAULT_BACKOFF_MS
    this.tokens = new ClientCredentials({
      url: () => o.tokenUrl?.() ?? `${o.baseUrl()}/oauth/token`,
      id: o.clientId,
      secret: o.clientSecret,
      // RFC 6749 §4.4.2: a form, which every PSP takes (some refuse JSON).
      body: 'form',
      scope: o.scope,
      ok: [200, 201],
      agent: this.agent,
      now: o.now,
      refused: (status, body) => new PspError(status, body, 'OAuth token'),
      malformed: (message) => new PspUnreachable(message),
    })
  }

  async close(): Promise<void> {
    await this.agent.close()
  }

  /** Forgets the token (the next call asks for a new one). */
  dropToken(): void {
    this.tokens.drop()
  }

  /**
   * One call, retried when the PSP cannot be reached or answers 5xx. Answers in `ok` are parsed
   * with `schema`; any other answer throws PspError (after renewing the token once on a 401).
   */
  async call<S extends z.ZodMiniType>(what: string, method: 'GET' | 'PUT' | 'POST' | 'PATCH', path: string, opts: { body?: unknown; ok: number[]; schema: S }): Promise<z.infer<S>> {
    let renewed = false
    for (let attempt = 0; ; attempt++) {
      let status: number
      let text: string
      try {
        const token = await this.tokens.get()
        const res = await request(`${this.o.baseUrl()}${path}`, {
          method,
          dispatcher: this.agent,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        })
        status = res.statusCode
        text = await res.body.text()
      } catch (err) {
        if (err instanceof PspError && err.status < 500) throw err
        if (attempt >= this.backoff.length) throw new PspUnreachable(`${what}: ${(err as Error).message}`, { cause: err })
        await sleep(this.backoff[attempt] ?? 0)
        continue
      }
      if (status === 401 && !renewed) {
        // The token expired early (or the PSP restarted): one new token, then the same call.
        renewed = true
        this.tokens.drop()
        attempt--
        continue
      }
      if (status >= 500 && attempt < this.backoff.length) {
        await sleep(this.backoff[attempt] ?? 0)
        continue
      }
      const json = parseJson(text)
      if (!opts.ok.includes(status)) throw new PspError(status, json, what)
      const parsed = opts.schema.safeParse(json)
      if (!parsed.success) throw new PspUnreachable(`${what}: the PSP's answer does not follow the standard (${parsed.error.issues[0]?.path.join('.') ?? ''})`)
      return parsed.data as z.infer<S>
    }
  }
}
