/**
 * A Hub88 on this server (demo mode, HUB88_URL unset; production refuses it): what the real one does
 * for an operator, on Hub88's own protocol, so demo and tests run the real adapter end to end.
 *
 * - Its Games API under /hub88-sandbox/operator/generic/v2/game/{list,url,round}: our calls checked
 *   against our public key (HTTP 401 otherwise), errors as { "error": text } with Hub88's HTTP codes,
 *   the list at most once a minute (429).
 * - Its games: the built-in demo provider's, as a supplier behind it: PG's under the product
 *   "PG Soft", EVO's under "Evolution Gaming", BG's under "BGaming" (each game's code prefixed, as
 *   Hub88's are: pgs_, evo_, bgm_), each with its RTP, volatility and thumbnail. A game URL opens the
 *   demo slot page with a token of the emulator's (the player's session, user and game, signed).
 * - The supplier's wallet calls (the demo provider's own protocol, HMAC-signed with its secret) at
 *   /hub88-sandbox/supplier/{code}/wallet/{op}, which the emulator turns into Hub88's Wallet API calls
 *   to the operator (/api/hub88/...), signed with Hub88's key, our answers' signatures checked, with
 *   Hub88's rules for lost answers: a bet whose answer is lost, or refused for any reason but money
 *   or a limit, is rolled back; a win and a rollback are sent again, same transaction_uuid, until
 *   answered (here: up to RETRIES times, then given up and logged).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod/mini'
import type { Config } from '../../config'
import { PROVIDER_SIGNATURE_HEADER, verifyBody } from '../signature'
import { providerSecretOf } from '../secrets'
import { GAMES_PATH } from './games'
import { hub88Keys } from './keys'
import { HUB88_SIGNATURE_HEADER, signHub88, verifyHub88 } from './signing'
import { HUB88_UNITS_PER_CENTAVO, HUB88_WALLET_PREFIX } from './walletRoutes'

export const HUB88_EMULATOR_PATH = '/hub88-sandbox'

/** The demo provider's codes as the emulator's suppliers: Hub88's product name and game-code prefix. */
const SUPPLIERS: Record<string, { product: string; prefix: string }> = {
  PG: { product: 'PG Soft', prefix: 'pgs' },
  EVO: { product: 'Evolution Gaming', prefix: 'evo' },
  BG: { product: 'BGaming', prefix: 'bgm' },
}

/** A win or rollback is sent this many times at most (Hub88 goes on for longer), 200 ms, 400 ms ... apart. */
const RETRIES = 6
const LIST_EVERY_MS = 60_000
const ROUNDS_KEPT = 5_000

const demoCatalog = z.object({
  games: z.array(z.object({ code: z.string(), name: z.string(), rtp: z.number(), stop: z.boolean(), image: z.nullable(z.string()) })),
})

interface SessionClaims {
  /** The operator's session token. */
  t: string
  /** The operator's user. */
  u: string
  /** The Hub88 game code. */
  g: string
}

/** What the emulator does to one wallet call, for tests: lose the operator's answer (as a dropped connection would). */
export interface DriverFaults {
  loseAnswer?: boolean
}

type Hub88Answer = { status: string; balance?: number; request_uuid?: string; user?: string; currency?: string }

export class Hub88Emulator {
  private readonly keys: ReturnType<typeof hub88Keys>
  private lastList = -Infinity
  /** Rounds the emulator drove, for /game/round: round -> its calls' transaction ids and answers. */
  private readonly rounds = new Map<string, { user: string; game: string; calls: { call: string; transaction_uuid: string; amount?: number; status: string }[] }>()
  /** Faults asked for the next call of a given op (tests). */
  readonly nextFaults: Partial<Record<'bet' | 'win' | 'rollback', DriverFaults>> = {}

  constructor(
    private readonly o: {
      config: Config
      selfUrl: () => string
      log: FastifyBaseLogger
      /** Waits between a win's retries (tests shorten it). */
      retryMs?: number
    },
  ) {
    this.keys = hub88Keys(o.config)
  }

  private get hub88Key(): KeyObject {
    if (!this.keys.hub88Private) throw new Error('the Hub88 emulator has no key')
    return this.keys.hub88Private
  }

  /** The supplier token a game page gets: the session's claims, signed (the page cannot change whose session it plays). */
  private sessionToken(claims: SessionClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return `${body}.${createHmac('sha256', this.sessionKey()).update(body).digest('base64url')}`
  }

