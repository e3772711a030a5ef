import type { z } from 'zod/mini'

type Schema = z.ZodMiniType

/** One HTTP call of the product: method, path, who may call it and the shape of every part. */
export interface CallDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | 'image' = Schema | 'image',
  A extends boolean = boolean,
> {
  method: 'GET' | 'POST' | 'PUT'
  /** Fastify-style path; `:name` segments are described by `params`. */
  path: string
  /** false: callable without a session token. */
  auth: A
  /** true: the call moves money and requires an `Idempotency-Key` header. */
  idempotent?: boolean
  params?: P
  query?: Q
  body?: B
  /** Schema of the envelope's `data`, or 'image' for calls that answer with a picture. */
  reply: R
}

export function defineCall<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | 'image' = Schema,
  const A extends boolean = boolean,
>(def: CallDef<P, Q, B, R, A>): CallDef<P, Q, B, R, A> {
  return def
}

/** Fills a call's `:name` segments: buildPath('/a/:id', { id: 3 }) -> '/a/3'. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** The envelope of every JSON reply. */
export interface Envelope<T = unknown> {
  status: number
  msg: string
  data: T
}
