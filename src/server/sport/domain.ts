import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { buildSportFeed, type OddsApiParts } from './feeds'
import type { OddsFeed } from './OddsFeed'
import { sportRoutes } from './routes'
import { SportPublisher } from './SportPublisher'
import { SportSettler } from './SportSettler'

const ODDS_API = Symbol('oddsApi')

/** The Odds API's adapter and emulator of an app built with SPORT_FEED=theoddsapi (tests drive its poller and faults), else null. */
export const oddsApiOf = (app: FastifyInstance): OddsApiParts | null => (app as unknown as { [ODDS_API]?: OddsApiParts })[ODDS_API] ?? null

/**
 * The sportsbook: its routes, the settler that pays finished matches and the publisher that pushes
 * prices to the matches' watchers. Answers the feed (null when SPORT_FEED is off), which the
 * realtime layer serves `sport:watch` from. With The Odds API, its adapter polls from the moment
 * the server listens (in demo mode it reads the emulator on this very server) and stops before it closes.
 */
export async function sportDomain(app: FastifyInstance, deps: Deps): Promise<OddsFeed | null> {
  // This server's own address once it listens: the Odds API emulator lives on it in demo mode.
  const selfUrl = () => {
    const a = app.server.address()
    if (!a || typeof a === 'string') throw new Error('not listening')
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address
    return `http://${host}:${a.port}`
  }
  const built = await buildSportFeed(deps.config, deps.db, deps.now, { selfUrl, log: app.log })
  const feed = built?.feed ?? null
  const oddsApi = built?.oddsApi ?? null
  ;(app as unknown as { [ODDS_API]?: OddsApiParts })[ODDS_API] = oddsApi ?? undefined
  oddsApi?.emulator?.routes(app)
  const settler = feed && new SportSettler(deps, feed, app.log)
  sportRoutes(app, deps, feed && settler && { feed, settler })
  const publisher = feed && new SportPublisher(feed, () => deps.realtime, deps.config.sport.pushEveryMs, deps.now)
  app.addHook('onReady', async () => {
    settler?.start()
    publisher?.start()
  })
  app.addHook('onListen', async () => oddsApi?.feed.start())
  // The adapter may be calling this very server (the emulator): it stops before the server does.
  app.addHook('preClose', async () => oddsApi?.feed.stop())
  app.addHook('onClose', async () => {
    settler?.stop()
    publisher?.stop()
  })
  return feed
}
