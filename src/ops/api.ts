/**
 * The console's transport: one console call (src/shared/contract/opsConsole.ts) over fetch, with
 * the session cookie (HttpOnly: this code never sees it), the operator's language for the server's
 * messages, and the reply checked against the call's contract. It answers the envelope's data, or
 * the refusal with its code and the server's message in the operator's language.
 */
import { buildPath } from '../shared/contract/define'
import type { OpsCallDef } from '../shared/contract/opsConsole'
import type { z } from 'zod/mini'

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; msg: string }

/** The codes the console acts on (shared/contract/errors.ts). */
const LOGGED_OUT = 6401
export const NETWORK = -1

let lang = 'pt_BR'
export const setApiLanguage = (locale: string) => void (lang = locale)

/** Told of every 6401: the app goes back to its login. */
let onLoggedOut: () => void = () => {}
export const whenLoggedOut = (handler: () => void) => void (onLoggedOut = handler)

export type Data<C extends OpsCallDef> = C['reply'] extends z.ZodMiniType ? z.output<C['reply']> : never
type Part<C extends OpsCallDef, K extends 'params' | 'query' | 'body'> = NonNullable<C[K]>
type In<C extends OpsCallDef, K extends 'params' | 'query' | 'body'> = [Part<C, K>] extends [never] ? undefined : Part<C, K> extends z.ZodMiniType ? z.input<Part<C, K>> : undefined

export interface CallInput<C extends OpsCallDef> {
  params?: In<C, 'params'>
  query?: In<C, 'query'>
  body?: In<C, 'body'>
  /** The call moves money: the same key for a retry of the same action (ops/actionKey.ts). */
  idempotencyKey?: string
}

export function callUrl<C extends OpsCallDef>(call: C, input: Pick<CallInput<C>, 'params' | 'query'> = {}): string {
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== '') query.set(k, String(v))
  const qs = query.toString()
  return `${buildPath(call.path, input.params as Record<string, string> | undefined)}${qs ? `?${qs}` : ''}`
}

export async function call<C extends OpsCallDef>(def: C, input: CallInput<C> = {}): Promise<Answer<Data<C>>> {
  const headers: Record<string, string> = { lang, accept: 'application/json' }
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey
  let body: string | undefined
  if (def.method !== 'GET') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body ?? {})
  }
  let envelope: { status?: unknown; msg?: unknown; data?: unknown }
  try {
    const res = await fetch(callUrl(def, input), { method: def.method, headers, body, credentials: 'same-origin' })
    envelope = (await res.json()) as typeof envelope
  } catch {
    return { ok: false, status: NETWORK, msg: '' }
  }
  const status = typeof envelope.status === 'number' ? envelope.status : NETWORK
  const msg = typeof envelope.msg === 'string' ? envelope.msg : ''
  if (status !== 200) {
    if (status === LOGGED_OUT) onLoggedOut()
    return { ok: false, status, msg }
  }
  if (def.reply === 'image') return { ok: true, data: envelope.data as Data<C> }
  const parsed = def.reply.safeParse(envelope.data)
  return parsed.success ? { ok: true, data: parsed.data as Data<C> } : { ok: false, status: NETWORK, msg: '' }
}
