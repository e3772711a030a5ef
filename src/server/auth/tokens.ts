import { createHash, randomBytes, randomInt } from 'node:crypto'

/** An opaque secret: 256 bits from the CSPRNG, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as their SHA-256, so a database leak yields no live session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A code of `length` characters drawn uniformly from `alphabet`. */
export function randomCode(alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

export const DIGITS = '0123456789'
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
