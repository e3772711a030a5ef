/**
 * Hub88's Wallet API, the operator's side (docs.hub88.io, Operator API reference > Wallet API): the
 * calls Hub88 makes to us for every player of its games. POST `/api/hub88/user/info`,
 * `/user/balance`, `/transaction/bet`, `/transaction/win`, `/transaction/rollback` (the wallet address
 * registered at Hub88 is `<our origin>/api/hub88`).
 *
 * - Each request is signed by Hub88 (X-Hub88-Signature, RSA-SHA256 of the raw body, base64) and
 *   checked with its public key before the body is read; each answer is signed with our key.
 * - Every answer is HTTP 200 with a `status` (RS_OK or an RS_ERROR_*), the `request_uuid` we were
 *   sent, and the player's `user`, `currency` and `balance` where known; amounts are integers, the
 *   real amount times 100000 (R$ 1,00 is 100000). An amount finer than a centavo is refused
 *   (RS_ERROR_WRONG_TYPES): the wallet keeps centavos.
 * - Money moves through the one provider wallet (providers/wallet.ts, provider_wallet): bet, win and
 *   rollback keyed by `transaction_uuid`; a repeat of a transaction with the same reference, amount,
 *   currency, round, user and game answers as the first, with another of them it is
 *   RS_ERROR_DUPLICATE_TRANSACTION; a rollback of a transaction never seen is RS_OK (and voids that
 *   id, so the bet arriving late is refused); a win on a bet never seen or rolled back is
 *   RS_ERROR_TRANSACTION_DOES_NOT_EXIST. Wins and rollbacks are not refused for an expired token.
 * - Unknown fields are ignored (Hub88 adds optional fields without notice).
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { hashToken } from '../../auth/tokens'
import type { Deps } from '../../deps'
import { walletCall, type WalletOp, type WalletReply } from '../wallet'
import { Hub88Provider } from './Hub88Provider'
import { hub88Keys } from './keys'
import { HUB88_SIGNATURE_HEADER, signHub88, verifyHub88 } from './signing'

export const HUB88_WALLET_PREFIX = '/api/hub88'

/** Hub88's amounts: the real amount times 100000; ours are centavos (times 100). */
export const HUB88_UNITS_PER_CENTAVO = 1000

const visible = /^[\x21-\x7e]+$/
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(visible))
/** Our user id at Hub88: the player's public number (uid), never personal data. */
const user = z.string().check(z.regex(/^\d{8,10}$/))
/** At most R$ 10 million in one call, in Hub88's units. */
const amount = z.int().check(z.gte(0), z.lte(1_000_000_000 * HUB88_UNITS_PER_CENTAVO))

/** A bet's fields; a win has these and the bet it pays (reference_transaction_uuid). */
const betFields = {
  user,
  request_uuid: text(100),
  token: text(255),
  transaction_uuid: text(100),
  round: text(100),
  game_code: text(128),
  currency: z.string().check(z.maxLength(8)),
  amount,
  is_free: z.optional(z.nullable(z.boolean())),
  reward_uuid: z.optional(z.nullable(z.string())),
}

// z.object passes over keys it does not name: Hub88's new optional fields are ignored, never refused.
const requests = {
  'user/info': z.object({ user, request_uuid: text(100) }),
  'user/balance': z.object({ user, request_uuid: text(100), token: text(255), game_code: z.optional(text(128)) }),
  'transaction/bet': z.object(betFields),
  'transaction/win': z.object({ ...betFields, reference_transaction_uuid: text(100) }),
  'transaction/rollback': z.object({
    user,
    request_uuid: text(100),
    token: text(255),
    transaction_uuid: text(100),
    reference_transaction_uuid: text(100),
    round: text(100),
    game_code: text(128),
  }),
} as const
type Hub88Call = keyof typeof requests
type Hub88Body = { user: string; request_uuid: string; token?: string; transaction_uuid?: string; reference_transaction_uuid?: string; round?: string; game_code?: string; currency?: string; amount?: number; is_free?: boolean | null; reward_uuid?: string | null }

