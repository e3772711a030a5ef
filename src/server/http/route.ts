import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod/mini'
import type { CallDef } from '../../shared/contract/define'
import { STATUS_OK } from '../../shared/contract/errors'
import { normalizeLocale, type Locale } from '../../shared/locales'
import type { Session, SessionStore } from '../auth/sessions'
import type { Db, Queryable } from '../db/connection'
import { translate } from '../i18n/messages'
import { AppError } from '../AppError'
import { errorEnvelope } from './errorHandler'
import { idempotencyKey, keyAnswered, playerKeys, requestHash, runIdempotent, type KeyScope, type StoredReply } from './idempotency'
import { validate } from './validate'

/** What registerCall needs of the app: sessions to authenticate, the database for idempotency keys. */
export interface CallDeps {
  sessions: SessionStore
  db: Db
  now: () => number
}

/** What every request carries in the headers of the spec's shared client behaviour. */
export interface RequestContext {
  locale: Locale
  ip: string
  deviceId: string
  zone: string
  /** The spec's `curreny` header. */
  currency: string
  devices: string
  userAgent: string
}

type Out<S> = [NonNullable<S>] extends [z.ZodMiniType] ? z.output<NonNullable<S>> : undefined

export interface HandlerInput<C extends CallDef> {
  params: Out<C['params']>
  query: Out<C['query']>
  body: Out<C['body']>
  ctx: RequestContext
  /** The caller's session; present on every call with `auth: true`. */
  session: C['auth'] extends true ? Session : Session | null
  request: FastifyRequest
  reply: FastifyReply
  /** Puts a success message (a key under `server.`) in the envelope's `msg`. */
  setMessage(key: string): void
  /**
   * Where the handler reads and writes. In an `idempotent` call it is the one transaction that
   * also holds the Idempotency-Key and stores the reply: the handler must not open another
   * (on PGlite it would wait forever). Elsewhere it is the database itself.
   */
  q: Queryable
  /** Runs once the call's work is committed (socket pushes); skipped when the call fails or is a replay. */
  afterCommit(fn: () => void | Promise<void>): void
  /** What the call's `prepare` step gave (work done outside the transaction, e.g. a charge at the PSP). */
  prepared: unknown
}

/**
 * An idempotent call's work outside its transaction: `prepare` runs before the Idempotency-Key
 * is claimed (calls to another system, which must not hold a database transaction open; its
 * refusals are answered, not stored, since nothing was written), and `discard` undoes it when the
 * stored reply is a refusal or a replay of an earlier request.
 */
export interface CallSteps {
  prepare(input: { params: unknown; query: unknown; body: unknown; ctx: RequestContext; session: Session; request: FastifyRequest }): Promise<unknown>
  discard(prepared: unknown): Promise<void>
}

export type ReplyData<C extends CallDef> = C['reply'] extends z.ZodMiniType ? z.input<C['reply']> : unknown

function header(request: FastifyRequest, name: string, max = 128): string {
  const value = request.headers[name]
  const text = Array.isArray(value) ? value[0] : value
  return typeof text === 'string' ? text.slice(0, max) : ''
}

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    locale: normalizeLocale(header(request, 'lang', 16)),
    ip: request.ip,
    deviceId: header(request, 'deviceid'),
    zone: header(request, 'zone', 64),
    currency: header(request, 'curreny', 16),
    devices: header(request, 'devices', 32),
    userAgent: header(request, 'user-agent', 512),
  }
}

/** The token as the spec's client sends it (bare) or as `Bearer <token>`. */
function bearerToken(request: FastifyRequest): string | null {
  const raw = header(request, 'authorization', 300).trim()
  if (!raw) return null
  return raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw
}

/** The call's request as the handler sees it: context, session (checked when the call needs one), parsed input. */
async function readRequest<C extends CallDef>(deps: CallDeps, call: C, request: FastifyRequest) {
  const ctx = requestContext(request)
  let session: Session | null = null
  if (call.auth) {
    session = await deps.sessions.authenticate(bearerToken(request))
    if (!session) throw new AppError('LOGGED_OUT')
  }
  const parse = (schema: z.ZodMiniType | undefined, input: unknown) => (schema ? validate(schema, input === undefined ? {} : input, ctx.locale) : undefined)
  const params = parse(call.params, request.params)
  const query = parse(call.query, request.query)
  const body = call.method === 'GET' ? undefined : parse(call.body, request.body)
  return { ctx, session, params, query, body }
}

