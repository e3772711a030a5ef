import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Db } from '../db/connection'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { gameCatalog } from './catalog'

/** Ends the user's in-play game; with a game code, only when it is that game (the socket's offGame). */
export async function endGame(db: Db, userId: bigint, gameCode?: string): Promise<void> {
  if (gameCode === undefined) await db.query('DELETE FROM game_sessions WHERE user_id = $1', [userId])
  else await db.query('DELETE FROM game_sessions WHERE user_id = $1 AND game_code = $2', [userId, gameCode])
}

export function gameRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps

  registerCall(app, deps, calls.main, async () => gameCatalog())

  registerCall(app, deps, calls.userGift, async ({ session }) => {
    // The gift (second-deposit offer) stands for a real account that has not deposited yet.
    const r = await db.query<{ eligible: boolean }>(
      `SELECT NOT u.is_test AND NOT EXISTS (
         SELECT 1 FROM ledger_transactions t WHERE t.user_id = u.id AND t.kind = 'deposit') AS eligible
       FROM users u WHERE u.id = $1`,
      [session.userId],
    )
    return r.rows[0]?.eligible ? 1 : 0
  })

  registerCall(app, deps, calls.inPlay, async ({ session }) => {
    const r = await db.query<{ game_code: string; product_code: string; started_at: Date }>(
      'SELECT game_code, product_code, started_at FROM game_sessions WHERE user_id = $1',
      [session.userId],
    )
    const row = r.rows[0]
    return row ? { gameCode: row.game_code, productCode: row.product_code, startedAt: new Date(row.started_at).getTime() } : null
  })

  registerCall(app, deps, calls.stopGame, async ({ session }) => {
    await endGame(db, session.userId)
    return null
  })
}
