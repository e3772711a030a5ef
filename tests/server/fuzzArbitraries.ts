/**
 * fast-check arbitraries for the route fuzzer: values derived from a call's zod/mini schema,
 * mixed with known-valid values, boundaries and hostile inputs, and the requests built from them.
 */
import fc from 'fast-check'
import type { z } from 'zod/mini'
import type { CallDef } from '../../src/shared/contract'

/** Marks a field left out of an object. */
const ABSENT = Symbol('absent')

/** Known-valid values of a field, by field name (from the test's own fixtures). */
export type Hints = Record<string, readonly unknown[]>

const BOUNDARY_NUMBERS: readonly number[] = [
  0, -0, 1, -1, 0.5, 0.1 + 0.2, 1.005, 0.01, 0.009, 1e-7, 5e-324, 24, 25, 35, 36, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER, Number('9223372036854775807'), 1e21, 1e308, -1e308, 1.23456789, 99.999, -(2 ** 63),
]

export const BOUNDARY_STRINGS: readonly string[] = [
  '', ' ', '0', '-0', '00', '1', '-1', '1.', '.5', '1,50', '1e3', '1E-2', '0x10', 'NaN', 'Infinity', '-Infinity', '1.005', '0.001',
  '9223372036854775807', '9223372036854775808', '-9223372036854775809', '99999999999999999999', '999999999999.99', '1000000000000',
  '2147483647', '2147483648', '  10  ', '١٢٣', '1.23456789', '0000000000000000001', 'D', 'L0', 'D-1', 'W9223372036854775808',
  'T99999999999999999999', '2026-02-30', '0000-00-00', '9999-12-31', '+055', '10,11,99999',
]

/** Text an attacker sends: huge, control characters, bidi, broken surrogates, injection and template probes. */
export const HOSTILE_STRINGS: readonly string[] = [
  'x'.repeat(5000), 'ç'.repeat(300), '\u0000', 'a\u0000b', '\u202Eevil\u202C', '\u200B', 'ção 𝕏 🎰', '\uD800', '\uDFFF\uD800', '\r\n\t',
  "' OR '1'='1", "'; DROP TABLE users; --", '1; SELECT pg_sleep(0)', '$1', '%s%n%x', '${7*7}', '{{7*7}}', '<script>alert(1)</script>',
  '../../etc/passwd', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'null', 'undefined', 'true', '[]', '{}',
  'a@b', '@example.com', 'A@EXAMPLE.COM ', 'admin@localhost',
]

/** Structures where a scalar (or an object) is expected, and prototype-pollution shapes. */
const HOSTILE_VALUES: readonly unknown[] = [
  null, true, false, [], [1, 2], ['x'], [{}], {}, { $gt: '' }, { toString: 'x' }, { length: 1e9 }, [[[[[[]]]]]],
  JSON.parse('{"__proto__":{"polluted":1}}'), { constructor: { prototype: { polluted: 1 } } },
]

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
)

/** What is appended to a valid text to smuggle something past a check that looks only at its start. */
const SUFFIXES = ['\u0000', 'a\u0000', '\u0000\u0000', "'", '"', '\\', ' '.repeat(300), '\u202E', '\uD800', '\n', '%00', ';--']

type Def = { type: string; [k: string]: unknown }
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** Values of the schema's own input shape (what its checks can see, not its transforms). */
function fromSchema(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  switch (def.type) {
    case 'string': {
      const checks = ((def.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]).map((c) => c._zod.def)
      const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0)
      const max = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 64)
      const format = checks.find((c) => c.check === 'string_format')
      if (format?.format === 'email') return fc.emailAddress()
      if (format?.pattern) return fc.stringMatching(format.pattern as RegExp).filter((s) => s.length >= min && s.length <= max)
      return fc.string({ minLength: min, maxLength: Math.min(max, 64), unit: 'grapheme' })
    }
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double({ noNaN: true }))
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>))
    case 'union':
      return fc.oneof(...(def.options as z.ZodMiniType[]).map(fromSchema))
    case 'optional':
    case 'nullable':
      return fromSchema(def.innerType as z.ZodMiniType)
    case 'pipe':
      return fromSchema(def.in as z.ZodMiniType)
    case 'array':
      return fc.array(fromSchema(def.element as z.ZodMiniType), { maxLength: 3 })
    case 'object':
      return objectOf(def.shape as Record<string, z.ZodMiniType>, {})
    case 'null':
      return fc.constant(null)
    default:
      return hostile
  }
}

