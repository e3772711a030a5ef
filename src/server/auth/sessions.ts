import type { Config } from '../config'
import type { Db, Queryable } from '../db/connection'
import { hashToken, newToken } from './tokens'

export interface Session {
  sessionId: bigint
  userId: bigint
}

/** Seen-time updates are written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000
/**
 * A session this process checked is trusted from memory for this long (every call of a betting
 * player needs it). Logout, password change and a device's new login evict it here at once;
 * another server process sharing the database sees those within this time.
 */
const REMEMBER_MS = 5_000
const REMEMBER_MAX = 100_000

interface Remembered {
  session: Session
  expiresAt: number
  lastSeenAt: number
  checkedAt: number
}

export interface SessionStore {
  /**
   * Opens a session and returns its token; an earlier session of the same device is closed
   * (rotation). `device` is the device in words for the account page (auth/deviceLabel).
   */
  create(q: Queryable, userId: bigint, deviceId: string, ip: string, device?: string): Promise<string>
  authenticate(token: string | undefined | null): Promise<Session | null>
  revoke(sessionId: bigint): Promise<void>
  /** Closes every session of a user (password change, "sign out everywhere"); returns their ids. */
  revokeAll(q: Queryable, userId: bigint): Promise<bigint[]>
  /** The user's open sessions, the most recently seen first (at most 20). */
  list(userId: bigint): Promise<OpenSession[]>
}

interface OpenSession {
  sessionId: bigint
  device: string
  ip: string
  createdAt: Date
  lastSeenAt: Date
}

export function createSessionStore(db: Db, config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs'>, now: () => number): SessionStore {
  const remembered = new Map<string, Remembered>()
  const hashOf = new Map<bigint, string>()
  const forget = (sessionIds: Iterable<bigint>) => {
    for (const id of sessionIds) {
      const hash = hashOf.get(id)
      if (hash !== undefined) remembered.delete(hash)
      hashOf.delete(id)
    }
  }
  const remember = (hash: string, r: Remembered) => {
    if (remembered.size >= REMEMBER_MAX) {
      const oldest = remembered.entries().next()
      if (!oldest.done) {
        remembered.delete(oldest.value[0])
        hashOf.delete(oldest.value[1].session.sessionId)
      }
    }
    remembered.set(hash, r)
    hashOf.set(r.session.sessionId, hash)
  }
  return {
    async create(q, userId, deviceId, ip, device = '') {
      const token = newToken()
      const at = new Date(now())
      if (deviceId) {
        const closed = await q.query<{ id: bigint }>(
          'UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND device_id = $2 AND revoked_at IS NULL RETURNING id',
          [userId, deviceId, at],
        )
        forget(closed.rows.map((row) => row.id))
      }
      await q.query(
        `INSERT INTO sessions (token_hash, user_id, device_id, ip, created_at, last_seen_at, expires_at, device_label)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
        [hashToken(token), userId, deviceId, ip, at, new Date(now() + config.sessionMaxMs), device.slice(0, 64)],
      )
      return token
    },

    async authenticate(token) {
      if (!token || token.length > 128) return null
      const at = now()
      const hash = hashToken(token)
      const known = remembered.get(hash)
      if (known) {
        const fresh = at - known.checkedAt < REMEMBER_MS && at < known.expiresAt && at - known.lastSeenAt < TOUCH_EVERY_MS
        if (fresh) return known.session
        remembered.delete(hash)
      }
      const r = await db.query<{ id: bigint; user_id: bigint; last_seen_at: Date; expires_at: Date }>(
        `SELECT s.id, s.user_id, s.last_seen_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3 AND u.disabled_at IS NULL`,
        [hash, new Date(at), new Date(at - config.sessionIdleMs)],
      )
      const row = r.rows[0]
      if (!row) return null
      let lastSeenAt = new Date(row.last_seen_at).getTime()
      if (at - lastSeenAt > TOUCH_EVERY_MS) {
        await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(at)])
        lastSeenAt = at
      }
      const session = { sessionId: row.id, userId: row.user_id }
      remember(hash, { session, expiresAt: new Date(row.expires_at).getTime(), lastSeenAt, checkedAt: at })
      return session
    },

    async revoke(sessionId) {
      forget([sessionId])
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, new Date(now())])
    },

    async revokeAll(q, userId) {
      const r = await q.query<{ id: bigint }>(
        'UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
        [userId, new Date(now())],
      )
      const ids = r.rows.map((row) => row.id)
      forget(ids)
      return ids
    },

    async list(userId) {
      const at = now()
      const r = await db.query<{ id: bigint; device_label: string; ip: string; created_at: Date; last_seen_at: Date }>(
        `SELECT id, device_label, ip, created_at, last_seen_at FROM sessions
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3
         ORDER BY last_seen_at DESC, id DESC LIMIT 20`,
        [userId, new Date(at), new Date(at - config.sessionIdleMs)],
      )
      return r.rows.map((row) => ({ sessionId: BigInt(row.id), device: row.device_label, ip: row.ip, createdAt: new Date(row.created_at), lastSeenAt: new Date(row.last_seen_at) }))
    },
  }
}
