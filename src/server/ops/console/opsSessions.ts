import type { OpsRole } from '../../../shared/contract/opsConsole'
import { hashToken, newToken } from '../../auth/tokens'
import type { OpsConsoleConfig } from '../../config/opsConsole'
import type { Db, Queryable } from '../../db/connection'

/** 'password': only the second factor may follow; 'full': the console is open. */
export type OpsStage = 'password' | 'full'

export interface OpsSession {
  sessionId: bigint
  operatorId: bigint
  email: string
  role: OpsRole
  stage: OpsStage
}

/** The cookie that carries an operator's session: HttpOnly, SameSite=Strict, sent to /api/ops only. */
export const OPS_COOKIE = 'ops_session'

/** Seen-time updates are written at most this often. */
const TOUCH_EVERY_MS = 30_000
/** A session at the 'password' stage has this long to give the second factor. */
const PASSWORD_STAGE_MS = 5 * 60_000

/**
 * Operators' sessions, apart from the players' (their own table, cookie and lifetimes: 30 minutes
 * idle, 12 hours at most by default). Each call reads its session from the database: a revoked
 * session or a suspended operator stops at the next call, in every process.
 */
export class OpsSessions {
  constructor(
    private readonly db: Db,
    private readonly config: OpsConsoleConfig,
    private readonly now: () => number,
  ) {}

  async create(q: Queryable, operatorId: bigint, stage: OpsStage, ip: string): Promise<string> {
    const token = newToken()
    const at = this.now()
    const ttl = stage === 'password' ? PASSWORD_STAGE_MS : this.config.sessionMaxMs
    await q.query('INSERT INTO operator_sessions (token_hash, operator_id, stage, ip, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)', [
      hashToken(token),
      operatorId,
      stage,
      ip.slice(0, 64),
      new Date(at),
      new Date(at + ttl),
    ])
    return token
  }

  async authenticate(token: string | null): Promise<OpsSession | null> {
    if (!token || token.length > 128) return null
    const at = this.now()
    const r = await this.db.query<{ id: bigint; operator_id: bigint; stage: OpsStage; last_seen_at: Date; email: string; role: OpsRole }>(
      `SELECT s.id, s.operator_id, s.stage, s.last_seen_at, o.email, o.role FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3 AND o.suspended_at IS NULL`,
      [hashToken(token), new Date(at), new Date(at - this.config.sessionIdleMs)],
    )
    const row = r.rows[0]
    if (!row) return null
    if (at - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) await this.db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(at)])
    return { sessionId: BigInt(row.id), operatorId: BigInt(row.operator_id), email: row.email, role: row.role, stage: row.stage }
  }

  async revoke(q: Queryable, sessionId: bigint): Promise<void> {
    await q.query('UPDATE operator_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, new Date(this.now())])
  }

  /** Closes every session of an operator (suspended, re-enrolled, role changed); answers how many. */
  async revokeAll(q: Queryable, operatorId: bigint): Promise<number> {
    const r = await q.query('UPDATE operator_sessions SET revoked_at = $2 WHERE operator_id = $1 AND revoked_at IS NULL', [operatorId, new Date(this.now())])
    return r.rowCount
  }
}

/** The session cookie's value in a request's Cookie header, or null. */
export function opsCookieOf(header: string | undefined): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === OPS_COOKIE) return part.slice(eq + 1).trim() || null
  }
  return null
}

/** The Set-Cookie header that gives (or, with null, clears) the session cookie. Secure outside plain-http development. */
export function opsCookieHeader(token: string | null, secure: boolean): string {
  const attributes = ['Path=/api/ops', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])]
  return token === null ? [`${OPS_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ') : [`${OPS_COOKIE}=${token}`, ...attributes].join('; ')
}
