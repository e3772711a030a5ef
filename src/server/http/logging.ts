import type { FastifyServerOptions } from 'fastify'

/** Query parameters that carry a credential: the socket's `token` (the spec puts it in the URL) and its kin. */
const SECRET_PARAMS = /([?&](?:token|access_token|authorization|chkId)=)[^&#]*/gi

/** The PIX webhook's address carries its secret as a path segment (payments/buildProviders.ts). */
const SECRET_PATH = /^(\/api\/pay\/webhook\/apipix\/)[^/?#]*/

/** A URL as it may be written to a log: any credential in its query, or in the webhook's path, replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]')
}

interface LoggedRequest {
  method: string
  url: string
  ip?: string
  socket?: { remotePort?: number }
}

interface LoggedError {
  name?: string
  message?: string
  stack?: string
  code?: unknown
  statusCode?: unknown
}

/**
 * An error as it may be written to a log: its kind, SQLSTATE or code, message and stack, and
 * nothing else. The usual serializer copies every property, and a failed query's error carries
 * its parameters and the row it refused (`params`, `detail`): player data that has no place in logs.
 */
function serializeError(err: LoggedError): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = { type: err.name ?? 'Error', message: String(err.message ?? ''), stack: err.stack ?? '' } as { type: string; message: string; stack: string; [key: string]: unknown }
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode
  return out
}

/**
 * The request log: method, URL without credentials, client address. Headers are not logged at
 * all (the authorization header is redacted anyway, should a later serializer add them).
 * The socket's upgrade request never reaches fastify's request log: socket.io takes it first.
 */
export function loggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
      err: serializeError,
    },
    ...(stream ? { stream } : {}),
  }
}