const isOptional = (schema: z.ZodMiniType) => defOf(schema).type === 'optional'

/** One field: mostly a known-valid value, else schema-shaped, boundary or hostile. */
function fieldOf(name: string, schema: z.ZodMiniType, hints: Hints): fc.Arbitrary<unknown> {
  const known = hints[name]
  return fc.oneof(
    ...(known?.length ? [{ weight: 6, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 3, arbitrary: fromSchema(schema) },
    { weight: 2, arbitrary: hostile },
  )
}

/** A field's known-valid values, or (without hints) its schema's own. */
const validOf = (name: string, schema: z.ZodMiniType, hints: Hints) => (hints[name]?.length ? fc.constantFrom(...hints[name]!) : fromSchema(schema))

/**
 * An object of the shape's fields (each may be left out). Three kinds, so that many requests get
 * past validation to the handler: all fields valid; all valid but one, which is hostile; or every
 * field drawn freely, now and then with hostile extra keys.
 */
export function objectOf(shape: Record<string, z.ZodMiniType>, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape)
  const build = (values: unknown[], extra: Record<string, unknown> = {}) => {
    const out: Record<string, unknown> = {}
    values.forEach((v, i) => {
      if (v !== ABSENT) out[keys[i]!] = v
    })
    // defineProperty: a plain assignment of '__proto__' would set the prototype, not send the key.
    for (const [k, v] of Object.entries(extra)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
    return out
  }
  const present = (arb: (k: string) => fc.Arbitrary<unknown>, optionalFreq: number) =>
    fc.tuple(...keys.map((k) => fc.option(arb(k), { nil: ABSENT, freq: isOptional(shape[k]!) ? optionalFreq : 40 })))
  const valid = present((k) => validOf(k, shape[k]!, hints), 4).map((values) => build(values))
  const extras = fc.dictionary(fc.constantFrom('isAdmin', 'userId', 'balance', '__proto__', 'constructor', 'prototype', ''), hostile, { minKeys: 1, maxKeys: 2 })
  const free = fc.tuple(present((k) => fieldOf(k, shape[k]!, hints), 2), fc.option(extras, { freq: 6 })).map(([values, extra]) => build(values, extra ?? {}))
  if (keys.length === 0) return fc.oneof(fc.constant({}), extras.map((extra) => build([], extra)))
  const spoiled = (v: unknown) => fc.oneof(hostile, fc.constantFrom(...SUFFIXES).map((suffix) => (typeof v === 'string' ? v + suffix : suffix)))
  const oneBad = fc.tuple(valid, fc.constantFrom(...keys)).chain(([obj, key]) => spoiled(obj[key]).map((value) => ({ ...obj, [key]: value })))
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 4, arbitrary: oneBad }, { weight: 3, arbitrary: free })
}

/** The part of a call described by `schema`: an object of its fields, or (rarely) something else entirely. */
function partOf(schema: z.ZodMiniType | undefined, hints: Hints): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant({})
  const def = defOf(schema)
  if (def.type !== 'object') return fromSchema(schema)
  return fc.oneof({ weight: 12, arbitrary: objectOf(def.shape as Record<string, z.ZodMiniType>, hints) }, { weight: 1, arbitrary: hostile })
}

/** Form-encodes any value as a lenient client would: arrays repeat keys, objects nest as a[b]. */
function toForm(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value ?? '')
  const out = new URLSearchParams()
  const add = (key: string, v: unknown) => {
    if (v === undefined) return
    if (Array.isArray(v)) v.forEach((item) => add(key, item))
    else if (v && typeof v === 'object') for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner)
    else out.append(key, String(v ?? ''))
  }
  for (const [k, v] of Object.entries(value)) add(k, v)
  return out.toString()
}

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 replacement bytes. */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  }
}

/** A path parameter as sent: a value of its own, an out-of-range or non-numeric one, or a broken escape. */
function paramOf(name: string, schema: z.ZodMiniType, hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fieldOf(name, schema, hints).map((v) => encodeSegment(typeof v === 'string' ? v : JSON.stringify(v) ?? '')) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '..', '%2e%2e', '-1', '-9223372036854775809', '9223372036854775808', '1e3', '0x1', 'x'.repeat(199), 'x'.repeat(201)) },
  )
}

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string | string[]>
  payload?: string
}

