import { generateSecret, generateURI, verify } from 'otplib'
import type { OpsRole } from '../../../shared/contract/opsConsole'
import { enforce } from '../../auth/limits'
import { assertStrongPassword } from '../../auth/passwordStrength'
import { hashToken, newToken, randomCode, UNAMBIGUOUS } from '../../auth/tokens'
import type { Queryable } from '../../db/connection'
import type { Deps } from '../../deps'
import { AppError } from '../../AppError'
import type { SecretBox } from './secretBox'
import type { OpsSessions } from './opsSessions'

/** The issuer the authenticator app shows beside the operator's e-mail. */
const TOTP_ISSUER = 'Aposta Ops'
const RECOVERY_CODES = 10
/** The browser path of an enrolment link; the token travels in the fragment, which no server or proxy logs. */
export const enrolPathOf = (token: string) => `/ops/enrol#${token}`

export interface OperatorRow {
  id: bigint
  email: string
  role: OpsRole
  enrolled_at: Date | null
  suspended_at: Date | null
  created_at: Date
}
export const OPERATOR_COLUMNS = 'id, email, role, enrolled_at, suspended_at, created_at'

export interface OperatorsDeps {
  deps: Pick<Deps, 'db' | 'hasher' | 'limiter' | 'config' | 'now'>
  sessions: OpsSessions
  /** Null: production without OPS_SECRET_KEY, the console takes no login or enrolment. */
  box: SecretBox | null
}

/**
 * The operators' accounts: creation with a one-time enrolment link, enrolment (password, TOTP
 * secret, recovery codes), and the two-step login. Nothing here opens a full session without the
 * second factor.
 */
export class Operators {
  constructor(private readonly o: OperatorsDeps) {}

  private get box(): SecretBox {
    if (!this.o.box) throw new AppError('OPS_CLOSED')
    return this.o.box
  }

  private at(): Date {
    return new Date(this.o.deps.now())
  }

  /** A new operator (no password yet) and their enrolment link's token. */
  async create(q: Queryable, email: string, role: OpsRole, createdBy: bigint | null): Promise<{ operatorId: bigint; token: string }> {
    const r = await q.query<{ id: bigint }>('INSERT INTO operators (email, role, created_at, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id', [
      email.toLowerCase(),
      role,
      this.at(),
      createdBy,
    ])
    const row = r.rows[0]
    if (!row) throw new AppError('OPS_EMAIL_TAKEN')
    const operatorId = BigInt(row.id)
    return { operatorId, token: await this.newEnrolment(q, operatorId) }
  }

