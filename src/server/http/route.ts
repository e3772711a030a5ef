import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod/mini'
import type { CallDef } from '../../shared/contract/define'
import { STATUS_OK } from '../../shared/contract/errors'
import { normalizeLocale, type Locale } from '../../shared/locales'
import type { Session, SessionStore } from '../auth/sessions'
import { translate } from '../i18n/messages'
import { AppError } from './AppError'
import { validate } from './validate'

/** What every request carries in the headers of the spec's shared client behaviour. */
export interface RequestContext {
  locale: Locale
  ip: string
  deviceId: string
  zone: string
  curreny: string
  devices: string
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
}

type ReplyData<C extends CallDef> = C['reply'] extends z.ZodMiniType ? z.input<C['reply']> : unknown

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
    curreny: header(request, 'curreny', 16),
    devices: header(request, 'devices', 32),
  }
}

/** The token as the spec's client sends it (bare) or as `Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const raw = header(request, 'authorization', 300).trim()
  if (!raw) return null
  return raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw
}

/**
 * Registers one call of the contract: parses params, query and body with its schemas,
 * checks the session, and wraps what the handler returns in the envelope.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  sessions: SessionStore,
  call: C,
  handler: (input: HandlerInput<C>) => Promise<ReplyData<C>>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const ctx = requestContext(request)
      let session: Session | null = null
      if (call.auth) {
        session = await sessions.authenticate(bearerToken(request))
        if (!session) throw new AppError('LOGGED_OUT')
      }
      const parse = (schema: z.ZodMiniType | undefined, input: unknown) =>
        schema ? validate(schema, input === undefined ? {} : input, ctx.locale) : undefined
      const params = parse(call.params, request.params)
      const query = parse(call.query, request.query)
      const body = call.method === 'POST' ? parse(call.body, request.body) : undefined
      let msgKey: string | null = null
      const data = await handler({
        params,
        query,
        body,
        ctx,
        session,
        request,
        reply,
        setMessage: (key) => {
          msgKey = key
        },
      } as HandlerInput<C>)
      if (reply.sent || call.reply === 'image') return reply
      return reply.send({ status: STATUS_OK, msg: msgKey ? translate(ctx.locale, msgKey) : '', data: data ?? null })
    },
  })
}
