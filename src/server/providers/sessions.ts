import { hashToken, newToken } from '../auth/tokens'
import type { Queryable } from '../db/connection'

/**
 * A provider game session: the token the launch hands the provider, which sends it back on every
 * wallet call. Good for bets for `ttlMs` (PROVIDER_SESSION_HOURS); closing the game ends it.
 */
export async function openProviderSession(q: Queryable, userId: bigint, provider: string, game: string, now: Date, ttlMs: number): Promise<string> {
  const token = newToken()
  await q.query('INSERT INTO provider_sessions (token_hash, user_id, provider, game, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    hashToken(token),
    userId,
    provider,
    game,
    now,
    new Date(now.getTime() + ttlMs),
  ])
  return token
}

/** Ends the player's open provider sessions (stopGame, or a new launch): later bets are TOKEN_EXPIRED. */
export async function closeProviderSessions(q: Queryable, userId: bigint, now: Date): Promise<number> {
  const r = await q.query('UPDATE provider_sessions SET closed_at = $2 WHERE user_id = $1 AND closed_at IS NULL RETURNING id', [userId, now])
  return r.rows.length
}
