/**
 * The home's counter: what players won today (São Paulo day), in real money: the wins paid from
 * the house's sub-accounts (a test account's play money is paid from play_house and not counted).
 *
 * Read from the ledger on demand, at most every REFRESH_MS, and incrementally: the first read of a
 * day finds the day's first transaction by a binary search over the ids (no index on the time of
 * the hottest table), each later read adds the wins of the transactions after the last one it saw.
 * A transaction that commits after a read with an id below the one seen is left out: the figure
 * is a display, never money. The growth per second over the last minute lets the page count up
 * smoothly between reads.
 */
import type { Queryable } from '../db/connection'
import { dayOf, startOfToday } from '../wallet/days'

const REFRESH_MS = 5_000
const RATE_WINDOW_MS = 60_000

export interface TodayWins {
  /** Centavos won today so far. */
  total: bigint
  /** Centavos per second over about the last minute (0 until two reads apart). */
  perSecond: number
}

/** The id of the first ledger transaction made at or after `start` (max id + 1 when none). */
async function firstTxAtOrAfter(q: Queryable, start: Date): Promise<bigint> {
  const max = BigInt((await q.query<{ max: bigint | null }>('SELECT max(id) AS max FROM ledger_transactions')).rows[0]?.max ?? 0)
  let lo = 0n
  let hi = max + 1n
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    const r = (await q.query<{ id: bigint; created_at: Date }>('SELECT id, created_at FROM ledger_transactions WHERE id >= $1 ORDER BY id LIMIT 1', [mid])).rows[0]
    if (!r || new Date(r.created_at) >= start) hi = mid
    else lo = BigInt(r.id) + 1n
  }
  return lo
}

export function createTodayWins(db: Queryable, now: () => number) {
  let day = ''
  let dayBegins = new Date(0)
  let seen = 0n
  let total = 0n
  let readAt = -Infinity
  let samples: { at: number; total: bigint }[] = []
  let pending: Promise<void> | null = null

  async function refresh(): Promise<void> {
    const at = now()
    if (dayOf(at) !== day) {
      day = dayOf(at)
      dayBegins = startOfToday(at)
      seen = (await firstTxAtOrAfter(db, dayBegins)) - 1n
      total = 0n
      samples = []
    }
    const max = BigInt((await db.query<{ max: bigint | null }>('SELECT max(id) AS max FROM ledger_transactions')).rows[0]?.max ?? 0)
    if (max > seen) {
      const r = await db.query<{ won: bigint | null }>(
        `SELECT sum(-e.amount)::bigint AS won FROM ledger_transactions t
         JOIN ledger_entries e ON e.tx_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id IS NULL AND a.kind = 'house'
         WHERE t.id > $1 AND t.id <= $2 AND t.kind = 'win' AND t.created_at >= $3`,
        [seen, max, dayBegins],
      )
      total += BigInt(r.rows[0]?.won ?? 0)
      seen = max
    }
    readAt = at
    samples.push({ at, total })
    while (samples.length > 2 && (samples[1] as { at: number }).at <= at - RATE_WINDOW_MS) samples.shift()
  }

  return {
    /** Today's wins, read again when the last read is older than REFRESH_MS (one read at a time). */
    async current(): Promise<TodayWins> {
      if (now() - readAt >= REFRESH_MS || dayOf(now()) !== day) {
        pending ??= refresh().finally(() => (pending = null))
        await pending
      }
      const first = samples[0]
      const last = samples[samples.length - 1]
      const span = first && last ? last.at - first.at : 0
      const perSecond = first && last && span >= REFRESH_MS ? Math.max(0, (Number(last.total - first.total) * 1000) / span) : 0
      return { total, perSecond }
    },
  }
}
