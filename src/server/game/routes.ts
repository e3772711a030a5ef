import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Db } from '../db/connection'
import type { Deps } from '../deps'
import { registerCall, type RequestContext } from '../http/route'
import { one } from '../db/one'
import { depositBonusesOffered } from '../protection/brazil'
import { gameCatalog, providerGames } from './catalog'
import { AppError } from '../AppError'
import { closeProviderSessions, openProviderSession } from '../providers/sessions'

/**
 * Ends the user's in-play game; with a game code, only when it is that game (the socket's
 * offGame). A provider game's session closes with it: the provider's later bets are TOKEN_EXPIRED
 * (its round's win and rollback are still taken).
 */
export async function endGame(db: Db, userId: bigint, gameCode?: string): Promise<void> {
  await db.tx(async (q) => {
    const ended = gameCode === undefined
      ? await q.query('DELETE FROM game_sessions WHERE user_id = $1 RETURNING game_code', [userId])
      : await q.query('DELETE FROM game_sessions WHERE user_id = $1 AND game_code = $2 RETURNING game_code', [userId, gameCode])
    if (ended.rows.length || gameCode === undefined) await closeProviderSessions(q, userId, new Date())
  })
}

/**
 * Starts a provider's game: any earlier provider session of the player closes, a new one opens
 * (its token goes to the provider in the launch address), and the game is the one in play.
 */
async function launch(deps: Deps, userId: bigint, productCode: string, game: string, ctx: RequestContext) {
  const provider = deps.providers.get(productCode)
  const entry = provider ? (await provider.listGames()).find((g) => g.code === game) : undefined
  if (!provider || !entry) throw new AppError('GAME_NOT_FOUND')
  if (entry.stop) throw new AppError('GAME_STOPPED')
  const now = new Date(deps.now())
  const session = await deps.db.tx(async (q) => {
    await closeProviderSessions(q, userId, now)
    await q.query(
      `INSERT INTO game_sessions (user_id, game_code, product_code, started_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET game_code = EXCLUDED.game_code, product_code = EXCLUDED.product_code, started_at = EXCLUDED.started_at`,
      [userId, game, productCode, now],
    )
    const uid = one((await q.query<{ uid: string }>('SELECT uid::text AS uid FROM users WHERE id = $1', [userId])).rows, 'launch').uid
    return { uid, token: await openProviderSession(q, userId, productCode, game, now, deps.config.providerSessionMs) }
  })
  const { url } = await provider.launch({ sessionToken: session.token, game, locale: ctx.locale, user: session.uid, ip: ctx.ip, mobile: /Mobi|Android|iPhone|iPad/.test(ctx.userAgent) })
  return { url, gameCode: game, productCode }
}

export function gameRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps

  registerCall(app, deps, calls.main, async () => gameCatalog(deps.providers))

  registerCall(app, deps, calls.gameGroup, async ({ query }) => providerGames(deps.providers, query.productCode))

  registerCall(app, deps, calls.launchGame, async ({ session, body, ctx }) => launch(deps, session.userId, body.productCode, body.game, ctx))

  registerCall(app, deps, calls.userGift, async ({ session }) => {
    // The gift (second-deposit offer) stands for a real account that has not deposited yet; none in the BR profile.
    if (!depositBonusesOffered(deps.config)) return 0
    // Nor for a player paused or self-excluded (no bonus, no offer while a block stands).
    const r = await db.query<{ eligible: boolean }>(
      `SELECT NOT u.is_test AND NOT EXISTS (
         SELECT 1 FROM ledger_transactions t WHERE t.user_id = u.id AND t.kind = 'deposit')
         AND NOT EXISTS (SELECT 1 FROM rg_block_at(u.id, $2)) AS eligible
       FROM users u WHERE u.id = $1`,
      [session.userId, new Date(deps.now())],
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
