import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/rounds'
import { centavosToReais } from '../../shared/money'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import type { RoundGameId } from '../../shared/games/rounds/types'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { registerCall } from '../http/route'
import { dayOf } from '../wallet/days'
import type { Rounds } from './Rounds'
import { maskedPlayer, roundTotals } from './roundEvents'

interface RoundRow {
  round_id: string
  hash: string | null
  roll: number | null
  settled_at: Date
}
const settledView = (r: RoundRow) => ({ roundId: r.round_id, hash: r.hash, roll: r.roll === null ? null : Number(r.roll), settledAt: r.settled_at.getTime() })
const RECENT = `SELECT round_id, hash, roll, settled_at FROM rounds WHERE game = $1 AND phase IN ('settled', 'void') ORDER BY id DESC LIMIT $2`

export function roundRoutes(app: FastifyInstance, deps: Deps, rounds: Rounds): void {
  const { db } = deps
  const { minStake, maxStake } = deps.config.rounds

  registerCall(app, deps, contract.roundHistory, async ({ params, query }) => {
    const game = params.game as RoundGameId
    const chain = await db.query<{ terminating_hash: string; salt: string }>(
      'SELECT terminating_hash, salt FROM round_chains WHERE game = $1 ORDER BY used_up_at IS NULL DESC, id DESC LIMIT 1',
      [game],
    )
    const rows = await db.query<RoundRow>(RECENT, [game, query.limit ?? 20])
    const c = chain.rows[0]
    return { commitment: c ? { terminatingHash: c.terminating_hash, salt: c.salt } : null, rounds: rows.rows.map(settledView) }
  })

  registerCall(app, deps, contract.roundState, async ({ params }) => {
    const game = params.game as RoundGameId
    const live = await rounds.state(game)
    if (!live) return null
    const now = deps.now()
    const totals = await roundTotals(db, live.pk)
    const recent = await db.query<RoundRow>(RECENT, [game, 20])
    const revealed = now >= live.bettingEndsAt && live.roll !== null
    return {
      roundId: live.roundId,
      phase: now < live.bettingEndsAt ? ('betting' as const) : now < live.drawEndsAt ? ('spinning' as const) : ('result' as const),
      bettingEndsAt: live.bettingEndsAt,
      drawEndsAt: live.drawEndsAt,
      nextAt: live.nextAt,
      previousHash: live.previousHash,
      roll: revealed ? live.roll : null,
      hash: revealed ? live.hash : null,
      totals,
      recent: recent.rows.map(settledView),
      serverTime: now,
    }
  })

  registerCall(app, deps, contract.roundBet, async ({ params, body, session, q, afterCommit }) => {
    const game = params.game as RoundGameId
    if (!(ROUND_GAMES[game].rules.choices as readonly string[]).includes(body.choice)) throw new AppError('ROUND_NOT_OPEN')
    if (body.amount > maxStake) throw new AppError('ROUND_MAX_BET', { max: maxStake })
    if (body.amount < minStake) throw new AppError('STAKE_OUT_OF_RANGE', { min: minStake, max: maxStake })
    const at = new Date(deps.now())
    const r = await q.query<{ code: string; bet_id: bigint | null; balance: bigint | null; version: bigint | null }>(
      'SELECT code, bet_id, balance, version FROM round_bet($1, $2, $3, $4, $5, $6, $7, $8)',
      [session.userId, game, body.roundId, body.choice, body.amount, at, dayOf(at.getTime()), deps.config.wallet.bonusMaxStake],
    )
    const row = r.rows[0]
    if (!row || row.code === 'ROUND_CLOSED') throw new AppError('ROUND_NOT_OPEN')
    if (row.code === 'INSUFFICIENT_BALANCE') throw new AppError('INSUFFICIENT_BALANCE')
    if (row.code === 'BONUS_MAX_STAKE') throw new AppError('BONUS_MAX_STAKE', { max: deps.config.wallet.bonusMaxStake })
    if (row.code !== 'OK' || row.bet_id === null || row.balance === null || row.version === null) throw new Error(`round_bet answered ${row.code}`)
    const balance = centavosToReais(BigInt(row.balance))
    const balanceVersion = Number(row.version)
    afterCommit(async () => {
      deps.realtime.toUser(session.userId, 'insBalance', { balance, balanceVersion })
      const pk = (await db.query<{ id: bigint }>('SELECT id FROM rounds WHERE game = $1 AND round_id = $2', [game, body.roundId])).rows[0]?.id
      const uid = (await db.query<{ uid: bigint }>('SELECT uid FROM users WHERE id = $1', [session.userId])).rows[0]?.uid
      if (pk === undefined || uid === undefined) return
      const amount = centavosToReais(body.amount)
      deps.realtime.toGame(game, 'round:bet', { game, roundId: body.roundId, player: maskedPlayer(uid), choice: body.choice, amount, totals: await roundTotals(db, BigInt(pk)) })
    })
    return { betId: String(row.bet_id), roundId: body.roundId, choice: body.choice, amount: centavosToReais(body.amount), balance, balanceVersion }
  })
}
