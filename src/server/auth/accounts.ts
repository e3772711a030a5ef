import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { openUserAccounts } from '../wallet/ledger'
import { randomCode, UNAMBIGUOUS } from './tokens'

export interface NewUser {
  email: string
  /** Hash it before the transaction: argon2 takes ~20 ms and PGlite is one connection. */
  passwordHash: string
  /** Kept in clear only for test accounts, which hold play money. */
  testPassword?: string
  name?: string
  cardNo?: string
  country?: string
  phone?: string
  inviterId?: bigint | null
  isapp?: number
  isTest?: boolean
  /** The address the registration came from (kept with its time: Portaria SPA/MF 1.231/2024). */
  ip?: string
}

/** The public uId's range (8 to 10 digits, as the users_uid_range check says). */
const UID_MIN = 10_000_000
const UID_MAX = 9_999_999_999

/** A fresh public uId: random, so consecutive registrations tell nothing of each other or of the count. */
function drawPublicId(): number {
  return randomInt(UID_MIN, UID_MAX + 1)
}

/**
 * Creates the user row and its ledger accounts inside the caller's transaction; returns the
 * internal id (never sent to the client: the public one is users.uid).
 */
export async function createUser(deps: Deps, q: Queryable, user: NewUser): Promise<bigint> {
  for (let attempt = 0; ; attempt++) {
    const yqm = randomCode(UNAMBIGUOUS, 8)
    // A taken invitation code or uId makes the insert do nothing; the loop draws both again.
    const r = await q.query<{ id: bigint }>(
      `INSERT INTO users (email, password_hash, name, card_no, country, phone, yqm, inviter_id, isapp, is_test, test_password, created_at, uid, registered_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        user.email,
        user.passwordHash,
        user.name ?? '',
        user.cardNo ?? '',
        user.country ?? '',
        user.phone ?? '',
        yqm,
        user.inviterId ?? null,
        user.isapp ?? 0,
        user.isTest ?? false,
        user.isTest ? (user.testPassword ?? null) : null,
        new Date(deps.now()),
        drawPublicId(),
        user.ip ?? null,
      ],
    )
    if (r.rows[0]) {
      await openUserAccounts(q, r.rows[0].id)
      return r.rows[0].id
    }
    const taken = await q.query('SELECT 1 FROM users WHERE email = $1', [user.email])
    if (taken.rows.length) throw new AppError('EMAIL_TAKEN')
    if (attempt > 5) throw new Error('could not draw a free invitation code and uId')
  }
}

/** Normalises a phone prefix to '+NN' (empty stays empty). */
export function normalizeCountry(country: string | undefined): string {
  const digits = (country ?? '').replace(/\D/g, '')
  return digits ? `+${digits}` : ''
}
