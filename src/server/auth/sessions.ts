import type { Config } from '../config'
import type { Db, Queryable } from '../db/connection'
import { hashToken, newToken } from './tokens'

export interface Session {
  sessionId: bigint
  userId: bigint
}

/** Seen-time updates are written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000

export interface SessionStore {
  /** Opens a session and returns its token; an earlier session of the same device is closed (rotation). */
  create(q: Queryable, userId: bigint, deviceId: string, ip: string): Promise<string>
  authenticate(token: string | undefined | null): Promise<Session | null>
  revoke(sessionId: bigint): Promise<void>
  /** Closes every session of a user (password change); returns their ids. */
  revokeAll(q: Queryable, userId: bigint): Promise<bigint[]>
}

export function createSessionStore(db: Db, config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs'>, now: () => number): SessionStore {
  return {
    async create(q, userId, deviceId, ip) {
      const token = newToken()
      const at = new Date(now())
      if (deviceId) {
        await q.query(
          'UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND device_id = $2 AND revoked_at IS NULL',
          [userId, deviceId, at],
        )
      }
      await q.query(
        `INSERT INTO sessions (token_hash, user_id, device_id, ip, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6)`,
        [hashToken(token), userId, deviceId, ip, at, new Date(now() + config.sessionMaxMs)],
      )
      return token
    },

    async authenticate(token) {
      if (!token || token.length > 128) return null
      const at = now()
      const r = await db.query<{ id: bigint; user_id: bigint; last_seen_at: Date }>(
        `SELECT id, user_id, last_seen_at FROM sessions
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3`,
        [hashToken(token), new Date(at), new Date(at - config.sessionIdleMs)],
      )
      const row = r.rows[0]
      if (!row) return null
      if (at - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
        await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(at)])
      }
      return { sessionId: row.id, userId: row.user_id }
    },

    async revoke(sessionId) {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, new Date(now())])
    },

    async revokeAll(q, userId) {
      const r = await q.query<{ id: bigint }>(
        'UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
        [userId, new Date(now())],
      )
      return r.rows.map((row) => row.id)
    },
  }
}
