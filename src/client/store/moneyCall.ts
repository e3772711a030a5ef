/**
 * Every call that moves money goes through moneyCall: one Idempotency-Key per user action, and when
 * the answer is lost (the network failed, the request timed out, or a gateway answered in the
 * app's place) the same request is sent again with the same key, a bounded number of times. The
 * server runs a key at most once and answers a repeat with the first reply, so a bet, deposit or
 * withdrawal whose answer was lost is neither made twice nor left in doubt. A refusal is an answer:
 * it is never retried (the catalogue shows it). The caller writes what the reply says (a balance
 * only through applyBalance).
 */
import type { CallDef, Envelope } from '../../shared/contract/define'
import { NetworkError } from '../api/http'
import { http } from './api'
import { handleFailure, handleNetworkError } from './errors'

/** One key per user action; every retry of that action sends it again. */
export function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.()
  if (uuid) return uuid
  const rand = () => Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')
  return `k-${Date.now().toString(16)}-${rand()}${rand()}${rand()}`
}

/** The waits before each retry: three sends in all. */
const MONEY_RETRY_DELAYS_MS: readonly number[] = [300, 1_000]

export interface MoneyCallOptions {
  params?: Record<string, string | number>
  body?: Record<string, unknown>
  /** Send the body form-encoded (prePay, as the spec's form). */
  form?: boolean
  /** false: the global loading indicator stays off (a bet). */
  loading?: boolean
  /** The action's key, when the caller must know it; a fresh one otherwise. */
  key?: string
  /** The waits before each retry (tests shorten them); its length bounds the retries. */
  retryDelaysMs?: readonly number[]
}

/** No answer from the app: the network failed, the request timed out, or a gateway (502-504) answered with no envelope. */
function answerLost(reply: (Envelope & { http: number }) | NetworkError): boolean {
  if (reply instanceof NetworkError) return true
  return reply.status === -1 && reply.http >= 502 && reply.http <= 504
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends one money-moving call with its Idempotency-Key, retrying a lost answer with the same key.
 * Resolves with the reply's data; a refusal runs the error catalogue and rejects with CallFailed
 * (errors.ts; its status tells the refusal), as does a connection still lost after the last retry
 * (status -1).
 */
export async function moneyCall<T>(call: CallDef, options: MoneyCallOptions = {}): Promise<T> {
  const { key = newIdempotencyKey(), retryDelaysMs = MONEY_RETRY_DELAYS_MS, ...request } = options
  const headers = { 'Idempotency-Key': key }
  for (let attempt = 0; ; attempt++) {
    let reply: (Envelope<T> & { http: number }) | NetworkError
    try {
      reply = await http.request<T>(call, { ...request, headers })
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err
      reply = err
    }
    const delay = retryDelaysMs[attempt]
    if (answerLost(reply) && delay !== undefined) {
      await wait(delay)
      continue
    }
    // Still no answer after the last retry: the 'connection slow' alert (the key stays unanswered or answered; a new action asks anew).
    if (reply instanceof NetworkError) throw handleNetworkError(reply)
    if (answerLost(reply)) throw handleNetworkError(new NetworkError('network'))
    if (reply.status === 200) return reply.data
    throw handleFailure(reply)
  }
}
