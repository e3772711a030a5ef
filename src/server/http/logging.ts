import type { FastifyServerOptions } from 'fastify'

/** Query parameters that carry a credential: the socket's `token` (the spec puts it in the URL) and its kin. */
const SECRET_PARAMS = /([?&](?:token|access_token|authorization|chkId)=)[^&#]*/gi

/**
 * Path segments that are secret or personal: the PIX webhook's secret (payments/buildProviders.ts),
 * and the PIX key of the PSP's webhook registration (the API Pix's `/v2/webhook/:chave`, which the
 * sandbox PSP serves here; a key may be a person's CPF, e-mail or phone).
 */
const SECRET_PATHS = [/^(\/api\/pay\/webhook\/apipix\/)[^/?#]*/, /^(\/[^?#]*\/v2\/webhook\/)[^/?#]+/]

/**
 * A CPF (11 digits alone, or written 000.000.000-00) and a CNPJ (14 digits, or 00.000.000/0000-00):
 * personal data wherever it turns up in a logged text (a URL someone typed, an error's message). A
 * phone's 11 digits go too, which costs nothing.
 */
const TAX_IDS = /(?<!\d)(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14}|\d{11})(?!\d)/g

/** A text as it may be written to a log: any CPF or CNPJ in it masked. */
function redactTaxIds(text: string): string {
  return text.replace(TAX_IDS, '[cpf]')
}

/** A URL as it may be written to a log: any credential in its query or path, and any CPF or CNPJ, replaced. */
export function redactUrl(url: string): string {
  let out = url
  for (const path of SECRET_PATHS) out = out.replace(path, '$1[redacted]')
  return redactTaxIds(out.replace(SECRET_PARAMS, '$1[redacted]'))
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
 * An error as it may be written to a log: its kind, SQLSTATE or code, message and stack (any CPF
 * in them masked), and nothing else. The usual serializer copies every property, and a failed query's error carries
 * its parameters and the row it refused (`params`, `detail`): player data that has no place in logs.
 */
function serializeError(err: LoggedError): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = { type: err.name ?? 'Error', message: redactTaxIds(String(err.message ?? '')), stack: redactTaxIds(err.stack ?? '') } as { type: string; message: string; stack: string; [key: string]: unknown }
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
