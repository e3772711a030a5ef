/**
 * What every bet path that keeps its Idempotency-Key in its own database call shares (the casino
 * originals' CasinoPlay, the shared rounds' RoundPlay): the reply written as JSON text with holes
 * that the database fills, and a refusal stored under the key like a success.
 */
import { randomBytes } from 'node:crypto'
import { STATUS_OK } from '../../shared/contract/errors'
import type { Locale } from '../../shared/locales'
import type { Db } from '../db/connection'
import { AppError } from '../AppError'
import { errorEnvelope } from '../http/errorHandler'
import type { StoredReply } from '../http/idempotency'

/** Holes in the reply text that no reply can contain: a random mark per process. */
const MARK = `@${randomBytes(12).toString('base64url')}`
export const HOLE = { id: `${MARK}I`, balance: `${MARK}B`, version: `${MARK}V` }

/**
 * The success envelope around `data`, as text cut at its three holes: the bet id (inside its
 * string), the balance and its version (numbers). Put HOLE.id, HOLE.balance and HOLE.version where
 * they go in `data`.
 */
export function replyParts(data: unknown): string[] {
  const text = JSON.stringify({ status: STATUS_OK, msg: '', data })
  const cut = (s: string, hole: string): [string, string] => {
    const i = s.indexOf(hole)
    if (i < 0 || s.indexOf(hole, i + 1) >= 0) throw new Error('a reply hole is missing or twice')
    return [s.slice(0, i), s.slice(i + hole.length)]
  }
  const [p0, r0] = cut(text, HOLE.id)
  const [p1, r1] = cut(r0, `"${HOLE.balance}"`)
  const [p2, p3] = cut(r1, `"${HOLE.version}"`)
  return [p0, p1, p2, p3]
}

/** What every bet path's database call answers per move: a code, and the reply (stored or new) with the balance it left. */
export interface KeyedReplyRow {
  code: string
  http: number | null
  body: string | null
  bet_id: bigint | null
  balance: bigint | null
  version: bigint | null
}

/** A bet path's answer: the stored reply, with the balance it left when this call moved money (not on a replay or a refusal). */
export interface MovedReply extends StoredReply {
  moved?: { balance: bigint; version: bigint }
}

/**
 * PostgreSQL lanes of the bet paths' group commit. A lane's batch holds the house sub-accounts it
 * wrote until it commits, so each sub-account (player id mod 16, db/functions/ledger/house_account.sql) must belong to one
 * lane: the lane count divides 16 (3 or 6 lanes made batches wait on each other and deadlock:
 * 11-19 bets/s). 4 measured best at 50 players (1,591-2,059/s against 1,298-1,320 with 8 and
 * 1,159-1,282 with 2): fewer lanes make bigger batches, and a batch's fixed cost is most of a small one's.
 */
export const POSTGRES_LANES = 4

/** The stored reply of a replayed key; a key reused with other data is refused; null: the move ran (or was refused) now. */
export function storedAnswer(row: Pick<KeyedReplyRow, 'code' | 'http' | 'body'>): StoredReply | null {
  if (row.code === 'REUSED') throw new AppError('IDEMPOTENCY_KEY_REUSED')
  if (row.code !== 'REPLAY') return null
  if (row.http === null || row.body === null) throw new Error('idempotency key stored without a reply')
  return { http: Number(row.http), body: row.body, replayed: true }
}

export interface KeyedCall {
  userId: bigint
  key: string
  hash: string
  locale: Locale
  at: Date
}

/**
 * A refusal's reply, stored under the key like a success (a replay answers it even once its cause
 * is gone). The move wrote nothing; should the key have been stored meanwhile (a concurrent
 * duplicate), that reply is the answer.
 */
export async function storeRefusal(db: Db, call: KeyedCall, err: AppError): Promise<StoredReply> {
  const http = err.code.http
  const body = JSON.stringify(errorEnvelope(call.locale, err))
  const stored = await db.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [call.userId, call.key, call.hash, http, body, call.at],
  )
  if (stored.rows.length) return { http, body, replayed: false }
  const r = await db.query<{ request_hash: string; http_status: number; response: string }>(
    'SELECT request_hash, http_status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [call.userId, call.key],
  )
  const row = r.rows[0]
  if (!row) throw new Error('idempotency key neither stored nor found')
  if (row.request_hash !== call.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
  return { http: Number(row.http_status), body: row.response, replayed: true }
}
