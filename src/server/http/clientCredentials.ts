/**
 * An OAuth2 client-credentials token for an outside party's API (a PSP's API Pix, Serpro's
 * Datavalid): asked with Basic auth of the client's id and secret, kept until shortly before it
 * expires, asked once for all the calls that find it gone, and dropped when the party answers 401
 * early. The one home of the token's rules; each client keeps its own calls and errors.
 */
import type { Agent } from 'undici'
import { request } from 'undici'
import { z } from 'zod/mini'

/** Tokens are renewed this long before the party says they expire. */
const TOKEN_MARGIN_MS = 30_000

const tokenAnswer = z.object({ access_token: z.string().check(z.minLength(1)), expires_in: z.number().check(z.positive()) })

export interface ClientCredentialsOptions {
  url: () => string
  id: string
  secret: string
  /** How the token endpoint takes `grant_type`: a form (RFC 6749, Serpro's gateway) or JSON (API Pix PSPs). */
  body: 'form' | 'json'
  /** The scopes asked (RFC 6749 §3.3, space-separated); unset: none asked. */
  scope?: string
  /** The statuses a token is answered with (200, and 201 at some PSPs). */
  ok: number[]
  agent: Agent
  now: () => number
  /** The error a refusal becomes (its status and body), and the one for an answer without a token. */
  refused: (status: number, body: unknown) => Error
  malformed: (message: string) => Error
}

export class ClientCredentials {
  private token: { value: string; expiresAt: number } | null = null
  private wait: Promise<string> | null = null

  constructor(private readonly o: ClientCredentialsOptions) {}

  /** The token in force, or a new one (one request for all the callers that wait for it). */
  get(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.o.now()) return Promise.resolve(this.token.value)
    this.wait ??= this.fetch().finally(() => {
      this.wait = null
    })
    return this.wait
  }

  /** Forgets the token: the party answered 401 before it expired (or restarted). */
  drop(): void {
    this.token = null
  }

  private async fetch(): Promise<string> {
    const basic = Buffer.from(`${this.o.id}:${this.o.secret}`).toString('base64')
    const asked = this.o.now()
    const form = this.o.body === 'form'
    const res = await request(this.o.url(), {
      method: 'POST',
      dispatcher: this.o.agent,
      headers: { authorization: `Basic ${basic}`, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', accept: 'application/json' },
      body: form
        ? new URLSearchParams({ grant_type: 'client_credentials', ...(this.o.scope ? { scope: this.o.scope } : {}) }).toString()
        : JSON.stringify({ grant_type: 'client_credentials', ...(this.o.scope ? { scope: this.o.scope } : {}) }),
    })
    const text = await res.body.text()
    if (!this.o.ok.includes(res.statusCode)) throw this.o.refused(res.statusCode, parseJson(text))
    const parsed = tokenAnswer.safeParse(parseJson(text))
    if (!parsed.success) throw this.o.malformed('OAuth token: the answer has no access_token and expires_in')
    this.token = { value: parsed.data.access_token, expiresAt: asked + parsed.data.expires_in * 1000 }
    return this.token.value
  }
}

/** A body read as JSON; text that is not JSON comes back as its first 200 characters, none as null. */
export function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text.slice(0, 200)
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
