import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { roundEvents } from './roundEvents'
import { Rounds } from './Rounds'
import { roundRoutes } from './routes'

/** The shared rounds (Double, Row Double, Lucky Color): their bets' routes and the loops that run them (answered for the readiness check). */
export const roundsDomain = (app: FastifyInstance, deps: Deps): Rounds => {
  const rounds = new Rounds(deps.db, deps.config.rounds, {
    now: deps.now,
    log: app.log,
    wallet: deps.config.wallet,
    listener: roundEvents(deps.db, () => deps.realtime, deps.now, app.log),
  })
  roundRoutes(app, deps, rounds)
  app.addHook('onReady', async () => rounds.start())
  app.addHook('onClose', async () => rounds.stop())
  return rounds
}
