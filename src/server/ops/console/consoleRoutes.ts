/**
 * The operators' console's own calls (issue 35): enrolment, the two-step login, the operators and
 * their roles, the audit trail. The console's work on players, payments, risk, notices and books
 * registers beside these through the same scope (opsRoute.ts).
 */
import type { FastifyInstance } from 'fastify'
import * as ops from '../../../shared/contract/opsConsole'
import type { Deps } from '../../deps'
import type { OddsFeed } from '../../sport/OddsFeed'
import { AppError } from '../../AppError'
import { registerCall } from '../../http/route'
import { one } from '../../db/one'
import { keptSecret, opsTokenOf, requireOpsToken } from '../opsToken'
import { writeAudit } from './audit'
import { auditCsv, auditPage } from './auditTrail'
import { enrolPathOf, OPERATOR_COLUMNS, Operators, type OperatorRow } from './operators'
import { opsScope } from './opsRoute'
import { opsCookieHeader, OpsSessions } from './opsSessions'
import { SecretBox } from './secretBox'
import { booksRoutes } from './books'
import { paymentsConsoleRoutes } from './paymentsConsole'
import { playersConsoleRoutes } from './playersConsole'
import { withdrawalReviewRoutes } from './withdrawalReview'
import { riskConsoleRoutes } from './riskConsole'
import type { NoticeBoard } from '../notices'

const view = (o: OperatorRow) => ({ operatorId: String(o.id), email: o.email, role: o.role, enrolled: o.enrolled_at !== null, suspended: o.suspended_at !== null, createdAt: new Date(o.created_at).getTime() })

/** What the console reads of domains built after it: the sportsbook's feed (null when it is off). */
interface ConsoleParts {
  sportFeed: () => OddsFeed | null
}

