import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { centavosToReais } from '../../shared/money'
import { createTodayWins } from './todayWins'

/** appInfo: the public facts about this server the client shows before anyone logs in (demo mode's ribbon). */
export function appInfoRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.appInfo, async () => {
    const j = deps.config.jurisdiction
    const br = j.code === 'BR'
    return { mode: deps.config.appMode, sport: deps.config.sport.feed, jurisdiction: j.code, selfExclusionUrl: br ? j.selfExclusionUrl : null, termsVersion: br ? j.termsVersion : null }
  })

  const wins = createTodayWins(deps.db, deps.now)
  registerCall(app, deps, calls.todayWins, async () => {
    const w = await wins.current()
    return { total: centavosToReais(w.total), perSecond: Math.round(w.perSecond) / 100 }
  })
}