/** Sends a stored (or just stored) reply: the same bytes every time. */
function sendStored(reply: FastifyReply, outcome: StoredReply): FastifyReply {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true')
  return reply.code(outcome.http).type('application/json; charset=utf-8').send(outcome.body)
}

/**
 * Registers a money-moving call whose handler keeps the Idempotency-Key itself, in the same
 * database call as its work (the bet path: casino/CasinoPlay.ts): it gets the key and the request's
 * hash and answers the reply as stored. Session, validation and the key's format are checked here.
 */
export function registerKeyedCall<C extends CallDef>(
  app: FastifyInstance,
  deps: CallDeps,
  call: C,
  handler: (input: { params: Out<C['params']>; body: Out<C['body']>; ctx: RequestContext; session: Session; key: string; hash: string }) => Promise<StoredReply>,
): void {
  if (!call.idempotent || !call.auth) throw new Error(`${call.path}: a keyed call is idempotent and needs auth`)
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const { ctx, session, params, body } = await readRequest(deps, call, request)
      if (!session) throw new Error(`${call.path}: a keyed call ran without a session`)
      const key = idempotencyKey(request)
      const outcome = await handler({ params: params as Out<C['params']>, body: body as Out<C['body']>, ctx, session, key, hash: requestHash(call.path, params, body) })
      return sendStored(reply, outcome)
    },
  })
}

/**
 * Registers one call of the contract: parses params, query and body with its schemas,
 * checks the session, and wraps what the handler returns in the envelope. A call marked
 * `idempotent` also needs an Idempotency-Key and runs at most once per owner and key: the
 * player's session's, or for a call without one (the operators' console, whose session is its
 * own) whoever `keyScope` names for the request.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  deps: CallDeps,
  call: C,
  handler: (input: HandlerInput<C>) => Promise<ReplyData<C>>,
  steps?: CallSteps,
  keyScope?: (request: FastifyRequest) => KeyScope | null,
): void {
  if (call.idempotent && !call.auth && !keyScope) throw new Error(`${call.path}: idempotency keys are scoped to a user, so the call needs auth or a key scope`)
  if (steps && !(call.idempotent && call.auth)) throw new Error(`${call.path}: prepare and discard belong to an idempotent call of a player`)
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const { ctx, session, params, query, body } = await readRequest(deps, call, request)
      let msgKey: string | null = null
      let committed: (() => void | Promise<void>)[] = []
      let prepared: unknown
      const input = (q: Queryable) =>
        ({
          params,
          query,
          body,
          ctx,
          session,
          request,
          reply,
          setMessage: (key: string) => {
            msgKey = key
          },
          q,
          afterCommit: (fn: () => void | Promise<void>) => {
            committed.push(fn)
          },
          prepared,
        }) as HandlerInput<C>
      const runCommitted = async () => {
        for (const fn of committed) {
          try {
            await fn()
          } catch (err) {
            request.log.error({ err }, 'after-commit step failed')
          }
        }
      }

      if (call.idempotent) {
        const key = idempotencyKey(request)
        const hash = requestHash(call.path, params, body)
        // registerCall refuses an idempotent call without auth or a key scope, so an owner was checked before.
        const scope = session ? playerKeys(session.userId) : (keyScope?.(request) ?? null)
        if (!scope) throw new Error(`${call.path}: an idempotent call ran without an owner for its key`)
        if (steps && session && !(await keyAnswered(deps.db, scope, key))) prepared = await steps.prepare({ params, query, body, ctx, session, request })
        const outcome = await runIdempotent(deps.db, scope, key, hash, new Date(deps.now()), {
          run: async (q) => {
            msgKey = null
            committed = []
            const data = await handler(input(q))
            return { status: STATUS_OK, msg: msgKey ? translate(ctx.locale, msgKey) : '', data: data ?? null }
          },
          refuse: (err) => ({ http: err.code.http, body: errorEnvelope(ctx.locale, err) }),
        })
        if (!outcome.replayed && outcome.http === 200) await runCommitted()
        else if (steps && prepared !== undefined) await steps.discard(prepared).catch((err: unknown) => request.log.error({ err }, 'discarding a prepared step failed'))
        return sendStored(reply, outcome)
      }

      const data = await handler(input(deps.db))
      await runCommitted()
      if (reply.sent || call.reply === 'image') return reply
      return reply.send({ status: STATUS_OK, msg: msgKey ? translate(ctx.locale, msgKey) : '', data: data ?? null })
    },
  })
}
