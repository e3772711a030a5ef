import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import { assertStrongPassword } from '../auth/passwordStrength'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { readWireBalance } from '../wallet/walletInfo'
import { testAccountOf } from './testAccounts'
import { loadUserInfo } from './userInfo'
import { one } from '../db/one'

/** An address with its last part hidden: 189.40.12.* (IPv4), 2804:14c:5b81:* (IPv6: the first three groups). */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip)
  if (v4) return `${v4[1]}.*`
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:*`
  return ''
}

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, sessions } = deps

  registerCall(app, deps, calls.userInfo, ({ session }) => loadUserInfo(db, session.userId, new Date(deps.now())))

  registerCall(app, deps, calls.getBalance, ({ session }) => readWireBalance(db, session.userId))

  registerCall(app, deps, calls.setHeader, async ({ session, params }) => {
    await db.query('UPDATE users SET header = $2 WHERE id = $1', [session.userId, params.index])
    deps.realtime.toUser(session.userId, 'updateUserInfo', { header: params.index })
    return { header: params.index }
  })

  registerCall(app, deps, calls.getUserTest, ({ session, ctx }) => testAccountOf(deps, session.userId, ctx.ip))

  registerCall(app, deps, calls.mySessions, async ({ session }) =>
    (await sessions.list(session.userId)).map((s) => ({
      device: s.device,
      ip: maskIp(s.ip),
      createdAt: s.createdAt.getTime(),
      lastSeenAt: s.lastSeenAt.getTime(),
      current: s.sessionId === BigInt(session.sessionId),
    })),
  )

  registerCall(app, deps, calls.logoutAll, async ({ session }) => {
    const revoked = await db.tx((q) => sessions.revokeAll(q, session.userId))
    for (const id of revoked) deps.realtime.disconnectSession(id)
    return null
  })

  registerCall(app, deps, calls.updatePwd, async ({ session, body, setMessage }) => {
    if (body.nPwd !== body.nPwd1) throw new AppError('PASSWORD_MISMATCH')
    const r = await db.query<{ password_hash: string; email: string; name: string }>('SELECT password_hash, email, name FROM users WHERE id = $1', [session.userId])
    const user = one(r.rows, 'the signed-in user')
    if (!(await deps.hasher.verify(user.password_hash, body.oPwd))) throw new AppError('OLD_PASSWORD_WRONG')
    await assertStrongPassword(body.nPwd, [user.email, user.name])
    const passwordHash = await deps.hasher.hash(body.nPwd)
    const revoked = await db.tx(async (q) => {
      // password_changed_at starts the 24 h in which withdrawals and transfers wait (kyc/identityChecks).
      await q.query('UPDATE users SET password_hash = $2, test_password = NULL, password_changed_at = $3 WHERE id = $1', [session.userId, passwordHash, new Date(deps.now())])
      return sessions.revokeAll(q, session.userId)
    })
    for (const id of revoked) deps.realtime.disconnectSession(id)
    setMessage('messages.passwordChanged')
    return null
  })
}