export async function opsConsoleRoutes(
  app: FastifyInstance,
  deps: Deps,
  notices: NoticeBoard,
  parts: ConsoleParts = { sportFeed: () => null },
): Promise<void> {
  const { config, db } = deps
  const sessions = new OpsSessions(db, config.opsConsole, deps.now)
  const key = keptSecret(config, config.opsConsole.secretKey, 'ops-secret-key')
  const operators = new Operators({ deps, sessions, box: key === null ? null : new SecretBox(key) })
  const secure = config.production
  const opsToken = opsTokenOf(deps)
  const me = (s: { operatorId: bigint; email: string; role: ops.OpsRole }) => ({ operatorId: String(s.operatorId), email: s.email, role: s.role })

  // The first admin, from the command line, with the ops token of whoever runs the server.
  registerCall(app, deps, ops.opsBootstrapAdmin, async ({ body, request, ctx }) => {
    requireOpsToken(deps, opsToken, request)
    return db.tx(async (q) => {
      const made = await operators.create(q, body.email, 'admin', null)
      await writeAudit(q, null, ctx.ip, new Date(deps.now()), { action: 'operator.create', target: `operator:${made.operatorId}`, reason: 'npm run ops -- create-admin', after: { email: body.email, role: 'admin' } })
      return { operatorId: String(made.operatorId), enrolPath: enrolPathOf(made.token) }
    })
  })

  await opsScope(app, deps, sessions, (route) => {
    route(ops.opsEnrolBegin, async ({ body }) => db.tx((q) => operators.enrolBegin(q, body.token, body.password)))

    route(ops.opsEnrolFinish, async ({ body, reply, ctx }) => {
      const { operatorId, recoveryCodes, token, row } = await db.tx(async (q) => {
        const done = await operators.enrolFinish(q, body.token, body.code)
        const row = one((await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1`, [done.operatorId])).rows, 'the operator enrolled')
        await writeAudit(q, done.operatorId, ctx.ip, new Date(deps.now()), { action: 'operator.enrol', target: `operator:${done.operatorId}` })
        return { ...done, row, token: await sessions.create(q, done.operatorId, 'full', ctx.ip) }
      })
      reply.header('set-cookie', opsCookieHeader(token, secure))
      return { recoveryCodes, me: me({ operatorId, email: row.email, role: row.role }) }
    })

    route(ops.opsLogin, async ({ body, reply, ctx }) => {
      const operatorId = await operators.checkPassword(body.email, body.password, ctx.ip)
      reply.header('set-cookie', opsCookieHeader(await sessions.create(db, operatorId, 'password', ctx.ip), secure))
      return { next: 'code' as const }
    })

    route(ops.opsCode, async ({ body, reply, ctx, operator }) => {
      if (!operator || operator.stage !== 'password') throw new AppError('OPS_LOGGED_OUT')
      // The password-stage session gives way to a new one (a new token at the new privilege).
      const { left, token } = await db.tx(async (q) => {
        const left = await operators.secondFactor(q, operator.operatorId, body)
        await sessions.revoke(q, operator.sessionId)
        await writeAudit(q, operator.operatorId, ctx.ip, new Date(deps.now()), { action: 'session.open', target: `operator:${operator.operatorId}`, after: { by: 'code' in body ? 'totp' : 'recovery code', recoveryLeft: left } })
        return { left, token: await sessions.create(q, operator.operatorId, 'full', ctx.ip) }
      })
      reply.header('set-cookie', opsCookieHeader(token, secure))
      return { me: me(operator), recoveryLeft: left }
    })

    route(ops.opsLogout, async ({ operator, reply }) => {
      await sessions.revoke(db, operator.sessionId)
      reply.header('set-cookie', opsCookieHeader(null, secure))
      return null
    })

    route(ops.opsMe, async ({ operator }) => me(operator))

    route(ops.opsOperators, async () => (await db.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY id`)).rows.map(view))

    route(ops.opsOperatorCreate, async ({ body, operator, audit }) =>
      db.tx(async (q) => {
        const made = await operators.create(q, body.email, body.role, operator.operatorId)
        await audit(q, { action: 'operator.create', target: `operator:${made.operatorId}`, reason: body.reason, after: { email: body.email, role: body.role } })
        return { operatorId: String(made.operatorId), enrolPath: enrolPathOf(made.token) }
      }),
    )

    route(ops.opsOperatorUpdate, async ({ params, body, operator, audit }) =>
      db.tx(async (q) => {
        const id = BigInt(params.operatorId)
        const before = (await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1 FOR UPDATE`, [id])).rows[0]
        if (!before) throw new AppError('NOT_FOUND')
        if (id === operator.operatorId && ((body.role && body.role !== 'admin') || body.suspended === true)) throw new AppError('OPS_SELF')
        if (body.role) await q.query('UPDATE operators SET role = $2 WHERE id = $1', [id, body.role])
        if (body.suspended !== undefined) await q.query('UPDATE operators SET suspended_at = $2 WHERE id = $1', [id, body.suspended ? new Date(deps.now()) : null])
        // A new role or a suspension takes effect at once: the operator's sessions close.
        if ((body.role && body.role !== before.role) || body.suspended === true) await sessions.revokeAll(q, id)
        const enrolToken = body.reenrol ? await operators.newEnrolment(q, id) : null
        const after = one((await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1`, [id])).rows, 'the operator updated')
        await audit(q, { action: 'operator.update', target: `operator:${id}`, reason: body.reason, before: view(before), after: { ...view(after), ...(body.reenrol ? { reenrol: true } : {}) } })
        return { operator: view(after), enrolPath: enrolToken === null ? null : enrolPathOf(enrolToken) }
      }),
    )

    route(ops.opsAudit, async ({ query }) => auditPage(db, query))
    route(ops.opsAuditCsv, async ({ query, reply, audit }) => {
      await audit(db, { action: 'audit.export', after: query })
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="ops-audit.csv"').send(await auditCsv(db, query))
    })

    withdrawalReviewRoutes(route, deps)
    playersConsoleRoutes(route, deps)
    riskConsoleRoutes(route, deps, notices)
    booksRoutes(route, deps, parts.sportFeed)
    paymentsConsoleRoutes(route, deps)
  })
}