const OPS: Record<Exclude<Hub88Call, 'user/info'>, WalletOp> = {
  'user/balance': 'balance',
  'transaction/bet': 'bet',
  'transaction/win': 'win',
  'transaction/rollback': 'rollback',
}

/** The wallet's statuses as Hub88's, by call (a rollback of a transaction never seen is RS_OK: Hub88's rule). */
function hub88Status(op: WalletOp, status: string): string {
  switch (status) {
    case 'OK':
      return 'RS_OK'
    case 'NOT_ENOUGH_MONEY':
      return 'RS_ERROR_NOT_ENOUGH_MONEY'
    case 'BET_LIMIT':
      return 'RS_ERROR_LIMIT_REACHED'
    case 'INVALID_TOKEN':
      return 'RS_ERROR_INVALID_TOKEN'
    case 'TOKEN_EXPIRED':
      return 'RS_ERROR_TOKEN_EXPIRED'
    case 'INVALID_GAME':
      return 'RS_ERROR_INVALID_GAME'
    case 'WRONG_CURRENCY':
      return 'RS_ERROR_WRONG_CURRENCY'
    case 'USER_DISABLED':
      return 'RS_ERROR_USER_DISABLED'
    case 'DUPLICATE_TRANSACTION':
      return 'RS_ERROR_DUPLICATE_TRANSACTION'
    case 'TRANSACTION_NOT_FOUND':
      return op === 'rollback' ? 'RS_OK' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
    case 'TRANSACTION_ROLLED_BACK':
      // A win on a rolled-back bet: "wasn't processed or was rolled back"; a bet under a voided id: rolled back.
      return op === 'win' ? 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' : 'RS_ERROR_TRANSACTION_ROLLED_BACK'
    default:
      // BET_ALREADY_SETTLED (a rollback of a bet a win settled: Hub88 rolls back bets only) and anything new.
      return 'RS_ERROR_UNKNOWN'
  }
}

/** What a repeat of a transaction must match (Hub88's RS_ERROR_DUPLICATE_TRANSACTION rule). */
function transactionHash(op: WalletOp, b: Hub88Body): string {
  const fields = [op, b.user, b.game_code, b.round, b.reference_transaction_uuid ?? '', String(b.amount ?? ''), b.currency ?? '']
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex')
}

