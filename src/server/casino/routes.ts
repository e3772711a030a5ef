import type { FastifyInstance } from 'fastify'
import * as casino from '../../shared/contract/casino'
import type { Locale } from '../../shared/locales'
import { centavosToReais } from '../../shared/money'
import { diceMultiplier, diceTargetValid } from '../../shared/games/dice'
import { limboMultiplier, limboTargetValid } from '../../shared/games/limbo'
import { minesCountValid } from '../../shared/games/mines'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall, registerKeyedCall } from '../http/route'
import type { Session } from '../auth/sessions'
import { balanceOf, betView, BET_SELECT, checkStake, loadBet, type CasinoLimits } from './bets'
import { CasinoPlay, type Played } from './CasinoPlay'
import { activeSeed, rotateSeed } from './seeds'
import { afterBetSettled } from '../wallet/nudges'
import { one } from '../db/one'
import type { Bet, RoundBetRecord } from '../../shared/contract/casino'
import { ROUND_GAME_IDS, type RoundGameId } from '../../shared/games/rounds/types'
import { roundBetsById, roundBetView } from '../rounds/roundBets'

export function casinoRoutes(app: FastifyInstance, deps: Deps, limits: CasinoLimits): void {
  const { db } = deps
  const play = new CasinoPlay(db, deps.config.wallet, limits, (size) => deps.metrics.batch('casino', size))
  const callOf = (session: Session, key: string, hash: string, locale: Locale) => ({ userId: session.userId, key, hash, locale, at: new Date(deps.now()) })
  /**
   * After a move that moved money: other tabs and devices of the player see the balance move, and
   * a settled bet may nudge (never failing the bet). Awaited before the reply, so whatever it
   * pushes has left before it: an event sent after the reply arrives after them on the same socket
   * (what tests wait on to show no nudge came).
   */
  const after = async (game: Bet['game'], userId: bigint, played: Played): Promise<Played> => {
    const moved = played.moved
    if (!moved) return played
    deps.realtime.toUser(userId, 'insBalance', { balance: centavosToReais(moved.balance), balanceVersion: Number(moved.version) })
    if (!moved.ended) return played
    deps.metrics.betSettled(game, moved.stake, moved.payout)
    const balances = { balanceBefore: moved.balance - moved.payout + moved.stake, balanceAfter: moved.balance, balanceVersion: Number(moved.version) }
    await afterBetSettled(deps, userId, balances, moved.facts).catch((err: unknown) => app.log.warn({ err }, 'bet nudges failed'))
    return played
  }
  /** A refusal decided before the database (limits, targets) is stored under the key like any other. */
  const guarded = async (game: Bet['game'], call: ReturnType<typeof callOf>, move: () => Promise<Played>): Promise<Played> => {
    try {
      return await after(game, call.userId, await move())
    } catch (err) {
      if (err instanceof AppError && err.errorName !== 'IDEMPOTENCY_KEY_REUSED') return play.refuse(call, err)
      throw err
    }
  }

  registerCall(app, deps, casino.getSeed, async ({ session }) => {
    const seed = await activeSeed(db, session.userId, new Date(deps.now()))
    return { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.nonce }
  })

  registerCall(app, deps, casino.rotateSeed, async ({ session, body }) => {
    const rotated = await db.tx((q) => rotateSeed(q, session.userId, body.clientSeed, new Date(deps.now())))
    play.forgetSeed(session.userId)
    return rotated
  })

  registerKeyedCall(app, deps, casino.diceBet, ({ session, body, key, hash, ctx }) => {
    const call = callOf(session, key, hash, ctx.locale)
    return guarded('dice', call, () => {
      if (!diceTargetValid(body.target, body.condition)) throw new AppError('TARGET_OUT_OF_RANGE')
      checkStake(limits, body.amount, diceMultiplier(body.target, body.condition))
      return play.instant(call, { game: 'dice', stake: body.amount, target: body.target, condition: body.condition })
    })
  })

  registerKeyedCall(app, deps, casino.limboBet, ({ session, body, key, hash, ctx }) => {
    const call = callOf(session, key, hash, ctx.locale)
    return guarded('limbo', call, () => {
      if (!limboTargetValid(body.target)) throw new AppError('TARGET_OUT_OF_RANGE')
      checkStake(limits, body.amount, limboMultiplier(body.target))
      return play.instant(call, { game: 'limbo', stake: body.amount, target: body.target })
    })
  })

  registerKeyedCall(app, deps, casino.minesStart, ({ session, body, key, hash, ctx }) => {
    const call = callOf(session, key, hash, ctx.locale)
    return guarded('mines', call, () => {
      if (!minesCountValid(body.mines)) throw new AppError('TARGET_OUT_OF_RANGE')
      checkStake(limits, body.amount, null)
      return play.startMines(call, body.amount, body.mines)
    })
  })

  registerKeyedCall(app, deps, casino.minesReveal, ({ session, body, key, hash, ctx }) => {
    const call = callOf(session, key, hash, ctx.locale)
    return guarded('mines', call, () => play.reveal(call, body.tile))
  })

  registerKeyedCall(app, deps, casino.minesCashout, ({ session, key, hash, ctx }) => {
    const call = callOf(session, key, hash, ctx.locale)
    return guarded('mines', call, () => play.cashOut(call))
  })

  registerCall(app, deps, casino.minesActive, async ({ session }) => {
    const row = await loadBet(db, session.userId, `b.game = 'mines' AND b.state = 'active'`, [])
    return row ? betView(row, await balanceOf(db, session.userId)) : null
  })

  registerCall(app, deps, casino.casinoBets, async ({ session, query }) => {
    const page = query.page ?? 1
    const size = query.size ?? 20
    const userId = session.userId
    // One page over both kinds of bet, newest first: the originals' and the shared rounds'.
    const sources = query.game === undefined ? ['casino', 'round'] : ROUND_GAME_IDS.includes(query.game as RoundGameId) ? ['round'] : ['casino']
    const union = (gameParam: string) =>
      sources
        .map((s) => `SELECT '${s}' AS src, id, created_at FROM ${s === 'casino' ? 'casino_bets' : 'round_bets'} WHERE user_id = $1 ${query.game ? `AND game = ${gameParam}` : ''}`)
        .join(' UNION ALL ')
    const pageRows = await db.query<{ src: 'casino' | 'round'; id: bigint; total: bigint }>(
      `SELECT src, id, count(*) OVER () AS total FROM (${union('$4')}) x ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size, ...(query.game ? [query.game] : [])],
    )
    let total = pageRows.rows[0] ? Number(pageRows.rows[0].total) : 0
    if (pageRows.rows.length === 0 && page > 1) {
      const counted = await db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM (${union('$2')}) x`, [userId, ...(query.game ? [query.game] : [])])
      total = Number(one(counted.rows, 'count of bets').n)
    }
    const ids = (src: string) => pageRows.rows.filter((r) => r.src === src).map((r) => BigInt(r.id))
    const casinoIds = ids('casino')
    const casinoRows = casinoIds.length ? (await db.query<Parameters<typeof betView>[0]>(`${BET_SELECT} WHERE b.user_id = $1 AND b.id = ANY($2::bigint[])`, [userId, casinoIds])).rows : []
    const roundRows = await roundBetsById(db, userId, ids('round'))
    const balance = await balanceOf(db, userId)
    const byKey = new Map<string, Bet | RoundBetRecord>()
    for (const r of casinoRows) byKey.set(`casino:${r.id}`, betView(r, balance))
    for (const r of roundRows) byKey.set(`round:${r.id}`, roundBetView(r))
    const records = pageRows.rows.map((r) => byKey.get(`${r.src}:${r.id}`)).filter((r): r is Bet | RoundBetRecord => r !== undefined)
    return { records, total, page, size }
  })

  registerCall(app, deps, casino.casinoBet, async ({ session, params }) => {
    const row = await loadBet(db, session.userId, 'b.id = $2', [BigInt(params.betId)])
    if (!row) throw new AppError('NOT_FOUND')
    return betView(row, await balanceOf(db, session.userId))
  })
}
