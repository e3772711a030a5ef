import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Envelope } from '../../shared/contract/define'
import type { Db, Queryable } from '../db/connection'
import { AppError } from '../AppError'

const IDEMPOTENCY_HEADER = 'idempotency-key'
const MAX_KEY_LENGTH = 100

/** A reply as it left the first time: what a replay sends again, byte for byte. */
export interface StoredReply {
  http: number
  /** The envelope as JSON text. */
  body: string
  replayed: boolean
}

/** The caller's Idempotency-Key: 1..100 visible characters, else IDEMPOTENCY_KEY_REQUIRED. */
export function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER]
  const key = Array.isArray(raw) ? raw[0] : raw
  if (typeof key !== 'string' || key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED')
  }
  return key
}

/** JSON-like text with sorted keys (bigints written as 12n): the same request always hashes the same. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * What "the same request" means: the call and its parsed params and body, so `10` and `"10.00"`
 * are one amount. The `loading` flag is only a display hint and is left out.
 */
export function requestHash(callPath: string, params: unknown, body: unknown): string {
  const rest: Record<string, unknown> = { ...(body && typeof body === 'object' ? body : {}) }
  delete rest.loading
  return createHash('sha256').update(canonical({ call: callPath, params: params ?? null, body: rest })).digest('hex')
}

/**
 * Whose keys a call's Idempotency-Key is one of: a player's (idempotency_keys, by users.id) or an
 * operator's (ops_idempotency_keys, by operators.id). Two tables, not a column: the players' table
 * is also written by the bet path's SQL functions on its (user_id, key) primary key, and apart an
 * operator's key can never answer a player's call, nor a player's an operator's, whatever the ids.
 */
export interface KeyScope {
  table: 'idempotency_keys' | 'ops_idempotency_keys'
  owner: 'user_id' | 'operator_id'
  id: bigint
}
export const playerKeys = (userId: bigint): KeyScope => ({ table: 'idempotency_keys', owner: 'user_id', id: userId })
export const operatorKeys = (operatorId: bigint): KeyScope => ({ table: 'ops_idempotency_keys', owner: 'operator_id', id: operatorId })

/** Whether (owner, key) already holds a finished reply (a replay: its prepared work is not needed). */
export async function keyAnswered(db: Db, scope: KeyScope, key: string): Promise<boolean> {
  const r = await db.query(`SELECT 1 FROM ${scope.table} WHERE ${scope.owner} = $1 AND key = $2 AND response IS NOT NULL`, [scope.id, key])
  return r.rows.length > 0
}

export interface IdempotentWork {
  /** Runs the call inside the transaction that holds the key; returns the success envelope. */
  run(q: Queryable): Promise<Envelope>
  /** Turns a refusal into its reply (stored too, so a replay gets the same refusal). */
  refuse(err: AppError): { http: number; body: Envelope }
}

/**
 * Runs a money-moving call at most once per (owner, key): a player's or an operator's (KeyScope).
 *
 * The key is claimed with INSERT ... ON CONFLICT DO NOTHING inside the same transaction as the
 * work and the stored reply, so the three commit together or not at all: a crash leaves either
 * a finished key or none, never a movement without its reply. A concurrent duplicate blocks on
 * the claimed row (PostgreSQL waits on the uncommitted unique entry; PGlite runs one transaction
 * at a time) and then reads the reply. A refusal (AppError) rolls the work back to a savepoint
 * and is stored like a success. Anything else rolls everything back, key included, so a retry
 * may run again.
 */
export async function runIdempotent(db: Db, scope: KeyScope, key: string, hash: string, at: Date, work: IdempotentWork): Promise<StoredReply> {
  const { table, owner, id } = scope
  return db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO ${table} (${owner}, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [id, key, hash, at],
    )
    if (claimed.rows.length === 0) {
      const r = await q.query<{ request_hash: string; http_status: number | null; response: string | null }>(
        `SELECT request_hash, http_status, response FROM ${table} WHERE ${owner} = $1 AND key = $2`,
        [id, key],
      )
      const row = r.rows[0]
      if (!row || row.response === null || row.http_status === null) throw new Error('idempotency key claimed without a reply')
      if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
      return { http: Number(row.http_status), body: row.response, replayed: true }
    }
    await q.query('SAVEPOINT idempotent_work')
    let http: number
    let envelope: Envelope
    try {
      envelope = await work.run(q)
      http = 200
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      await q.query('ROLLBACK TO SAVEPOINT idempotent_work')
      ;({ http, body: envelope } = work.refuse(err))
    }
    const body = JSON.stringify(envelope)
    await q.query(`UPDATE ${table} SET http_status = $3, response = $4 WHERE ${owner} = $1 AND key = $2`, [id, key, http, body])
    return { http, body, replayed: false }
  })
}