export function hub88WalletRoutes(app: FastifyInstance, deps: Deps): void {
  const hub88Codes = new Set([...deps.providers].filter(([, p]) => p instanceof Hub88Provider).map(([code]) => code))
  if (!hub88Codes.size) return
  const keys = hub88Keys(deps.config)
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
    const send = (reply: import('fastify').FastifyReply, http: number, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body)
      return reply.code(http).type('application/json; charset=utf-8').header('cache-control', 'no-store').header(HUB88_SIGNATURE_HEADER, signHub88(keys.ours, raw)).send(raw)
    }
    // A failure of ours answers HTTP 500 (Hub88 then treats the call as unanswered: it retries a
    // win or rolls a bet back); a body too large or unreadable is the request's fault.
    scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
      const client = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      if (!client) request.log.error({ err }, 'Hub88 wallet call failed')
      return send(reply, client ? 200 : 500, { status: client ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN' })
    })
    scope.post(`${HUB88_WALLET_PREFIX}/:kind/:call`, async (request, reply) => {
      const { kind, call } = request.params as { kind: string; call: string }
      const name = `${kind}/${call}`
      if (!Object.hasOwn(requests, name)) return send(reply, 404, { status: 'RS_ERROR_UNKNOWN' })
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      if (!verifyHub88(keys.hub88Public, raw, request.headers[HUB88_SIGNATURE_HEADER])) return send(reply, 200, { status: 'RS_ERROR_INVALID_SIGNATURE' })
      let json: unknown
      try {
        json = JSON.parse(raw.toString('utf8'))
      } catch {
        return send(reply, 200, { status: 'RS_ERROR_WRONG_SYNTAX' })
      }
      const uuid = json && typeof json === 'object' && typeof (json as { request_uuid?: unknown }).request_uuid === 'string' ? (json as { request_uuid: string }).request_uuid.slice(0, 100) : undefined
      const parsed = requests[name as Hub88Call].safeParse(json)
      if (!parsed.success) return send(reply, 200, { status: 'RS_ERROR_WRONG_TYPES', request_uuid: uuid })
      const b = parsed.data as Hub88Body
      const head = { user: b.user, request_uuid: b.request_uuid }
      if (name === 'user/info') return send(reply, 200, { ...head, ...(await userInfo(deps, b.user)) })

      const op = OPS[name as Exclude<Hub88Call, 'user/info'>]
      // Free rounds are Hub88's Freebets API, which we do not use: none is ours to pay.
      if (b.is_free === true || (b.reward_uuid !== undefined && b.reward_uuid !== null)) return send(reply, 200, { ...head, status: 'RS_ERROR_UNKNOWN' })
      if (b.amount !== undefined && b.amount % HUB88_UNITS_PER_CENTAVO !== 0) return send(reply, 200, { ...head, status: 'RS_ERROR_WRONG_TYPES' })
      // The token's session says which of our codes it plays under; only Hub88's codes are served here.
      const session = await deps.db.query<{ provider: string }>('SELECT provider FROM provider_sessions WHERE token_hash = $1', [hashToken(b.token ?? '')])
      const code = session.rows[0]?.provider
      if (code === undefined || !hub88Codes.has(code)) return send(reply, 200, { ...head, status: 'RS_ERROR_INVALID_TOKEN' })
      const given = {
        token: b.token,
        game: b.game_code,
        roundId: b.round,
        transactionId: b.transaction_uuid,
        referenceTransactionId: b.reference_transaction_uuid,
        amount: b.amount === undefined ? undefined : b.amount / HUB88_UNITS_PER_CENTAVO,
        currency: b.currency,
      }
      // The wallet reads a field's presence (a balance call has no game to check, a rollback no currency).
      const body = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined))
      const answer: WalletReply = await walletCall(deps, code, op, body, request.log, { hash: transactionHash(op, b), uid: b.user })
      const out: Record<string, unknown> = { ...head, status: hub88Status(op, answer.status), currency: 'BRL' }
      if (typeof answer.balance === 'number') out.balance = answer.balance * HUB88_UNITS_PER_CENTAVO
      if (answer.status === 'BET_ALREADY_SETTLED') request.log.warn({ provider: code, transaction: b.transaction_uuid, reference: b.reference_transaction_uuid }, 'Hub88 rolled back a bet a win had settled: refused')
      return send(reply, 200, out)
    })
  })
}

/**
 * /user/info: what Hub88 may know of the player. Its docs ask for "all available details"; Brazil's
 * data law (LGPD) asks for no more than the purpose needs: the country and the registration date,
 * never a name, birth date or e-mail. A paused or excluded player is disabled.
 */
async function userInfo(deps: Deps, uid: string): Promise<Record<string, unknown>> {
  const r = await deps.db.query<{ id: string; created_at: Date; disabled_at: Date | null; blocked: boolean }>(
    `SELECT u.id::text AS id, u.created_at, u.disabled_at,
            EXISTS (SELECT 1 FROM rg_block_at(u.id, $2)) AS blocked
       FROM users u WHERE u.uid = $1::bigint`,
    [uid, new Date(deps.now())],
  )
  const row = r.rows[0]
  if (!row) return { status: 'RS_ERROR_UNKNOWN' }
  if (row.disabled_at || row.blocked) return { status: 'RS_ERROR_USER_DISABLED' }
  const info: Record<string, unknown> = { status: 'RS_OK', country: 'BR', registration_date: row.created_at.toISOString().slice(0, 10) }
  if (deps.config.hub88.subPartnerId) info.sub_partner_id = deps.config.hub88.subPartnerId
  return info
}
