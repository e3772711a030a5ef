import { centavosToReais } from '../../shared/money'
import type { RoundGameId } from '../../shared/games/rounds/types'
import type { Db } from '../db/connection'
import type { Realtime } from '../realtime/realtime'
import { readWireBalance } from '../wallet/walletInfo'
import type { LiveRound, RoundListener } from './RoundLoop'

type Log = { warn(o: object, msg?: string): void }

/** A player as the round's feed shows them: the public id with its middle hidden (12****89). */
export function maskedPlayer(uid: bigint | number | string): string {
  const s = String(uid)
  return s.length <= 4 ? `${s.slice(0, 1)}***` : `${s.slice(0, 2)}${'*'.repeat(s.length - 4)}${s.slice(-2)}`
}

/** Each choice's total on a round, as the socket and the state call show them. */
export async function roundTotals(db: Db, roundPk: bigint) {
  const r = await db.query<{ choice: string; amount: bigint; bets: bigint }>(
    'SELECT choice, sum(amount)::bigint AS amount, count(*)::bigint AS bets FROM round_bets WHERE round_pk = $1 GROUP BY choice ORDER BY choice',
    [roundPk],
  )
  return r.rows.map((t) => ({ choice: t.choice, amount: centavosToReais(BigInt(t.amount)), bets: Number(t.bets) }))
}

/**
 * The loops' events on the socket: a round's start, close and result to the game's room, and to
 * each player with a bet what the round paid and the balance after, once the draw has shown it.
 */
export function roundEvents(db: Db, realtime: () => Realtime, now: () => number, log: Log): RoundListener {
  const paid = async (game: RoundGameId, roundId: string, outcomes: { userId: bigint; stake: bigint; payout: bigint }[]) => {
    for (const o of outcomes) {
      const balance = await readWireBalance(db, o.userId)
      realtime().toUser(o.userId, 'round:settled', { game, roundId, stake: centavosToReais(o.stake), payout: centavosToReais(o.payout), ...balance })
    }
  }
  const later = (at: number, fn: () => Promise<void>) => {
    setTimeout(() => void fn().catch((err: unknown) => log.warn({ err }, 'round event failed')), Math.max(0, at - now())).unref()
  }
  return {
    started: (r: LiveRound) => {
      realtime().toGame(r.game, 'round:started', {
        game: r.game,
        roundId: r.roundId,
        previousHash: r.previousHash,
        bettingEndsAt: r.bettingEndsAt,
        drawEndsAt: r.drawEndsAt,
        nextAt: r.nextAt,
        serverTime: now(),
      })
    },
    settled: (r, outcomes) => {
      realtime().toGame(r.game, 'round:locked', { game: r.game, roundId: r.roundId })
      if (r.roll !== null && r.hash !== null) realtime().toGame(r.game, 'round:result', { game: r.game, roundId: r.roundId, roll: r.roll, hash: r.hash, at: now() })
      later(r.drawEndsAt, () => paid(r.game, r.roundId, outcomes))
    },
    voided: (game, roundId, outcomes) => {
      later(now(), () => paid(game, roundId, outcomes))
    },
    seedWanted: (game) => {
      realtime().toGame(game, 'round:seedWanted', { game })
    },
  }
}
