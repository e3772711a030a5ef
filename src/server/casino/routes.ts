import type { FastifyInstance } from 'fastify'
import * as casino from '../../shared/contract/casino'
import type { Bet } from '../../shared/contract/casino'
import { wireToCentavos } from '../../shared/money'
import { diceMultiplier, diceTargetValid } from '../../shared/games/dice'
import { limboMultiplier, limboTargetValid } from '../../shared/games/limbo'
import { minesCountValid } from '../../shared/games/mines'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { registerCall } from '../http/route'
import { balanceOf, betView, BET_SELECT, cashOut, checkStake, loadBet, placeInstant, revealTile, startMines, type CasinoLimits } from './bets'
import { activeSeed, rotateSeed } from './seeds'
import { afterBetSettled } from '../wallet/nudges'
import { one } from '../db/one'

export function casinoRoutes(app: FastifyInstance, deps: Deps, limits: CasinoLimits): void {
  const { db } = deps
  /** Other tabs and devices of the player see the balance move too. */
  const pushBalance = (userId: bigint, bet: Bet) => deps.realtime.toUser(userId, 'insBalance', { balance: bet.balance, balanceVersion: bet.balanceVersion })
  /**
   * A settled bet: the new balance, and the low-balance and bonus-boost nudges (never failing the bet).
   * Awaited by the call, so whatever it pushes has left before the bet's reply: an event sent after
   * the reply arrives after them on the same socket (what tests wait on to show no nudge came).
   */
  const settled = async (userId: bigint, bet: Bet) => {
    pushBalance(userId, bet)
    const c = wireToCentavos
    const after = c(bet.balance)
    const balances = { balanceBefore: after - c(bet.payout) + c(bet.amount), balanceAfter: after, balanceVersion: bet.balanceVersion }
    await afterBetSettled(deps, userId, balances).catch((err: unknown) => app.log.warn({ err }, 'bet nudges failed'))
  }

  registerCall(app, deps, casino.getSeed, async ({ session }) => {
    const seed = await activeSeed(db, session.userId, new Date(deps.now()))
    return { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.nonce }
  })

  registerCall(app, deps, casino.rotateSeed, async ({ session, body }) =>
    db.tx((q) => rotateSeed(q, session.userId, body.clientSeed, new Date(deps.now()))),
  )

  registerCall(app, deps, casino.diceBet, async ({ session, body, afterCommit }) => {
    if (!diceTargetValid(body.target, body.condition)) throw new AppError('TARGET_OUT_OF_RANGE')
    checkStake(limits, body.amount, diceMultiplier(body.target, body.condition))
    const bet = await placeInstant(deps, session.userId, { game: 'dice', stake: body.amount, target: body.target, condition: body.condition })
    afterCommit(() => settled(session.userId, bet))
    return bet
  })

  registerCall(app, deps, casino.limboBet, async ({ session, body, afterCommit }) => {
    if (!limboTargetValid(body.target)) throw new AppError('TARGET_OUT_OF_RANGE')
    checkStake(limits, body.amount, limboMultiplier(body.target))
    const bet = await placeInstant(deps, session.userId, { game: 'limbo', stake: body.amount, target: body.target })
    afterCommit(() => settled(session.userId, bet))
    return bet
  })

  registerCall(app, deps, casino.minesStart, async ({ session, body, afterCommit }) => {
    if (!minesCountValid(body.mines)) throw new AppError('TARGET_OUT_OF_RANGE')
    checkStake(limits, body.amount, null)
    const bet = await startMines(deps, session.userId, body.amount, body.mines)
    afterCommit(() => pushBalance(session.userId, bet))
    return bet
  })

  registerCall(app, deps, casino.minesReveal, async ({ session, body, afterCommit }) => {
    const bet = await revealTile(deps, session.userId, body.tile, limits)
    if (bet.state !== 'active') afterCommit(() => settled(session.userId, bet))
    return bet
  })

  registerCall(app, deps, casino.minesCashout, async ({ session, afterCommit }) => {
    const bet = await cashOut(deps, session.userId, limits)
    afterCommit(() => settled(session.userId, bet))
    return bet
  })

  registerCall(app, deps, casino.minesActive, async ({ session }) => {
    const row = await loadBet(db, session.userId, `b.game = 'mines' AND b.state = 'active'`, [])
    return row ? betView(row, await balanceOf(db, session.userId)) : null
  })

  registerCall(app, deps, casino.casinoBets, async ({ session, query }) => {
    const page = query.page ?? 1
    const size = query.size ?? 20
    const filter = query.game ? 'AND b.game = $4' : ''
    const params: unknown[] = [session.userId, size, (page - 1) * size, ...(query.game ? [query.game] : [])]
    const rows = await db.query<Parameters<typeof betView>[0]>(`${BET_SELECT} WHERE b.user_id = $1 ${filter} ORDER BY b.id DESC LIMIT $2 OFFSET $3`, params)
    const total = await db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM casino_bets b WHERE b.user_id = $1 ${query.game ? 'AND b.game = $2' : ''}`, [session.userId, ...(query.game ? [query.game] : [])])
    const balance = await balanceOf(db, session.userId)
    return { records: rows.rows.map((r) => betView(r, balance)), total: Number(one(total.rows, 'count of casino_bets').n), page, size }
  })

  registerCall(app, deps, casino.casinoBet, async ({ session, params }) => {
    const row = await loadBet(db, session.userId, 'b.id = $2', [BigInt(params.betId)])
    if (!row) throw new AppError('NOT_FOUND')
    return betView(row, await balanceOf(db, session.userId))
  })
}
