import { Agent, request } from 'undici'
import { ClientCredentials, parseJson, sleep } from '../../http/clientCredentials'
import { PF_BASICA_PATH, PF_FACIAL_PATH, pfResult, violations, type PfInput, type PfResult } from './wire'

interface DatavalidClientOptions {
  /** The API's root, under which /v3/validate/... live (https://gateway.apiserpro.serpro.gov.br/datavalid); a function, since the emulator's is known once the server listens. */
  baseUrl: () => string
  /** The token endpoint (https://gateway.apiserpro.serpro.gov.br/token). */
  tokenUrl: () => string
  consumerKey: string
  consumerSecret: string
  /** One call (connecting, then waiting for the answer's headers and body). */
  timeoutMs: number
  now: () => number
  /** Waits before another attempt after a 502/503/504 or a refused connection (default one, 300 ms); never after a timeout. */
  retryMs?: number[]
}

/** Datavalid answered something other than 200: its status, and a 422's violation codes (DV001 ...). */
export class DatavalidError extends Error {
  constructor(
    readonly status: number,
    readonly codes: string[],
    what: string,
  ) {
    super(`${what}: Datavalid answered ${status}${codes.length ? ` (${codes.join(', ')})` : ''}`)
  }
}

/** Datavalid could not be reached in time, or answered what its API does not allow. */
class DatavalidUnreachable extends Error {}

const RETRY_STATUSES = new Set([502, 503, 504])

/**
 * HTTP to Serpro's Datavalid: an OAuth2 client-credentials token (Basic auth of the consumer key
 * and secret, form body, kept until shortly before it expires and renewed once when the gateway
 * answers 401 before that), a timeout on every call, one more attempt after a gateway error or a
 * refused connection. Datavalid bills only its 200s (the docs' "HTTP Status Codes").
 */
export class DatavalidClient {
  private readonly tokens: ClientCredentials
  private readonly agent: Agent
  private readonly retry: number[]

  constructor(private readonly o: DatavalidClientOptions) {
    this.agent = new Agent({ connect: { timeout: o.timeoutMs }, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs })
    this.retry = o.retryMs ?? [300]
    // The docs: the token form-encoded (the gateway answers 415 to JSON); it lives one hour.
    this.tokens = new ClientCredentials({
      url: o.tokenUrl,
      id: o.consumerKey,
      secret: o.consumerSecret,
      body: 'form',
      ok: [200],
      agent: this.agent,
      now: o.now,
      refused: (status) => new DatavalidError(status, [], 'token'),
      malformed: (message) => new DatavalidUnreachable(message),
    })
  }

  async close(): Promise<void> {
    await this.agent.close()
  }

  /** POST /v3/validate/pf-basica, or pf-facial when the answer carries a face. */
  async validatePf(body: PfInput): Promise<PfResult> {
    const path = body.answer.biometria_face ? PF_FACIAL_PATH : PF_BASICA_PATH
    const what = path.slice(path.lastIndexOf('/') + 1)
    let renewed = false
    for (let attempt = 0; ; attempt++) {
      let status: number
      let text: string
      try {
        const token = await this.tokens.get()
        const res = await request(`${this.o.baseUrl()}${path}`, {
          method: 'POST',
          dispatcher: this.agent,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        status = res.statusCode
        text = await res.body.text()
      } catch (err) {
        if (err instanceof DatavalidError || err instanceof DatavalidUnreachable) throw err
        const refused = (err as { code?: string }).code === 'ECONNREFUSED' || (err as { code?: string }).code === 'ECONNRESET'
        if (!refused || attempt >= this.retry.length) throw new DatavalidUnreachable(`${what}: ${(err as Error).message}`, { cause: err })
        await sleep(this.retry[attempt] ?? 0)
        continue
      }
      if (status === 401 && !renewed) {
        // The token expired early (or the gateway forgot it): one new token, then the same call.
        renewed = true
        this.tokens.drop()
        attempt--
        continue
      }
      if (RETRY_STATUSES.has(status) && attempt < this.retry.length) {
        await sleep(this.retry[attempt] ?? 0)
        continue
      }
      const json = parseJson(text)
      if (status !== 200) {
        const listed = status === 422 ? violations.safeParse(json) : null
        throw new DatavalidError(status, listed?.success ? listed.data.flatMap((v) => (v.code ? [v.code] : [])) : [], what)
      }
      const parsed = pfResult.safeParse(json)
      if (!parsed.success) throw new DatavalidUnreachable(`${what}: the answer does not follow the API (${parsed.error.issues[0]?.path.join('.') ?? ''})`)
      return parsed.data
    }
  }
}
