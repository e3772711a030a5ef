/** Player protection's calls: limits, and the pause and self-exclusion (issue 31). */
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/rg'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { blockAt, setBlock, statusOf } from './blocks'
import { readLimits, setLimit } from './limits'

export function protectionRoutes(app: FastifyInstance, deps: Deps): void {
  registerCall(app, deps, contract.rgLimits, async ({ session }) => readLimits(deps.db, session.userId, deps.now()))
  registerCall(app, deps, contract.rgSetLimit, async ({ session, body, q }) => setLimit(q, session.userId, body.kind, body.period, body.value, deps.now()))
  registerCall(app, deps, contract.rgStatusCall, async ({ session }) => statusOf(await blockAt(deps.db, session.userId, deps.now())))
  registerCall(app, deps, contract.rgPause, async ({ session, body, q, ctx, afterCommit }) =>
    setBlock(deps, q, session.userId, { kind: 'pause', days: body.days }, ctx.locale, afterCommit),
  )
  registerCall(
    app,
    deps,
    contract.rgExclusion,
    async ({ session, body, q, ctx, afterCommit }) => setBlock(deps, q, session.userId, { kind: 'exclusion', months: body.months }, ctx.locale, afterCommit),
    {
      // The password is checked before the transaction (argon2 takes tens of milliseconds); a wrong one writes nothing.
      async prepare({ session, body }) {
        const r = await deps.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [session.userId])
        const hash = r.rows[0]?.password_hash ?? ''
        if (!(await deps.hasher.verify(hash, (body as { password: string }).password))) throw new AppError('RG_PASSWORD_WRONG')
        return null
      },
      async discard() {},
    },
  )
}
