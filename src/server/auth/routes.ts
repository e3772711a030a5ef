import { announceReferee } from '../loyalty/referral/commissions'
import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { createUser, normalizeCountry } from './accounts'
import { deviceLabel } from './deviceLabel'
import { enforce } from './limits'
import { assertStrongPassword } from './passwordStrength'

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const { sessions, captcha, limiter, hasher, db, config } = deps
  const limits = config.rateLimits

  registerCall(app, deps, calls.captcha, async ({ params, ctx, reply }) => {
    enforce(limiter, `captcha:ip:${ctx.ip}`, limits.captchaPerIp)
    const png = await captcha.issue(params.codeId, ctx.ip)
    reply.header('cache-control', 'no-store').type('image/png').send(png)
  })

  registerCall(app, deps, calls.restLogin, async ({ body, ctx }) => {
    // Failures count per (account, address), so a guesser elsewhere never locks the owner out,
    // plus a per-account ceiling that only a spread-out attack reaches. No per-address cap: a
    // whole office or carrier NAT shares one address.
    const pairKey = `login-fail:pair:${body.username}:${ctx.ip}`
    const accountKey = `login-fail:account:${body.username}`
    enforce(limiter, pairKey, limits.loginFailPerAccountIp, false)
    enforce(limiter, accountKey, limits.loginFailPerAccount, false)
    if (!(await captcha.verify(body.codeId, ctx.ip, body.captCode))) throw new AppError('CAPTCHA_INVALID')
    const r = await db.query<{ id: bigint; password_hash: string; disabled_at: Date | null }>('SELECT id, password_hash, disabled_at FROM users WHERE email = $1', [
      body.username,
    ])
    const user = r.rows[0]
    const ok = user ? await hasher.verify(user.password_hash, body.pwd) : (await hasher.dummyVerify(body.pwd), false)
    if (!user || !ok) {
      limiter.hit(pairKey, limits.loginFailPerAccountIp)
      limiter.hit(accountKey, limits.loginFailPerAccount)
      throw new AppError('BAD_CREDENTIALS')
    }
    // A suspended account (by an operator) is told so, only once its password was right.
    if (user.disabled_at) throw new AppError('ACCOUNT_SUSPENDED')
    // The ceiling is not reset: the owner getting in does not wipe a distributed attack's count.
    limiter.reset(pairKey)
    const token = await db.tx((q) => sessions.create(q, user.id, ctx.deviceId, ctx.ip, deviceLabel(ctx.userAgent)))
    return { access_token: token }
  })

  registerCall(app, deps, calls.restRegister, async ({ body, ctx }) => {
    enforce(limiter, `register:ip:${ctx.ip}`, limits.registerPerIp)
    if (!(await captcha.verify(body.codeId, ctx.ip, body.captCode))) throw new AppError('CAPTCHA_INVALID')
    if (body.pwd1 !== undefined && body.pwd1 !== '' && body.pwd1 !== body.pwd) throw new AppError('PASSWORD_MISMATCH')
    let inviterId: bigint | null = null
    const regcode = body.regcode?.trim().toUpperCase()
    if (regcode) {
      const inviter = await db.query<{ id: bigint }>('SELECT id FROM users WHERE yqm = $1', [regcode])
      if (!inviter.rows[0]) throw new AppError('REGCODE_UNKNOWN')
      inviterId = inviter.rows[0].id
    }
    await assertStrongPassword(body.pwd, [body.username, body.name ?? ''])
    const passwordHash = await hasher.hash(body.pwd)
    const token = await db.tx(async (q) => {
      const userId = await createUser(deps, q, {
        email: body.username,
        passwordHash,
        name: body.name?.trim(),
        cardNo: body.cardNo?.trim(),
        country: normalizeCountry(body.country),
        phone: body.phone?.replace(/\D/g, ''),
        inviterId,
        isapp: body.isapp ?? 0,
        ip: ctx.ip,
      })
      return sessions.create(q, userId, ctx.deviceId, ctx.ip, deviceLabel(ctx.userAgent))
    })
    if (inviterId !== null) void announceReferee(deps, BigInt(inviterId)).catch(() => undefined)
    return { access_token: token }
  })

  registerCall(app, deps, calls.logout, async ({ session }) => {
    await sessions.revoke(session.sessionId)
    deps.realtime.disconnectSession(session.sessionId)
    return null
  })
}
