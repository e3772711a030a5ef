import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header a provider's wallet call is signed in: the hex HMAC-SHA256 of the raw body with the provider's secret. */
export const PROVIDER_SIGNATURE_HEADER = 'x-signature'

export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

/** Constant-time comparison, so the signature cannot be found byte by byte from timings. */
export function verifyBody(secret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header
  if (typeof given !== 'string' || given.length !== 64) return false
  const expected = Buffer.from(signBody(secret, rawBody))
  const actual = Buffer.from(given.toLowerCase())
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
