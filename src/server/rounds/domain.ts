import type { Domain } from '../domain'
import { roundEvents } from './roundEvents'
import { Rounds } from './Rounds'
import { roundRoutes } from './routes'

/** The shared rounds (Double, Row Double, Lucky Color): their bets' routes and the loops that run them. */
export const roundsDomain: Domain = (app, deps) => {
  const rounds = new Rounds(deps.db, deps.config.rounds, {
    now: deps.now,
    log: app.log,
    wallet: deps.config.wallet,
    listener: roundEvents(deps.db, () => deps.realtime, deps.now, app.log),
  })
  roundRoutes(app, deps, rounds)
  app.addHook('onReady', async () => rounds.start())
  app.addHook('onClose', async () => rounds.stop())
}
