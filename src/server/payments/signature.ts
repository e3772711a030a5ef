import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header a webhook's signature travels in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-webhook-signature'

export function sign(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`
}

/** Constant-time comparison, so the signature cannot be guessed byte by byte from timings. */
export function verify(secret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header
  if (typeof given !== 'string' || given.length > 200) return false
  const expected = Buffer.from(sign(secret, rawBody))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
