/**
 * Harm markers (issue 31): computed once a day for the São Paulo day before (rg_mark_day, over the
 * week that ends with it) and kept in rg_markers for the operators' tools. A player with a marker
 * in the last week sees a gentle message on the responsible-gaming page; nothing is blocked.
 */
import type { Queryable } from '../db/connection'
import { dayOf } from '../wallet/days'

const DAY_MS = 86_400_000

/** Computes yesterday's markers unless done already; answers the rows written, or null when there was nothing to do. */
export async function markYesterday(q: Queryable, now: number): Promise<number | null> {
  const day = dayOf(now - DAY_MS)
  const done = await q.query('SELECT 1 FROM rg_marked_days WHERE day = $1', [day])
  if (done.rows.length) return null
  const r = await q.query<{ n: number }>('SELECT rg_mark_day($1::date) AS n', [day])
  return Number(r.rows[0]?.n ?? 0)
}

/** Whether a player has a marker computed in the week before `now` (the page's gentle message). */
export async function hasRecentMarker(q: Queryable, userId: bigint, now: number): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM rg_markers WHERE user_id = $1 AND day >= $2 LIMIT 1', [userId, dayOf(now - 7 * DAY_MS)])
  return r.rows.length > 0
}
