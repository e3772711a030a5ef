import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { markYesterday } from '../protection/markers'
import { dayOf } from '../wallet/days'
import { runPeriodically } from './periodic'

const DAY_MS = 86_400_000

/** An Idempotency-Key is answered from its stored reply for this long; a client retries within minutes. */
const IDEMPOTENCY_KEEP_MS = 7 * DAY_MS

/**
 * A provider's webhook events are kept this long after their order closed: long enough for any
 * redelivery, and for the PIX refund window (MED, up to 80 days) in which a payment may be disputed.
 * A redelivered event after that still credits nothing twice, nor is it returned to its payer as a
 * second payment: every credited end-to-end id stays in credited_payments, which is never purged.
 */
const PAYMENT_EVENT_KEEP_MS = 90 * DAY_MS

export interface Purged {
  sessions: number
  idempotencyKeys: number
  passwordResets: number
  captchas: number
  paymentEvents: number
  playDays: number
  providerSessions: number
}

/**
 * Deletes what has outlived its use, each kind in its own statement (short locks, and one kind
 * failing leaves the others done):
 * - sessions that can no longer sign anyone in: revoked, past their expiry, or idle too long;
 * - idempotency keys older than 7 days;
 * - password resets whose code and check have both expired;
 * - captchas past their expiry;
 * - payment events 90 days after their order closed (or received 90 days ago with no order);
 * - the running totals of days before yesterday (only today's is ever read: the bonus boost's);
 * - provider sessions closed or expired longer ago than the settlement window (no win is taken
 *   under them any more), unless a bet placed under one is still open: a rollback may still come
 *   to return its stake, and it needs the session's token.
 */
export async function purgeExpired(db: Db, config: Pick<Config, 'sessionIdleMs' | 'providerSettleMs'>, nowMs: number): Promise<Purged> {
  const now = new Date(nowMs)
  const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rowCount
  const eventsBefore = new Date(nowMs - PAYMENT_EVENT_KEEP_MS)
  return {
    sessions: await count('DELETE FROM sessions WHERE revoked_at IS NOT NULL OR expires_at <= $1 OR last_seen_at <= $2', [
      now,
      new Date(nowMs - config.sessionIdleMs),
    ]),
    // The players' keys and the operators' (ops_idempotency_keys), kept alike.
    idempotencyKeys:
      (await count('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(nowMs - IDEMPOTENCY_KEEP_MS)])) +
      (await count('DELETE FROM ops_idempotency_keys WHERE created_at < $1', [new Date(nowMs - IDEMPOTENCY_KEEP_MS)])),
    passwordResets: await count('DELETE FROM password_resets WHERE expires_at <= $1 AND (chk_expires_at IS NULL OR chk_expires_at <= $1)', [now]),
    captchas: await count('DELETE FROM captchas WHERE expires_at <= $1', [now]),
    paymentEvents: await count(
      `DELETE FROM payment_events e WHERE e.received_at < $1
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.provider = e.provider AND o.pay_no = e.pay_no
                           AND (o.status = '00' OR o.closed_at IS NULL OR o.closed_at >= $1))`,
      [eventsBefore],
    ),
    playDays: await count('DELETE FROM play_days WHERE day < $1', [dayOf(nowMs - 40 * DAY_MS)]),
    providerSessions: await count(
      `DELETE FROM provider_sessions s WHERE LEAST(s.closed_at, s.expires_at) < $1
         AND NOT EXISTS (SELECT 1 FROM provider_transactions t WHERE t.session_id = s.id AND t.kind = 'bet' AND t.state = 'open')`,
      [new Date(nowMs - config.providerSettleMs)],
    ),
  }
}

/**
 * Runs purgeExpired every `retentionIntervalMs` (0: never), the first time shortly after start
 * (at most 30 s, so a server restarted often still purges).
 */
export function startRetention(app: FastifyInstance, deps: { db: Db; config: Config; now: () => number }): void {
  const every = deps.config.retentionIntervalMs
  runPeriodically(app, 'retention run', every, Math.min(every, 30_000), async () => {
    const purged = await purgeExpired(deps.db, deps.config, deps.now())
    if (Object.values(purged).some((n) => n > 0)) app.log.info({ purged }, 'retention: purged expired rows')
    // The same daily rhythm computes yesterday's harm markers, once.
    const marked = await markYesterday(deps.db, deps.now())
    if (marked !== null) app.log.info({ marked }, 'protection: harm markers computed')
  })
}
