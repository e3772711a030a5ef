import type { FastifyInstance, FastifyRequest } from 'fastify'
import { roleAllows, type OpsCallDef } from '../../../shared/contract/opsConsole'
import type { Deps } from '../../deps'
import { operatorKeys } from '../../http/idempotency'
import { registerCall, type HandlerInput, type ReplyData } from '../../http/route'
import { AppError } from '../../AppError'
import { writeAudit, type AuditEntry } from './audit'
import { opsCookieOf, type OpsSession, type OpsSessions } from './opsSessions'

export interface OpsInput<C extends OpsCallDef> extends HandlerInput<C> {
  /** The operator's session: at the 'full' stage on every call with a role; null on those without. */
  operator: C['role'] extends null ? OpsSession | null : OpsSession
  /** Writes a line of the audit trail as this operator, in `q` (the call's transaction when it has one). */
  audit(q: Parameters<typeof writeAudit>[0], entry: AuditEntry): Promise<void>
}

/** Registers one console call with its handler. */
export type OpsRouter = <C extends OpsCallDef>(call: C, handler: (input: OpsInput<C>) => Promise<ReplyData<C>>) => void

const sessionOf = new WeakMap<FastifyRequest, OpsSession | null>()

/**
 * The console's routes, in a scope of their own whose hook checks the session and the role before
 * anything else (a caller without a session learns nothing of a call's shape): no session, one
 * still at the password stage, or a player's token: OPS_LOGGED_OUT; a lower role: OPS_ROLE.
 */
export async function opsScope(app: FastifyInstance, deps: Deps, sessions: OpsSessions, register: (route: OpsRouter) => void): Promise<void> {
  await app.register(async (scope) => {
    const roles = new Map<string, OpsCallDef['role']>()
    scope.addHook('preHandler', async (request) => {
      const need = roles.get(`${request.method} ${request.routeOptions.url}`)
      if (need === undefined) return
      const session = await sessions.authenticate(opsCookieOf(request.headers.cookie))
      sessionOf.set(request, session)
      if (need === null) return
      if (!session || session.stage !== 'full') throw new AppError('OPS_LOGGED_OUT')
      if (!roleAllows(session.role, need)) throw new AppError('OPS_ROLE')
    })
    register((call, handler) => {
      roles.set(`${call.method} ${call.path}`, call.role)
      // A money call (idempotent) keeps its Idempotency-Key in the operator's own key space.
      const keyScope = (request: FastifyRequest) => {
        const operator = sessionOf.get(request)
        return operator ? operatorKeys(operator.operatorId) : null
      }
      registerCall(
        scope,
        deps,
        call,
        (input) => {
          const operator = sessionOf.get(input.request) ?? null
          const audit = (q: Parameters<typeof writeAudit>[0], entry: AuditEntry) => writeAudit(q, operator?.operatorId ?? null, input.ctx.ip, new Date(deps.now()), entry)
          return handler({ ...input, operator, audit } as OpsInput<typeof call>)
        },
        undefined,
        keyScope,
      )
    })
  })
}
