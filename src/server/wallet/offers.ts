/**
 * Promotional offers (issue 10): the compensation deposit (INSBRL) and the bonus boost (EXPPAY)
 * are sold only against an offer the server made to that player. An offer is open while it is
 * unexpired, its gift not yet paid out, and no other order that is open or paid holds it (an
 * order cancelled or expired unpaid gives its offer back).
 */
import type { Queryable } from '../db/connection'
import type { Deps } from '../deps'

const PROMOTIONAL_CURRENCIES = ['INSBRL', 'EXPPAY'] as const
export type PromoCurrency = (typeof PROMOTIONAL_CURRENCIES)[number]

export function isPromotional(currency: string): currency is PromoCurrency {
  return (PROMOTIONAL_CURRENCIES as readonly string[]).includes(currency)
}

/**
 * The player's open offer of that kind, soonest to expire first; null when there is none.
 * Callers hold the player's row lock, so two requests cannot take or extend one offer at once.
 */
export async function openOffer(q: Queryable, userId: bigint, currency: PromoCurrency, now: Date): Promise<bigint | null> {
  const r = await q.query<{ id: bigint }>(
    `SELECT o.id FROM promo_offers o
     WHERE o.user_id = $1 AND o.currency = $2 AND o.used_at IS NULL AND o.expires_at > $3
       AND NOT EXISTS (SELECT 1 FROM orders d WHERE d.offer_id = o.id AND d.status IN ('00', '10'))
     ORDER BY o.expires_at LIMIT 1`,
    [userId, currency, now],
  )
  return r.rows[0] ? BigInt(r.rows[0].id) : null
}

/**
 * Records an offer the server made, open for PROMO_OFFER_TTL_MINUTES: an open offer of the same
 * kind is extended, not doubled. `allowed`, when given, decides under the player's row lock whether
 * the offer is due at all (two settling bets cannot both pass it); returns whether it was recorded.
 */
export async function recordOffer(deps: Deps, userId: bigint, currency: PromoCurrency, allowed?: (q: Queryable, now: Date) => Promise<boolean>): Promise<boolean> {
  const now = new Date(deps.now())
  const expires = new Date(now.getTime() + deps.config.wallet.offerTtlMs)
  return deps.db.tx(async (q) => {
    await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
    if (allowed && !(await allowed(q, now))) return false
    const open = await openOffer(q, userId, currency, now)
    if (open !== null) await q.query('UPDATE promo_offers SET expires_at = $2 WHERE id = $1', [open, expires])
    else await q.query('INSERT INTO promo_offers (user_id, currency, created_at, expires_at) VALUES ($1, $2, $3, $4)', [userId, currency, now, expires])
    return true
  })
}
