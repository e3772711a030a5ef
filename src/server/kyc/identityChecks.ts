import { AppError } from '../AppError'
import type { RealUser } from '../wallet/players'

/**
 * Money in and out needs a verified identity: the server checks it, not only the client's
 * detour to the KYC form, so a scripted caller cannot deposit, withdraw or transfer without it.
 */
export function requireKyc(user: Pick<RealUser, 'kyc'>): void {
  if (user.kyc !== 1) throw new AppError('KYC_REQUIRED')
}

/**
 * Refuses a withdrawal or transfer within PASSWORD_CHANGE_HOLD_HOURS (24) of a password reset or change: whoever took over
 * a mailbox or a session and changed the password cannot take the money out at once, and the
 * owner has a day to notice. The message says the time left, rounded up to the minute.
 */
export function requireNoPasswordHold(user: Pick<RealUser, 'passwordChangedAt'>, now: number, holdMs: number): void {
  if (!user.passwordChangedAt || holdMs <= 0) return
  const left = user.passwordChangedAt.getTime() + holdMs - now
  if (left <= 0) return
  const minutes = Math.ceil(left / 60_000)
  throw new AppError('PASSWORD_CHANGE_HOLD', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
}
