import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/rounds'
import { centavosToReais } from '../../shared/money'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import type { RoundGameId } from '../../shared/games/rounds/types'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall, registerKeyedCall } from '../http/route'
import { opsTokenOf, requireOpsToken } from '../ops/opsToken'
import { fixPublicSalt, fixSalt } from './RoundChain'
import type { Rounds } from './Rounds'
import { RoundPlay } from './RoundPlay'
import { maskedPlayer, roundTotals } from './roundEvents'

interface RoundRow {
  round_id: string
  hash: string | null
  roll: number | null
  settled_at: Date
}
const settledView = (r: RoundRow) => ({ roundId: r.round_id, hash: r.hash, roll: r.roll === null ? null : Number(r.roll), settledAt: r.settled_at.getTime() })
const RECENT = `SELECT round_id, hash, roll, settled_at FROM rounds WHERE game = $1 AND phase IN ('settled', 'void') ORDER BY id DESC LIMIT $2`

interface CommitmentRow {
  terminating_hash: string
  salt: string | null
  salt_method: 'server' | 'seeds' | 'public'
  salt_seeds: number | null
  salt_deadline: Date | null
  salt_source: string | null
  salt_inputs: string[] | null
  salt_fixed_at: Date | null
}
/** The commitment: the terminating hash, and the salt with how it was (or will be) made. */
const commitmentView = (c: CommitmentRow) => ({
  terminatingHash: c.terminating_hash,
  salt: c.salt,
  saltFrom: {
    method: c.salt_method,
    seeds: c.salt_seeds === null ? null : Number(c.salt_seeds),
    deadline: c.salt_deadline?.getTime() ?? null,
    source: c.salt_source,
    inputs: c.salt_inputs,
    fixedAt: c.salt_fixed_at?.getTime() ?? null,
  },
})
const LIVE_CHAIN = 'SELECT id, salt FROM round_chains WHERE game = $1 AND used_up_at IS NULL'

export function roundRoutes(app: FastifyInstance, deps: Deps, rounds: Rounds): void {
  const { db } = deps
  const { minStake, maxStake } = deps.config.rounds

  registerCall(app, deps, contract.roundHistory, async ({ params, query }) => {
    const game = params.game as RoundGameId
    const chain = await db.query<CommitmentRow>(
      `SELECT terminating_hash, salt, salt_method, salt_seeds, salt_deadline, salt_source, salt_inputs, salt_fixed_at
       FROM round_chains WHERE game = $1 ORDER BY used_up_at IS NULL DESC, id DESC LIMIT 1`,
      [game],
    )
    const rows = await db.query<RoundRow>(RECENT, [game, query.limit ?? 20])
    const c = chain.rows[0]
    return { commitment: c ? commitmentView(c) : null, rounds: rows.rows.map(settledView) }
  })

  registerCall(app, deps, contract.roundState, async ({ params }) => {
    const game = params.game as RoundGameId
    const live = await rounds.state(game)
    if (!live) return null
    const now = deps.now()
    const saltPending = (await db.query<{ salt: string | null }>(LIVE_CHAIN, [game])).rows[0]?.salt === null
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
      saltPending,
    }
  })

  // A player's seed toward the game's new chain's salt: counted while the salt waits for seeds
  // (the chain's row taken first, as fixSalt does: a seed is either in the salt or refused); the
  // last one wanted fixes it at once.
  registerCall(app, deps, contract.roundSeed, async ({ params, body, session }) => {
    const game = params.game as RoundGameId
    const at = new Date(deps.now())
    return db.tx(async (q) => {
      const chain = (
        await q.query<{ id: bigint; salt: string | null; salt_method: string; salt_seeds: number | null }>(
          `SELECT id, salt, salt_method, salt_seeds FROM round_chains WHERE game = $1 AND used_up_at IS NULL FOR UPDATE`,
          [game],
        )
      ).rows[0]
      if (!chain || chain.salt !== null || chain.salt_method !== 'seeds') throw new AppError('ROUND_SALT_FIXED')
      await q.query('INSERT INTO round_chain_seeds (chain_id, user_id, seed, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [chain.id, session.userId, body.seed, at])
      // A second seed of the same player: the first stands.
      const mine = (
        await q.query<{ seed: string; position: bigint }>(
          `SELECT seed, (SELECT count(*) FROM round_chain_seeds o WHERE o.chain_id = s.chain_id AND o.seq <= s.seq) AS position
           FROM round_chain_seeds s WHERE chain_id = $1 AND user_id = $2`,
          [chain.id, session.userId],
        )
      ).rows[0]
      if (!mine) throw new Error('a seed just stored is not there')
      if (Number(mine.position) > Number(chain.salt_seeds ?? 1)) throw new AppError('ROUND_SALT_FIXED')
      await fixSalt(q, BigInt(chain.id), at)
      return { seed: mine.seed, position: Number(mine.position) }
    })
  })

  // Operators: the public value a 'public' chain's commitment named, once it exists.
  const opsToken = opsTokenOf(deps)
  registerCall(app, deps, contract.opsRoundSalt, async ({ params, body, request }) => {
    requireOpsToken(deps, opsToken, request)
    const game = params.game as RoundGameId
    const chain = (await db.query<{ id: bigint }>(LIVE_CHAIN, [game])).rows[0]
    const salt = chain ? await fixPublicSalt(db, BigInt(chain.id), body.value, new Date(deps.now())) : null
    if (salt === null) throw new AppError('ROUND_SALT_FIXED')
    return { salt }
  })

  const play = new RoundPlay(db, deps.config.wallet, deps.config.rounds, (size) => deps.metrics.batch('rounds', size))
  registerKeyedCall(app, deps, contract.roundBet, async ({ params, body, session, key, hash, ctx }) => {
    const game = params.game as RoundGameId
    const call = { userId: session.userId, key, hash, locale: ctx.locale, at: new Date(deps.now()) }
    // Refusals decided here are stored under the key like the database's.
    const early = !(ROUND_GAMES[game].rules.choices as readonly string[]).includes(body.choice)
      ? new AppError('ROUND_NOT_OPEN')
      : body.amount > maxStake
        ? new AppError('ROUND_MAX_BET', { max: maxStake })
        : body.amount < minStake
          ? new AppError('STAKE_OUT_OF_RANGE', { min: minStake, max: maxStake })
          : null
    const played = early ? await play.refuse(call, early) : await play.bet(call, { game, roundId: body.roundId, choice: body.choice, stake: body.amount })
    const moved = played.moved
    if (moved) {
      deps.realtime.toUser(session.userId, 'insBalance', { balance: centavosToReais(moved.balance), balanceVersion: Number(moved.version) })
      void announceBet(game, body.roundId, session.userId, body.choice, body.amount).catch((err: unknown) => app.log.warn({ err }, 'round bet announce failed'))
    }
    return played
  })

  /** The bet on the room's feed: the player masked, and the round's totals after it. */
  async function announceBet(game: RoundGameId, roundId: string, userId: bigint, choice: string, stake: bigint): Promise<void> {
    const pk = (await db.query<{ id: bigint }>('SELECT id FROM rounds WHERE game = $1 AND round_id = $2', [game, roundId])).rows[0]?.id
    const uid = (await db.query<{ uid: bigint }>('SELECT uid FROM users WHERE id = $1', [userId])).rows[0]?.uid
    if (pk === undefined || uid === undefined) return
    deps.realtime.toGame(game, 'round:bet', { game, roundId, player: maskedPlayer(uid), choice, amount: centavosToReais(stake), totals: await roundTotals(db, BigInt(pk)) })
  }
}
