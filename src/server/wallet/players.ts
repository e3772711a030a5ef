import type { Queryable } from '../db/connection'
import { AppError } from '../http/AppError'

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

/**
 * The withdrawal lock of unsettled games (getWithdraw's `lock`, the spec's 'Sua fatura do jogo
 * está sendo gerada'): a game that takes a stake it settles later holds a lock under its own
 * reference, in the same transaction as the stake, and releases it with the settlement.
 */
export async function holdWithdrawals(q: Queryable, userId: bigint, ref: string, at: Date): Promise<void> {
  await q.query('INSERT INTO open_game_locks (user_id, ref, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, ref, at])
}

export async function releaseWithdrawals(q: Queryable, userId: bigint, ref: string): Promise<void> {
  await q.query('DELETE FROM open_game_locks WHERE user_id = $1 AND ref = $2', [userId, ref])
}
