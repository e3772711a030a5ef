/**
 * Player protection: a pause (1, 7 or 30 days, one tap) or a self-exclusion (6 to 60 months, or
 * indefinite, asked with the password) a player sets on themselves (issue 31). Either takes effect
 * at once, can only be made longer, and is told by e-mail. While one is in force the player bets
 * nothing (wallet_bets reads rg_block_at), deposits, transfers and claims no reward
 * (assertNotBlocked); login, records and withdrawals stay open.
 */
import type { RgStatus } from '../../shared/contract/rg'
import type { Locale } from '../../shared/locales'
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'
import { AppError } from '../AppError'
import { formatInstant } from '../i18n/formatTime'
import { translate } from '../i18n/messages'

const DAY_MS = 86_400_000

interface Block {
  kind: 'pause' | 'exclusion'
  endsAt: Date | null
}

/** The pause or self-exclusion in force at `now` (rg_block_at), or null. */
export async function blockAt(q: Queryable, userId: bigint, now: number): Promise<Block | null> {
  const r = await q.query<{ kind: Block['kind']; ends_at: Date | null }>('SELECT kind, ends_at FROM rg_block_at($1, $2)', [userId, new Date(now)])
  const row = r.rows[0]
  return row ? { kind: row.kind, endsAt: row.ends_at ? new Date(row.ends_at) : null } : null
}

/** The refusal a block in force answers: its kind and when it ends. */
export function blockError(block: Block): AppError {
  if (block.kind === 'pause') return new AppError('RG_PAUSED', { until: block.endsAt })
  return block.endsAt ? new AppError('RG_EXCLUDED', { until: block.endsAt }) : new AppError('RG_EXCLUDED', {}, 'rgExcluded.indefinite')
}

/** Refuses what a paused or self-excluded player may not do (deposit, transfer, claim a reward). */
export async function assertNotBlocked(q: Queryable, userId: bigint, now: number): Promise<void> {
  const block = await blockAt(q, userId, now)
  if (block) throw blockError(block)
}

export function statusOf(block: Block | null): Pick<RgStatus, 'pausedUntil' | 'excludedUntil' | 'indefinite'> {
  return {
    pausedUntil: block?.kind === 'pause' && block.endsAt ? block.endsAt.getTime() : null,
    excludedUntil: block?.kind === 'exclusion' && block.endsAt ? block.endsAt.getTime() : null,
    indefinite: block?.kind === 'exclusion' && block.endsAt === null,
  }
}

/** Calendar months later, in São Paulo's days as UTC's (a day's end is the same instant of that day). */
function monthsLater(at: number, months: number): Date {
  const d = new Date(at)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d
}

/**
 * Sets a pause (`days`) or a self-exclusion (`months`, null: indefinite) from now, under the
 * player's row lock. Refused when it would end before the block in force (it can only be made
 * longer); the player is told by e-mail, in the language they asked in, after the commit.
 */
export async function setBlock(
  deps: Deps,
  q: Queryable,
  userId: bigint,
  want: { kind: 'pause'; days: number } | { kind: 'exclusion'; months: number | null },
  locale: Locale,
  afterCommit: (fn: () => Promise<void>) => void,
): Promise<void> {
  const now = deps.now()
  const user = (await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])).rows[0]
  if (!user) throw new AppError('LOGGED_OUT')
  const endsAt = want.kind === 'pause' ? new Date(now + want.days * DAY_MS) : want.months === null ? null : monthsLater(now, want.months)
  const current = await blockAt(q, userId, now)
  if (current && (current.endsAt === null || (endsAt !== null && endsAt <= current.endsAt))) throw new AppError('RG_BLOCK_SHORTER')
  await q.query('INSERT INTO rg_blocks (user_id, kind, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [userId, want.kind, new Date(now), endsAt])
  const block = { kind: want.kind, endsAt }
  afterCommit(() => tell(deps, user.email, locale, block))
}

/** The e-mail that tells the player what was set and until when. */
async function tell(deps: Deps, email: string, locale: Locale, block: Block): Promise<void> {
  const key = block.kind === 'pause' ? 'rgPause' : block.endsAt ? 'rgExclusion' : 'rgExclusionIndefinite'
  const until = block.endsAt ? formatInstant(block.endsAt, locale) : ''
  await deps.mailer.send({ to: email, subject: translate(locale, `mail.${key}Subject`), text: translate(locale, `mail.${key}Body`, { until }) })
}
