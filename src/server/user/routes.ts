import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import { centavosToReais } from '../../shared/money'
import { createUser } from '../auth/accounts'
import { enforce } from '../auth/limits'
import { DIGITS, randomCode, UNAMBIGUOUS } from '../auth/tokens'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { registerCall } from '../http/route'
import { post, systemAccountId, userAccountId } from '../wallet/ledger'
import { loadUserInfo, wireBalance } from './userInfo'

/** Play money a new test account starts with: 1000.00 reais. */
const TEST_ACCOUNT_FUNDS = 100_000n
/** A reserved top-level domain: test accounts can never receive mail. */
const TEST_DOMAIN = 'demo.aposta.test'

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, sessions } = deps

  registerCall(app, deps, calls.userInfo, ({ session }) => loadUserInfo(db, session.userId))

  registerCall(app, deps, calls.getBalance, async ({ session }) => ({ balance: await wireBalance(db, session.userId) }))

  registerCall(app, deps, calls.setHeader, async ({ session, params }) => {
    await db.query('UPDATE users SET header = $2 WHERE id = $1', [session.userId, params.index])
    deps.realtime.toUser(session.userId, 'updateUserInfo', { header: params.index })
    return { header: params.index }
  })

  registerCall(app, deps, calls.getUserTest, async ({ ctx }) => {
    enforce(deps.limiter, `testAccount:ip:${ctx.ip}`, deps.config.rateLimits.testAccountPerIp)
    const pwd = randomCode(UNAMBIGUOUS.toLowerCase() + DIGITS.slice(2), 10)
    const passwordHash = await deps.hasher.hash(pwd)
    const username = await db.tx(async (q) => {
      const email = `demo${randomCode(DIGITS, 8)}@${TEST_DOMAIN}`
      const userId = await createUser(deps, q, { email, passwordHash, testPassword: pwd, isTest: true })
      const playMoney = await systemAccountId(q, 'play_money')
      const cash = await userAccountId(q, userId, 'cash')
      await post(
        q,
        {
          kind: 'test_funding',
          userId,
          entries: [
            { accountId: playMoney, amount: -TEST_ACCOUNT_FUNDS },
            { accountId: cash, amount: TEST_ACCOUNT_FUNDS },
          ],
        },
        new Date(deps.now()),
      )
      return email
    })
    return { username, pwd, balance: centavosToReais(TEST_ACCOUNT_FUNDS) }
  })

  registerCall(app, deps, calls.updatePwd, async ({ session, body, setMessage }) => {
    if (body.nPwd !== body.nPwd1) throw new AppError('PASSWORD_MISMATCH')
    const r = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [session.userId])
    if (!(await deps.hasher.verify(r.rows[0]!.password_hash, body.oPwd))) throw new AppError('OLD_PASSWORD_WRONG')
    const passwordHash = await deps.hasher.hash(body.nPwd)
    const revoked = await db.tx(async (q) => {
      await q.query('UPDATE users SET password_hash = $2, test_password = NULL WHERE id = $1', [session.userId, passwordHash])
      return sessions.revokeAll(q, session.userId)
    })
    for (const id of revoked) deps.realtime.disconnectSession(id)
    setMessage('messages.passwordChanged')
    return null
  })
}
