import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { roundEvents } from './roundEvents'
import { Rounds } from './Rounds'
import { roundRoutes } from './routes'
import type { PlayerOutcome } from './settleRound'

/** The shared rounds (Double, Row Double, Lucky Color): their bets' routes and the loops that run them (answered for the readiness check). */
export const roundsDomain = (app: FastifyInstance, deps: Deps): Rounds => {
  const events = roundEvents(deps.db, () => deps.realtime, deps.now, app.log)
  // Each bet of a round settled or voided, counted once its transaction committed.
  const count = (game: string, outcomes: PlayerOutcome[]) => {
    for (const o of outcomes) for (const b of o.bets) deps.metrics.betSettled(game, b.stake, b.payout)
  }
  const rounds = new Rounds(deps.db, deps.config.rounds, {
    now: deps.now,
    log: app.log,
    wallet: deps.config.wallet,
    listener: {
      ...events,
      settled: (round, outcomes) => {
        count(round.game, outcomes)
        events.settled?.(round, outcomes)
      },
      voided: (game, roundId, outcomes) => {
        count(game, outcomes)
        events.voided?.(game, roundId, outcomes)
      },
    },
  })
  roundRoutes(app, deps, rounds)
  app.addHook('onReady', async () => rounds.start())
  app.addHook('onClose', async () => rounds.stop())
  return rounds
}
