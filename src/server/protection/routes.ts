/** Player protection's calls: the limits page's reading and setting (issue 31). */
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/rg'
import type { Deps } from '../deps'
import { registerCall } from '../http/route'
import { readLimits, setLimit } from './limits'

export function protectionRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, contract.rgLimits, async ({ session }) => readLimits(deps.db, session.userId, deps.now()))
  registerCall(app, deps, contract.rgSetLimit, async ({ session, body, q }) => setLimit(q, session.userId, body.kind, body.period, body.value, deps.now()))
}