  private readSession(token: string): SessionClaims | null {
    const [body = '', mac = ''] = token.split('.')
    const expected = createHmac('sha256', this.sessionKey()).update(body).digest()
    const given = Buffer.from(mac, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SessionClaims
      return typeof c.t === 'string' && typeof c.u === 'string' && typeof c.g === 'string' ? c : null
    } catch {
      return null
    }
  }

  private sessionKey(): Buffer {
    return createHash('sha256').update(this.hub88Key.export({ type: 'pkcs8', format: 'der' })).update('session').digest()
  }

  /** The list as last read, for a minute: each game URL asked checks its game in it. */
  private listed: { at: number; games: Promise<Record<string, unknown>[]> } | null = null

  /** The demo provider's games as Hub88's list has them (read from its suppliers at most once a minute; a failed read is not kept). */
  gameList(): Promise<Record<string, unknown>[]> {
    const at = Date.now()
    if (!this.listed || at - this.listed.at > LIST_EVERY_MS) {
      const games = this.readSuppliers()
      this.listed = { at, games }
      games.catch(() => {
        if (this.listed?.games === games) this.listed = null
      })
    }
    return this.listed.games
  }

  private async readSuppliers(): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = []
    for (const [code, s] of Object.entries(SUPPLIERS)) {
      if (!providerSecretOf(this.o.config, code)) continue
      const res = await fetch(`${this.o.selfUrl()}/demo-provider/${code}/api/games`, { signal: AbortSignal.timeout(5_000) })
      if (!res.ok) continue
      for (const g of demoCatalog.parse(await res.json()).games) {
        out.push({
          game_code: `${s.prefix}_${g.code}`,
          name: g.name,
          product: s.product,
          category: 'Video Slots',
          url_thumb: g.image,
          url_background: g.image,
          platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
          blocked_countries: [],
          enabled: !g.stop,
          freebet_support: false,
          demo_game_support: true,
          release_date: '2026-01-01',
          volatility: 3,
          rtp: (g.rtp * 100).toFixed(2),
          paylines: 20,
          hit_ratio: null,
          certifications: [],
          languages: ['por', 'eng', 'spa'],
          technology: ['HTML5'],
          features: [],
        })
      }
    }
    return out
  }

  private supplierOf(gameCode: string): { code: string; game: string } | null {
    for (const [code, s] of Object.entries(SUPPLIERS)) {
      if (gameCode.startsWith(`${s.prefix}_`)) return { code, game: gameCode.slice(s.prefix.length + 1) }
    }
    return null
  }

  /** A Hub88 transaction id for a supplier's: the same for every retry of one supplier transaction. */
  private static transactionUuid(code: string, supplierTx: string): string {
    const h = createHash('sha256').update(`${code}\n${supplierTx}`).digest('hex')
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
  }

  /**
   * One Wallet API call to the operator, signed; null when no answer came (a network failure, a
   * timeout, an HTTP error, a body that is not JSON or an answer whose signature is not the operator's).
   */
  async walletCall(call: string, body: Record<string, unknown>, faults: DriverFaults = {}): Promise<Hub88Answer | null> {
    const raw = JSON.stringify({ ...body, request_uuid: randomUUID() })
    try {
      const res = await fetch(`${this.o.selfUrl()}${HUB88_WALLET_PREFIX}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88(this.hub88Key, raw) },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      })
      const text = await res.text()
      if (faults.loseAnswer) return null
      if (!res.ok || !verifyHub88(this.keys.oursPublic, text, res.headers.get(HUB88_SIGNATURE_HEADER) ?? undefined)) {
        this.o.log.warn({ call, http: res.status }, 'Hub88 emulator: the operator answered an HTTP error or an unsigned answer')
        return null
      }
      return JSON.parse(text) as Hub88Answer
    } catch {
      return null
    }
  }

  /** A win or rollback, sent again under the same transaction_uuid until the operator answers. */
  private async untilAnswered(call: string, body: Record<string, unknown>, faults: DriverFaults): Promise<Hub88Answer | null> {
    const pause = this.o.retryMs ?? 200
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, pause * 2 ** (attempt - 1)))
      const answer = await this.walletCall(call, body, attempt === 0 ? faults : {})
      if (answer) return answer
    }
    this.o.log.error({ call, transaction_uuid: body.transaction_uuid }, 'Hub88 emulator: the operator never answered; given up')
    return null
  }

  private note(round: string, user: string, game: string, entry: { call: string; transaction_uuid: string; amount?: number; status: string }): void {
    const r = this.rounds.get(round) ?? { user, game, calls: [] }
    r.calls.push(entry)
    this.rounds.delete(round)
    this.rounds.set(round, r)
    if (this.rounds.size > ROUNDS_KEPT) this.rounds.delete(this.rounds.keys().next().value as string)
  }

  /**
   * A supplier's call (the demo provider's protocol: balance, bet, win, rollback, amounts in
   * centavos) played as Hub88 plays it to the operator; answers in the supplier's protocol.
   */
  async fromSupplier(code: string, op: string, b: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    const session = typeof b.token === 'string' ? this.readSession(b.token) : null
    if (!session) return { status: 'INVALID_TOKEN' }
    const supplier = this.supplierOf(session.g)
    if (!supplier || supplier.code !== code || (op !== 'balance' && b.game !== supplier.game)) return { status: 'INVALID_GAME' }
    const head = { user: session.u, token: session.t, game_code: session.g }
    if (op === 'balance') return supplierAnswer(await this.walletCall('user/balance', head))
    const round = String(b.roundId)
    const tx = Hub88Emulator.transactionUuid(code, String(b.transactionId))
    const common = { ...head, transaction_uuid: tx, supplier_transaction_id: String(b.transactionId), supplier_user: `hub88_${session.u}`, round, meta: {} }
    if (op === 'bet') {
      const amount = Number(b.amount) * HUB88_UNITS_PER_CENTAVO
      const bet = { ...common, round_closed: false, reward_uuid: null, is_free: false, is_aggregated: false, currency: 'BRL', bet: 'spin', amount }
      const answer = await this.walletCall('transaction/bet', bet, this.takeFault('bet'))
      this.note(round, session.u, session.g, { call: 'bet', transaction_uuid: tx, amount, status: answer?.status ?? 'NO_ANSWER' })
      if (!answer || !['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED'].includes(answer.status)) {
        // Hub88's rule: a bet not plainly taken or refused for money or a limit is rolled back.
        const back = await this.untilAnswered('transaction/rollback', { ...common, transaction_uuid: Hub88Emulator.transactionUuid(code, `${String(b.transactionId)}:rollback`), reference_transaction_uuid: tx, round_closed: true }, {})
        this.note(round, session.u, session.g, { call: 'rollback', transaction_uuid: tx, status: back?.status ?? 'NO_ANSWER' })
        return answer ? supplierAnswer(answer) : null
      }
      return supplierAnswer(answer)
    }
    const reference = Hub88Emulator.transactionUuid(code, String(b.referenceTransactionId))
    if (op === 'win') {
      const amount = Number(b.amount) * HUB88_UNITS_PER_CENTAVO
      const win = { ...common, reference_transaction_uuid: reference, round_closed: true, reward_uuid: null, is_free: false, is_aggregated: false, currency: 'BRL', bet: 'spin', amount }
      const answer = await this.untilAnswered('transaction/win', win, this.takeFault('win'))
      this.note(round, session.u, session.g, { call: 'win', transaction_uuid: tx, amount, status: answer?.status ?? 'NO_ANSWER' })
      return supplierAnswer(answer)
    }
    if (op === 'rollback') {
      const answer = await this.untilAnswered('transaction/rollback', { ...common, reference_transaction_uuid: reference, round_closed: true }, this.takeFault('rollback'))
      this.note(round, session.u, session.g, { call: 'rollback', transaction_uuid: tx, status: answer?.status ?? 'NO_ANSWER' })
      return supplierAnswer(answer)
    }
    return { status: 'UNKNOWN_ERROR' }
  }

  private takeFault(op: 'bet' | 'win' | 'rollback'): DriverFaults {
    const f = this.nextFaults[op] ?? {}
    this.nextFaults[op] = undefined
    return f
  }

  routes(app: FastifyInstance): void {
    const { config } = this.o
    const P = `${HUB88_EMULATOR_PATH}${GAMES_PATH}`
    const error = (reply: FastifyReply, http: number, text: string) => reply.code(http).type('application/json; charset=utf-8').send({ error: text })
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
      /** Our call's body once its signature is checked; null after answering the error. */
      const signed = (raw: unknown, header: string | string[] | undefined, reply: FastifyReply): Record<string, unknown> | null => {
        const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0)
        if (!verifyHub88(this.keys.oursPublic, bytes, header)) {
          void error(reply, 401, 'Request signature is invalid')
          return null
        }
        try {
          const json = JSON.parse(bytes.toString('utf8')) as unknown
          if (json && typeof json === 'object' && !Array.isArray(json)) {
            if ((json as { operator_id?: unknown }).operator_id !== config.hub88.operatorId) {
              void error(reply, 404, "The operator_id doesn't correspond to any existing Operator")
              return null
            }
            return json as Record<string, unknown>
          }
        } catch {
          // Below.
        }
        void error(reply, 400, 'Invalid or missing request parameters')
        return null
      }
      scope.post(`${P}/list`, async (request, reply) => {
        if (!signed(request.body, request.headers[HUB88_SIGNATURE_HEADER], reply)) return reply
        const now = Date.now()
        if (now - this.lastList < LIST_EVERY_MS) return reply.code(429).type('text/plain; charset=utf-8').send('Too Many Requests')
        this.lastList = now
        return reply.send(await this.gameList())
      })
      scope.post(`${P}/url`, async (request, reply) => {
        const b = signed(request.body, request.headers[HUB88_SIGNATURE_HEADER], reply)
        if (!b) return reply
        const ok = typeof b.user === 'string' && b.user.length >= 3 && typeof b.token === 'string' && b.token.length >= 10 && b.token.length <= 255 && typeof b.game_code === 'string' && typeof b.currency === 'string'
        if (!ok || !['GPL_DESKTOP', 'GPL_MOBILE'].includes(String(b.platform))) return error(reply, 400, 'Invalid or missing request parameters')
        const supplier = this.supplierOf(String(b.game_code))
        if (!supplier || !(await this.gameList()).some((g) => g.game_code === b.game_code)) return error(reply, 404, "The game requested doesn't exist")
        if (b.currency !== 'BRL') return error(reply, 403, "The currency isn't enabled for the Operator")
        const token = this.sessionToken({ t: String(b.token), u: String(b.user), g: String(b.game_code) })
        const lang = typeof b.lang === 'string' && /^[a-z]{2}$/.test(b.lang) ? b.lang : 'pt'
        // Relative: the page is served by this host, whatever name the player reached it by.
        return reply.send({ url: `/demo-provider/${supplier.code}/?${new URLSearchParams({ token, game: supplier.game, lang })}` })
      })
      scope.post(`${P}/round`, async (request, reply) => {
        const b = signed(request.body, request.headers[HUB88_SIGNATURE_HEADER], reply)
        if (!b) return reply
        const round = this.rounds.get(String(b.round))
        if (!round || round.user !== b.user) return error(reply, 404, "The resource requested wasn't found")
        return reply.send({ url: `${HUB88_EMULATOR_PATH}/rounds/${encodeURIComponent(String(b.round))}` })
      })
      scope.post(`${HUB88_EMULATOR_PATH}/supplier/:code/wallet/:op`, async (request, reply) => {
        const { code, op } = request.params as { code: string; op: string }
        const secret = SUPPLIERS[code] ? providerSecretOf(config, code) : null
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        if (!secret || !verifyBody(secret, raw, request.headers[PROVIDER_SIGNATURE_HEADER])) return reply.send({ status: 'INVALID_SIGNATURE' })
        let body: Record<string, unknown>
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
        } catch {
          return reply.code(400).send({ status: 'UNKNOWN_ERROR' })
        }
        const answer = await this.fromSupplier(code, op, body)
        // No answer from the operator: the supplier's call is left unanswered too (its own retry rules apply).
        return answer ? reply.send(answer) : reply.code(504).send({ status: 'UNKNOWN_ERROR', message: 'no answer from the operator' })
      })
    })
    app.get(`${HUB88_EMULATOR_PATH}/rounds/:round`, async (request, reply) => {
      const round = this.rounds.get((request.params as { round: string }).round)
      if (!round) return reply.code(404).send({ error: "The resource requested wasn't found" })
      return reply.header('cache-control', 'no-store').send({ round: (request.params as { round: string }).round, game_code: round.game, transactions: round.calls })
    })
  }
}

/** Hub88's answer in the supplier's protocol (centavos). */
function supplierAnswer(a: Hub88Answer | null): Record<string, unknown> | null {
  if (!a) return null
  const status = a.status === 'RS_OK' ? 'OK' : a.status.replace(/^RS_ERROR_/, '').replace('LIMIT_REACHED', 'BET_LIMIT').replace('TRANSACTION_DOES_NOT_EXIST', 'TRANSACTION_NOT_FOUND')
  return typeof a.balance === 'number' ? { status, balance: Math.floor(a.balance / HUB88_UNITS_PER_CENTAVO) } : { status }
}