  /**
   * A fresh enrolment link (earlier ones no longer work). Re-enrolling an operator who had enrolled
   * clears their password and second factor and closes their sessions: they log in again only
   * once enrolled anew.
   */
  async newEnrolment(q: Queryable, operatorId: bigint): Promise<string> {
    const at = this.at()
    await q.query('UPDATE operator_enrolments SET used_at = $2 WHERE operator_id = $1 AND used_at IS NULL', [operatorId, at])
    await q.query('UPDATE operators SET password_hash = NULL, totp_sealed = NULL, enrolled_at = NULL WHERE id = $1', [operatorId])
    await q.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId])
    await this.o.sessions.revokeAll(q, operatorId)
    const token = newToken()
    await q.query('INSERT INTO operator_enrolments (token_hash, operator_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashToken(token),
      operatorId,
      at,
      new Date(at.getTime() + this.o.deps.config.opsConsole.enrolTtlMs),
    ])
    return token
  }

  /** The operator a live enrolment link stands for, locked; OPS_ENROL_INVALID otherwise. */
  private async enrolment(q: Queryable, token: string): Promise<{ id: bigint; email: string; totp_sealed: string | null; password_hash: string | null }> {
    const r = await q.query<{ id: bigint; email: string; totp_sealed: string | null; password_hash: string | null }>(
      `SELECT o.id, o.email, o.totp_sealed, o.password_hash FROM operator_enrolments e JOIN operators o ON o.id = e.operator_id
       WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > $2 AND o.suspended_at IS NULL FOR UPDATE OF o`,
      [hashToken(token), this.at()],
    )
    const row = r.rows[0]
    if (!row) throw new AppError('OPS_ENROL_INVALID')
    return { ...row, id: BigInt(row.id) }
  }

  /** Enrolment, step 1: sets the password and a new TOTP secret, answered once for the authenticator app. */
  async enrolBegin(q: Queryable, token: string, password: string): Promise<{ email: string; secret: string; uri: string }> {
    const box = this.box
    const op = await this.enrolment(q, token)
    await assertStrongPassword(password, [op.email])
    const secret = generateSecret()
    await q.query('UPDATE operators SET password_hash = $2, totp_sealed = $3, totp_last_step = 0 WHERE id = $1', [op.id, await this.o.deps.hasher.hash(password), box.seal(secret)])
    return { email: op.email, secret, uri: generateURI({ issuer: TOTP_ISSUER, label: op.email, secret }) }
  }

  /** Enrolment, step 2: a right code from the authenticator ends it; answers the recovery codes (shown once) and the operator. */
  async enrolFinish(q: Queryable, token: string, code: string): Promise<{ operatorId: bigint; recoveryCodes: string[] }> {
    const op = await this.enrolment(q, token)
    if (!op.totp_sealed || !op.password_hash) throw new AppError('OPS_ENROL_INVALID')
    await this.checkCode(q, op.id, op.totp_sealed, code)
    const at = this.at()
    await q.query('UPDATE operator_enrolments SET used_at = $2 WHERE token_hash = $1', [hashToken(token), at])
    await q.query('UPDATE operators SET enrolled_at = $2 WHERE id = $1', [op.id, at])
    const codes = Array.from({ length: RECOVERY_CODES }, () => `${randomCode(UNAMBIGUOUS, 5)}-${randomCode(UNAMBIGUOUS, 5)}`)
    for (const c of codes) await q.query('INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ($1, $2)', [op.id, hashToken(normalRecovery(c))])
    return { operatorId: op.id, recoveryCodes: codes }
  }

  /**
   * Login, step 1: answers the operator whose e-mail and password these are (enrolled, not
   * suspended), or OPS_BAD_CREDENTIALS, in the same time either way. Failures count per address
   * and per e-mail.
   */
  async checkPassword(email: string, password: string, ip: string): Promise<bigint> {
    // Closed (production without OPS_SECRET_KEY): no login, before any password is tried.
    if (!this.o.box) throw new AppError('OPS_CLOSED')
    const { limiter, config, hasher, db } = this.o.deps
    const ipKey = `opsLogin:ip:${ip}`
    const accountKey = `opsLogin:account:${email.toLowerCase()}`
    enforce(limiter, ipKey, config.rateLimits.opsLoginFailPerIp, false)
    enforce(limiter, accountKey, config.rateLimits.opsLoginFailPerAccount, false)
    const r = await db.query<{ id: bigint; password_hash: string | null }>('SELECT id, password_hash FROM operators WHERE email = $1 AND enrolled_at IS NOT NULL AND suspended_at IS NULL', [email.toLowerCase()])
    const row = r.rows[0]
    const ok = row?.password_hash ? await hasher.verify(row.password_hash, password) : (await hasher.dummyVerify(password), false)
    if (!ok || !row) {
      limiter.hit(ipKey, config.rateLimits.opsLoginFailPerIp)
      limiter.hit(accountKey, config.rateLimits.opsLoginFailPerAccount)
      throw new AppError('OPS_BAD_CREDENTIALS')
    }
    return BigInt(row.id)
  }

  /** Login, step 2: the authenticator's code, or a recovery code (used up). Answers the recovery codes left. */
  async secondFactor(q: Queryable, operatorId: bigint, given: { code: string } | { recoveryCode: string }): Promise<number> {
    const { limiter, config } = this.o.deps
    const key = `opsCode:${operatorId}`
    enforce(limiter, key, config.rateLimits.opsCodeFailPerAccount, false)
    try {
      if ('code' in given) {
        const r = await q.query<{ totp_sealed: string | null }>('SELECT totp_sealed FROM operators WHERE id = $1 AND enrolled_at IS NOT NULL FOR UPDATE', [operatorId])
        const sealed = r.rows[0]?.totp_sealed
        if (!sealed) throw new AppError('OPS_CODE_WRONG')
        await this.checkCode(q, operatorId, sealed, given.code)
      } else {
        const used = await q.query('UPDATE operator_recovery_codes SET used_at = $3 WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL', [operatorId, hashToken(normalRecovery(given.recoveryCode)), this.at()])
        if (used.rowCount !== 1) throw new AppError('OPS_CODE_WRONG')
      }
    } catch (err) {
      if (err instanceof AppError && err.errorName === 'OPS_CODE_WRONG') limiter.hit(key, config.rateLimits.opsCodeFailPerAccount)
      throw err
    }
    const left = await q.query<{ n: string }>('SELECT count(*) AS n FROM operator_recovery_codes WHERE operator_id = $1 AND used_at IS NULL', [operatorId])
    return Number(left.rows[0]?.n ?? 0)
  }

  /**
   * A TOTP code (RFC 6238: 30 s steps, six digits, SHA-1, as every authenticator app) within one
   * step of the server's clock, and of a later step than the last one accepted: a code is good once.
   */
  private async checkCode(q: Queryable, operatorId: bigint, sealed: string, code: string): Promise<void> {
    const secret = this.box.open(sealed)
    const result = await verify({ secret, token: code, epoch: Math.floor(this.o.deps.now() / 1000), epochTolerance: 30 })
    if (!result.valid) throw new AppError('OPS_CODE_WRONG')
    const step = (result as { timeStep: number }).timeStep
    const taken = await q.query('UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2', [operatorId, step])
    if (taken.rowCount !== 1) throw new AppError('OPS_CODE_WRONG')
  }
}

/** A recovery code as stored: upper case, no dash. */
const normalRecovery = (code: string) => code.replace('-', '').toUpperCase()
