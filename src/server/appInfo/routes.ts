import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'

/** appInfo: the public facts about this server the client shows before anyone logs in (demo mode's ribbon). */
export function appInfoRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, calls.appInfo, async () => ({ mode: deps.config.appMode }))
}
