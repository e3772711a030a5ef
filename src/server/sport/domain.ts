import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { sportFeedOf } from './feeds'
import type { OddsFeed } from './OddsFeed'
import { sportRoutes } from './routes'
import { SportPublisher } from './SportPublisher'
import { SportSettler } from './SportSettler'

/**
 * The sportsbook: its routes, the settler that pays finished matches and the publisher that pushes
 * prices to the matches' watchers. Answers the feed (null when SPORT_FEED is off), which the
 * realtime layer serves `sport:watch` from.
 */
export async function sportDomain(app: FastifyInstance, deps: Deps): Promise<OddsFeed | null> {
  const feed = await sportFeedOf(deps.config, deps.db, deps.now)
  const settler = feed && new SportSettler(deps, feed, app.log)
  sportRoutes(app, deps, feed && settler && { feed, settler })
  const publisher = feed && new SportPublisher(feed, () => deps.realtime, deps.config.sport.pushEveryMs, deps.now)
  app.addHook('onReady', async () => {
    settler?.start()
    publisher?.start()
  })
  app.addHook('onClose', async () => {
    settler?.stop()
    publisher?.stop()
  })
  return feed
}
