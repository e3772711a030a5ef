/**
 * Field schemas shared by every call. A POST may arrive as JSON or as a form
 * (where every value is a string), so numeric and flag fields accept both.
 * Custom issues carry an i18n key (under `server.validation`) as their message.
 */
import { z } from 'zod/mini'
import { reaisToCentavos } from '../money'

/** `loading: false` opts a request out of the client's loading indicator; it means nothing to the server. */
export const loading = z.optional(z.union([z.boolean(), z.enum(['true', 'false', '0', '1'])]))

export const text = (max: number, min = 0) => z.string().check(z.minLength(min), z.maxLength(max))

/** Optional text that may also arrive empty from a form. */
export const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)))

/** An e-mail address, trimmed and lower-cased (it is also the username). */
export const email = z.pipe(
  z.string().check(z.maxLength(254), z.trim(), z.toLowerCase(), z.email({ message: 'email' })),
  z.transform((s) => s),
)

/** The shortest new password; the server also refuses common ones (zxcvbn, kept out of the client bundle). */
export const PASSWORD_MIN_LENGTH = 8

/** A new password as typed: no trimming; long enough to resist guessing, short enough to hash cheaply. */
export const password = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, { message: 'passwordTooShort' }), z.maxLength(128))

/** A whole number from JSON or form text, within [min, max]. */
export const intField = (min: number, max: number) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.maxLength(16), z.regex(/^-?\d+$/, { message: 'integer' }))]),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : Number(v)
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.issues.push({ code: 'custom', message: 'range', input: v, params: { min, max } })
        return z.NEVER
      }
      return n
    }),
  )

/** A 0/1 flag from JSON (number or boolean) or form text. */
export const flag01 = z.pipe(
  z.union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])]),
  z.transform((v): 0 | 1 => (v === 1 || v === true || v === '1' ? 1 : 0)),
)

/** An amount in reais with at most two decimals, judged on its text and turned into centavos. */
export const amount = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(20))]),
  z.transform((v, ctx) => {
    const centavos = reaisToCentavos(v)
    if (centavos === null) {
      ctx.issues.push({ code: 'custom', message: 'amount', input: v })
      return z.NEVER
    }
    return centavos
  }),
)

/** The captcha id the client draws: a whole number below 100 million. */
export const codeId = intField(0, 99_999_999)

/** A reply's amount in reais (the wire form; the server converts from centavos). */
export const reais = z.number()

/**
 * Sent beside every balance: a number that only grows as the balance moves (the server's last
 * ledger entry on the player's cash and bonus). The client keeps the balance of the highest
 * version it has seen, so an event that arrives late never overwrites a newer reply.
 */
export const balanceVersion = z.number()

/** A balance on the wire: reais, beside its version. Spread into a reply's or event's shape. */
export const wireBalance = { balance: reais, balanceVersion }
export type WireBalance = { balance: number; balanceVersion: number }

/** An amount above zero: a transfer of nothing is a mistake, not a no-op. */
export const positiveAmount = z.pipe(
  amount,
  z.transform((centavos, ctx) => {
    if (centavos <= 0n) {
      ctx.issues.push({ code: 'custom', message: 'amountPositive', input: centavos })
      return z.NEVER
    }
    return centavos
  }),
)

/**
 * An amount that may be missing or arrive empty from a form (null then). The withdraw call
 * needs this: the spec's checks judge an empty amount themselves, in their own order.
 */
export const optionalAmount = z.optional(z.union([z.pipe(z.literal(''), z.transform(() => null)), amount]))

/**
 * A calendar day, YYYY-MM-DD, that exists, in the years 1900 to 2999: a day beyond them is
 * nobody's record, and 9999-12-31's next day would not even be a date the server can count to.
 */
export const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' }),
  z.refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, { message: 'date' }),
  z.refine((s) => s >= '1900' && s < '3000', { message: 'invalid' }),
)
