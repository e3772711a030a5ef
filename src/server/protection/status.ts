/**
 * The responsible-gaming status a player's app reads (issue 31): the pause or self-exclusion in
 * force, the play session and its reality check (kept by the server, so a reload does not skip
 * one), and what is left of today's time limit. A session is SQL's play_session_at (it ends after
 * play_idle_gap() without a stake), its stakes and returns play_sums, the time limit's room rg_room;
 * when the next check is due is realityAt's, here.
 */
import { RG_REALITY_MINUTES, type RgStatus } from '../../shared/contract/rg'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { blockAt, statusOf } from './blocks'
import { hasRecentMarker } from './markers'

const DEFAULT_MINUTES: (typeof RG_REALITY_MINUTES)[number] = 60

interface Reality {
  minutes: number
  sessionStartedAt: number | null
  /** When this session's next check is due (ms), or null: not playing. */
  nextCheckAt: number | null
}

/**
 * The reality check, its one home: in a session (play_session_at), a check is due `minutes` (15,
 * 30 or 60; 60 by default) after the player's last answer in this session, or after the session's
 * start. `minuteMs` is 60 s but in browser tests (REALITY_CHECK_MINUTE_SECONDS).
 */
async function realityAt(q: Queryable, userId: bigint, now: number, minuteMs: number): Promise<Reality> {
  const session = (await q.query<{ started_at: Date }>('SELECT started_at FROM play_session_at($1, $2)', [userId, new Date(now)])).rows[0]
  const row = (await q.query<{ minutes: number; session_started_at: Date | null; answered_at: Date | null }>('SELECT minutes, session_started_at, answered_at FROM rg_reality WHERE user_id = $1', [userId])).rows[0]
  const minutes = row?.minutes ?? DEFAULT_MINUTES
  if (!session) return { minutes, sessionStartedAt: null, nextCheckAt: null }
  const started = new Date(session.started_at).getTime()
  const answered = row?.answered_at && row.session_started_at && new Date(row.session_started_at).getTime() === started ? new Date(row.answered_at).getTime() : null
  return { minutes, sessionStartedAt: started, nextCheckAt: (answered ?? started) + minutes * minuteMs }
}

/** What the status depends on beside the player: a reality check's minute (ms), and the terms' current version in the BR profile (null elsewhere). */
export interface StatusRules {
  minuteMs: number
  termsVersion: string | null
}

export async function readStatus(q: Queryable, userId: bigint, now: number, rules: StatusRules): Promise<RgStatus> {
  const { minuteMs } = rules
  // One after another: q may be the call's transaction.
  const block = await blockAt(q, userId, now)
  const reality = await realityAt(q, userId, now, minuteMs)
  const time = await q.query<{ room: bigint }>("SELECT room FROM rg_room($1, $2) WHERE kind = 'time'", [userId, new Date(now)])
  let session: RgStatus['session'] = null
  if (reality.sessionStartedAt !== null) {
    const sums = await q.query<{ staked: bigint; returned: bigint }>(
      'SELECT COALESCE(sum(staked), 0)::bigint AS staked, COALESCE(sum(returned), 0)::bigint AS returned FROM play_sums($1, $2, $3)',
      [userId, new Date(reality.sessionStartedAt), new Date(now + 1)],
    )
    const staked = BigInt(sums.rows[0]?.staked ?? 0n)
    const returned = BigInt(sums.rows[0]?.returned ?? 0n)
    session = { minutes: Math.floor((now - reality.sessionStartedAt) / 60_000), staked: centavosToReais(staked), net: centavosToReais(returned - staked) }
  }
  const room = time.rows[0]?.room
  const accepted = rules.termsVersion === null || (await q.query<{ terms_version: string | null }>('SELECT terms_version FROM users WHERE id = $1', [userId])).rows[0]?.terms_version === rules.termsVersion
  return {
    ...statusOf(block),
    realityCheckMinutes: reality.minutes,
    sessionStartedAt: reality.sessionStartedAt,
    nextRealityCheckAt: reality.nextCheckAt,
    session,
    timeLeftMinutes: room === undefined ? null : Math.max(Math.ceil(Number(room) / 60), 0),
    now,
    termsAccepted: accepted,
    care: await hasRecentMarker(q, userId, now),
  }
}

/** Picks the reality check's interval (15, 30 or 60 minutes); the session's next check follows it. */
export async function setRealityMinutes(q: Queryable, userId: bigint, minutes: number, now: number, rules: StatusRules): Promise<RgStatus> {
  await q.query('INSERT INTO rg_reality (user_id, minutes) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET minutes = EXCLUDED.minutes', [userId, minutes])
  return readStatus(q, userId, now, rules)
}

/**
 * The player answered the reality check due now: the next is due an interval from now. Refused
 * when none is due (no session, or its check still ahead), so checks cannot be pushed away early.
 */
export async function answerRealityCheck(q: Queryable, userId: bigint, now: number, rules: StatusRules): Promise<RgStatus> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
  const due = await realityAt(q, userId, now, rules.minuteMs)
  if (due.nextCheckAt === null || due.nextCheckAt > now) throw new AppError('RG_NO_REALITY_CHECK')
  await q.query(
    `INSERT INTO rg_reality (user_id, minutes, session_started_at, answered_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET session_started_at = EXCLUDED.session_started_at, answered_at = EXCLUDED.answered_at`,
    [userId, due.minutes, new Date(due.sessionStartedAt as number), new Date(now)],
  )
  return readStatus(q, userId, now, rules)
}
