import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'

/** What money-moving calls check about the user whose row they lock. */
export interface RealUser {
  lx: string
  /** 1: identity verified (name and CPF, see kyc/routes). */
  kyc: number
  /** The verified CPF (digits), '' before KYC. */
  cardNo: string
  /** The last password reset or change, if any. */
  passwordChangedAt: Date | null
}

/**
 * Locks the user's row for the rest of the transaction, so one user's money-moving requests run
 * one after another; refuses play money (test accounts never meet real money: no deposits,
 * withdrawals or transfers).
 * FOR NO KEY UPDATE, not FOR UPDATE: the idempotency key, the order and the transfer rows this
 * transaction (and its concurrent twins) insert take KEY SHARE locks on the user through their
 * foreign keys, and FOR UPDATE would deadlock against those on PostgreSQL.
 */
export async function lockRealUser(q: Queryable, userId: bigint): Promise<RealUser> {
  const r = await q.query<{ is_test: boolean; lx: string; kyc: number; card_no: string; password_changed_at: Date | null }>(
    'SELECT is_test, lx, kyc, card_no, password_changed_at FROM users WHERE id = $1 FOR NO KEY UPDATE',
    [userId],
  )
  const row = r.rows[0]
  if (!row) throw new AppError('LOGGED_OUT')
  if (row.is_test) throw new AppError('TEST_ACCOUNT_REFUSED')
  return { lx: row.lx, kyc: row.kyc, cardNo: row.card_no, passwordChangedAt: row.password_changed_at ? new Date(row.password_changed_at) : null }
}
