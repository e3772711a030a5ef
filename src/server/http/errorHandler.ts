import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Envelope } from '../../shared/contract/define'
import type { ErrorName } from '../../shared/contract/errors'
import type { Locale } from '../../shared/locales'
import { formatReais } from '../i18n/formatMoney'
import { formatInstant } from '../i18n/formatTime'
import { translate } from '../i18n/messages'
import { AppError } from '../AppError'
import { requestContext } from './route'

/** Fastify's own client errors, mapped to our codes. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_VALIDATION: 'VALIDATION',
}

/** The envelope of a failure, with its message in the caller's language (bigint params are amounts, shown as money; Date params instants, shown in São Paulo time). */
export function errorEnvelope(locale: Locale, error: AppError): Envelope<{ problems: unknown } | null> {
  const problems = error.params.problems as { msg: string }[] | undefined
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === 'bigint' ? formatReais(v, locale) : v instanceof Date ? formatInstant(v, locale) : v]))
  const msg = problems?.[0]?.msg ?? translate(locale, `errors.${error.messageKey ?? error.code.key}`, params)
  return { status: error.code.status, msg, data: problems ? { problems } : null }
}

function send(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const { locale } = requestContext(request)
  if (error.errorName === 'RATE_LIMITED' || error.errorName === 'RESEND_TOO_SOON') {
    const seconds = Number(error.params.retryAfterSeconds)
    if (seconds > 0) reply.header('retry-after', String(Math.ceil(seconds)))
  }
  return reply
    .code(error.code.http)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(locale, error))
}

/**
 * Every failure leaves as the envelope: client mistakes with their 4xx code and a message in
 * the caller's language, anything else as a logged 500 that shows no internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) return send(request, reply, err)
    const code = (err as FastifyError).code
    const mapped = code ? FASTIFY_CODES[code] : undefined
    if (mapped) return send(request, reply, new AppError(mapped))
    const statusCode = (err as FastifyError).statusCode
    if (err instanceof SyntaxError || (statusCode && statusCode >= 400 && statusCode < 500)) {
      return send(request, reply, new AppError(statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_JSON'))
    }
    request.log.error({ err }, 'unhandled error')
    return send(request, reply, new AppError('INTERNAL'))
  })
}

/**
 * Fastify's router answers a malformed escape (`%zz`) or an over-long path parameter before any
 * handler runs, in its own format; given as the `frameworkErrors` option, this answers them in the
 * envelope instead. Such a URL names nothing, so it is a 404.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(request, reply, new AppError('NOT_FOUND'))
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(request, reply, new AppError('NOT_FOUND'))
}