/** Raw bodies no schema would produce: broken or hostile JSON, deep nesting, the wrong media. */
const RAW_BODIES: readonly (readonly [string, string])[] = [
  ['{"amount": ', 'application/json'],
  ['{"amount": 1e400, "target": -1e400}', 'application/json'],
  ['{"amount": 12345678901234567890123456789, "tile": 1.0}', 'application/json'],
  ['{"__proto__": {"isAdmin": true}, "amount": "1.00"}', 'application/json'],
  ['{"constructor": {"prototype": {"isAdmin": true}}}', 'application/json'],
  ['{"a": 1, "a": 2}', 'application/json'],
  ['[' .repeat(3000) + ']'.repeat(3000), 'application/json'],
  ['null', 'application/json'],
  ['"text"', 'application/json'],
  ['\u0000', 'application/json'],
  ['{}', 'application/json; charset=utf-16'],
  ['{}', 'application/json; charset=latin1'],
  ['amount=1.00&amount=2.00&tile[]=1&__proto__[x]=1', 'application/x-www-form-urlencoded'],
  ['%zz=%', 'application/x-www-form-urlencoded'],
  ['amount=1.00', 'text/plain'],
  ['<xml/>', 'application/xml'],
  ['--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'],
  ['{}', ''],
  ['x'.repeat(70_000), 'application/json'],
]

/** The session a request carries: the funded player's (bare or Bearer), none, or a forged one. */
function authorization(token: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(token) },
    { weight: 2, arbitrary: fc.constant(`Bearer ${token}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'null', 'x'.repeat(400), `${token}x`, token.toUpperCase(), "' OR 1=1 --") },
  )
}

/** Missing, fresh, reused from a small pool (replays and conflicts), sent twice, or malformed. */
const idempotencyKeyArb: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: fc.uuid().map((u) => `fz-${u}`) },
  { weight: 4, arbitrary: fc.constantFrom('fz-a', 'fz-b', 'fz-c') },
  { weight: 1, arbitrary: fc.tuple(fc.uuid(), fc.uuid()).map(([a, b]) => [a, b]) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(101), 'a b', 'ção', '\u00ff\u0080') },
)

const langArb = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('pt_BR', 'en_US', 'es_ES', 'ar_SA') }, { weight: 1, arbitrary: fc.constantFrom('', 'xx', '../../', 'x'.repeat(300), '__proto__') })

/** Every request a client could send to one call: its params, query and body, headers and encoding. */
export function requestOf(def: CallDef, token: string, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const paramShape = def.params ? (defOf(def.params).shape as Record<string, z.ZodMiniType>) : {}
  const params = fc.record(Object.fromEntries(Object.entries(paramShape).map(([k, s]) => [k, paramOf(k, s, hints)])))
  const query = fc.oneof({ weight: 8, arbitrary: partOf(def.query, hints).map(toForm) }, { weight: 1, arbitrary: fc.constantFrom('page=1&page=2', 'loading', '=&&=', '%zz', 'a[b][c]=1', '__proto__[x]=1') })
  const body = fc.oneof(
    { weight: 6, arbitrary: partOf(def.body, hints).map((v) => [JSON.stringify(v) ?? 'null', 'application/json'] as const) },
    { weight: 2, arbitrary: partOf(def.body, hints).map((v) => [toForm(v), 'application/x-www-form-urlencoded'] as const) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  )
  const method = fc.oneof({ weight: 20, arbitrary: fc.constant(def.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') })
  return fc.record({ params, query, body, method, auth: authorization(token), key: idempotencyKeyArb, lang: langArb }).map((r) => {
    const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => r.params[name]!)
    const headers: Record<string, string | string[]> = { lang: r.lang, devices: 'BWEBAPP', deviceid: 'fuzz' }
    if (r.auth !== undefined) headers.authorization = r.auth
    if (r.key !== undefined) headers['idempotency-key'] = r.key
    const req: FuzzRequest = { method: r.method, url: r.query ? `${path}?${r.query}` : path, headers }
    if (r.method !== 'GET') {
      req.payload = r.body[0]
      if (r.body[1]) headers['content-type'] = r.body[1]
    }
    return req
  })
}
