import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { calls } from '../../shared/contract'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { registerCall } from '../http/route'
import { translate } from '../i18n/messages'
import { enforce } from './limits'
import { assertStrongPassword } from './passwordStrength'
import { hashToken, newToken } from './tokens'

/** Wrong codes allowed before the code dies and a new one must be sent. */
const MAX_CODE_ATTEMPTS = 5

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000)
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/**
 * The three steps: sendEmail mails a 6-digit code, checkEmail trades it for a chkId,
 * setPwd uses the chkId once. Unknown e-mails answer exactly as known ones do, so the
 * form cannot be used to learn who has an account.
 */
export function passwordResetRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, sessions, limiter, config, now } = deps

  registerCall(app, deps, calls.sendEmail, async ({ body, ctx, setMessage }) => {
    const at = now()
    const previous = await db.query<{ sent_at: Date }>('SELECT sent_at FROM password_resets WHERE email = $1', [body.email])
    const sentAt = previous.rows[0] ? new Date(previous.rows[0].sent_at).getTime() : 0
    const wait = sentAt + config.resetResendMs - at
    if (wait > 0) throw new AppError('RESEND_TOO_SOON', { time: mmss(wait), retryAfterSeconds: wait / 1000 })
    enforce(limiter, `sendEmail:ip:${ctx.ip}`, config.rateLimits.sendEmailPerIp)
    enforce(limiter, `sendEmail:account:${body.email}`, config.rateLimits.sendEmailPerAccount)

    const user = await db.query<{ id: bigint; is_test: boolean }>('SELECT id, is_test FROM users WHERE email = $1', [body.email])
    const userId = user.rows[0] && !user.rows[0].is_test ? user.rows[0].id : null
    const code = String(randomInt(1_000_000)).padStart(6, '0')
    await db.query(
      `INSERT INTO password_resets (email, user_id, code_hash, sent_at, expires_at, attempts, chk_hash, chk_expires_at)
       VALUES ($1, $2, $3, $4, $5, 0, NULL, NULL)
       ON CONFLICT (email) DO UPDATE SET user_id = EXCLUDED.user_id, code_hash = EXCLUDED.code_hash,
         sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, attempts = 0, chk_hash = NULL, chk_expires_at = NULL`,
      [body.email, userId, hashToken(`${body.email}:${code}`), new Date(at), new Date(at + config.resetCodeTtlMs)],
    )
    if (userId !== null) {
      await deps.mailer.send({
        to: body.email,
        subject: translate(ctx.locale, 'mail.resetSubject'),
        text: translate(ctx.locale, 'mail.resetBody', { code, minutes: Math.round(config.resetCodeTtlMs / 60_000) }),
      })
    }
    setMessage('messages.emailSent')
    return { wait: Math.round(config.resetResendMs / 1000) }
  })

  registerCall(app, deps, calls.checkEmail, async ({ body }) => {
    const at = now()
    const chkId = newToken()
    const matched = await db.tx(async (q) => {
      const r = await q.query<{ user_id: bigint | null; code_hash: string; expires_at: Date; attempts: number }>(
        'SELECT user_id, code_hash, expires_at, attempts FROM password_resets WHERE email = $1 FOR UPDATE',
        [body.email],
      )
      const row = r.rows[0]
      if (!row || !row.code_hash || row.user_id === null) return false
      if (new Date(row.expires_at).getTime() < at || row.attempts >= MAX_CODE_ATTEMPTS) return false
      if (row.code_hash !== hashToken(`${body.email}:${body.code}`)) {
        await q.query('UPDATE password_resets SET attempts = attempts + 1 WHERE email = $1', [body.email])
        return false
      }
      await q.query(
        `UPDATE password_resets SET code_hash = '', chk_hash = $2, chk_expires_at = $3 WHERE email = $1`,
        [body.email, hashToken(chkId), new Date(at + config.resetCheckTtlMs)],
      )
      return true
    })
    if (!matched) throw new AppError('RESET_CODE_INVALID')
    return chkId
  })

  registerCall(app, deps, calls.setPwd, async ({ body, ctx, setMessage }) => {
    enforce(limiter, `setPwd:ip:${ctx.ip}`, config.rateLimits.setPwdPerIp)
    // The chkId first: a guessed one must cost a lookup, never an argon2 hash.
    const chkHash = hashToken(body.chkId)
    const check = await db.query<{ email: string }>(
      'SELECT email FROM password_resets WHERE chk_hash = $1 AND chk_expires_at > $2 AND user_id IS NOT NULL',
      [chkHash, new Date(now())],
    )
    const email = check.rows[0]?.email
    if (email === undefined) throw new AppError('RESET_CHECK_EXPIRED')
    await assertStrongPassword(body.nPwd, [email])
    const passwordHash = await deps.hasher.hash(body.nPwd)
    const revoked = await db.tx(async (q) => {
      const r = await q.query<{ user_id: bigint }>(
        `DELETE FROM password_resets WHERE chk_hash = $1 AND chk_expires_at > $2 AND user_id IS NOT NULL RETURNING user_id`,
        [chkHash, new Date(now())],
      )
      const userId = r.rows[0]?.user_id
      if (userId === undefined) return null
      await q.query('UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [userId, passwordHash, new Date(now())])
      return sessions.revokeAll(q, userId)
    })
    if (!revoked) throw new AppError('RESET_CHECK_EXPIRED')
    for (const id of revoked) deps.realtime.disconnectSession(id)
    setMessage('messages.passwordChanged')
    return null
  })
}
