/** Player protection's calls: limits, the reality check, and the pause and self-exclusion (issue 31). */
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/rg'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { setBlock } from './blocks'
import { readLimits, setLimit } from './limits'
import { readStatement, statementCsv } from './statement'
import { isBrazil } from './brazil'
import { answerRealityCheck, readStatus, setRealityMinutes, type StatusRules } from './status'

export function protectionRoutes(app: FastifyInstance, deps: Deps): void {
  const minute: StatusRules = { minuteMs: deps.config.wallet.realityMinuteMs, termsVersion: isBrazil(deps.config) ? deps.config.jurisdiction.termsVersion : null }
  registerCall(app, deps, contract.rgLimits, async ({ session }) => readLimits(deps.db, session.userId, deps.now()))
  registerCall(app, deps, contract.rgSetLimit, async ({ session, body, q }) => setLimit(q, session.userId, body.kind, body.period, body.value, deps.now()))
  registerCall(app, deps, contract.rgStatusCall, async ({ session }) => readStatus(deps.db, session.userId, deps.now(), minute))
  registerCall(app, deps, contract.rgSetRealityCheck, async ({ session, body, q }) => setRealityMinutes(q, session.userId, body.minutes, deps.now(), minute))
  registerCall(app, deps, contract.rgAnswerRealityCheck, async ({ session, q }) => answerRealityCheck(q, session.userId, deps.now(), minute))
  registerCall(app, deps, contract.rgStatement, async ({ session, query, ctx, reply }) => {
    const statement = await readStatement(deps.db, session.userId, query.month)
    if (query.format !== 'csv') return statement
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="statement-${query.month}.csv"`)
    await reply.send(statementCsv(statement, ctx.locale))
    return statement
  })
  registerCall(app, deps, contract.rgAcceptTerms, async ({ session, body }) => {
    const current = deps.config.jurisdiction.termsVersion
    if (body.version !== current) throw new AppError('TERMS_VERSION_STALE', { version: current })
    await deps.db.query('UPDATE users SET terms_version = $2, terms_accepted_at = $3 WHERE id = $1', [session.userId, current, new Date(deps.now())])
    return null
  })
  registerCall(app, deps, contract.rgPause, async ({ session, body, q, ctx, afterCommit }) => {
    await setBlock(deps, q, session.userId, { kind: 'pause', days: body.days }, ctx.locale, afterCommit)
    return readStatus(q, session.userId, deps.now(), minute)
  })
  registerCall(
    app,
    deps,
    contract.rgExclusion,
    async ({ session, body, q, ctx, afterCommit }) => {
      await setBlock(deps, q, session.userId, { kind: 'exclusion', months: body.months }, ctx.locale, afterCommit)
      return readStatus(q, session.userId, deps.now(), minute)
    },
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
