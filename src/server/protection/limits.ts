/**
 * Player protection: the limits a player sets on their own deposits, net loss and stakes (issue 31).
 * The rules are SQL's (db/functions/protection/): what a period has used (rg_used), the limits in
 * force (rg_limits_at: a raise's 24 hours) and the room they leave (rg_room, which wallet_bets reads
 * for every bet under the player's lock); read here for the page, the deposit check and the messages.
 * A lower or new limit applies at once; a higher one, or a removal, waits 24 hours (pending).
 */
import { RG_KINDS, RG_LIMIT_PERIODS, RG_TIME_MAX_MINUTES, type RgKind, type RgLimitRow, type RgPeriod } from '../../shared/contract/rg'
import { centavosToReais } from '../../shared/money'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'

/** A raise or a removal takes over this long after it was asked for. */
export const RAISE_DELAY_MS = 24 * 3_600_000

interface LimitRecord {
  kind: RgKind
  period: RgPeriod
  value: bigint | null
  pending_value: bigint | null
  pending_at: Date | null
}

const big = (v: bigint | string | null) => (v === null ? null : BigInt(v))

/** The player's limits as they stand at `now` (rg_limits_at: a due raise or removal has taken over). */
async function limitsAt(q: Queryable, userId: bigint, now: number): Promise<Map<string, LimitRecord>> {
  const r = await q.query<LimitRecord>('SELECT kind, period, value, pending_value, pending_at FROM rg_limits_at($1, $2)', [userId, new Date(now)])
  return new Map(r.rows.map((row) => [`${row.kind}/${row.period}`, { ...row, value: big(row.value), pending_value: big(row.pending_value), pending_at: row.pending_at ? new Date(row.pending_at) : null }]))
}

/** What the player's play has used in each period at `now`, by kind (rg_used). */
async function usedAt(q: Queryable, userId: bigint, now: number): Promise<Map<string, bigint>> {
  const r = await q.query<Record<RgKind, bigint | null> & { period: RgPeriod }>('SELECT period, deposit, loss, stake, "time" FROM rg_used($1, $2)', [userId, new Date(now)])
  const used = new Map<string, bigint>()
  // Time played comes in seconds: shown in whole minutes.
  for (const row of r.rows) for (const kind of RG_KINDS) if (row[kind] !== null) used.set(`${kind}/${row.period}`, kind === 'time' ? BigInt(row[kind]) / 60n : BigInt(row[kind]))
  return used
}

/** Every limit a player can set (kind and period), with its value in force, its use and a pending change. */
export async function readLimits(q: Queryable, userId: bigint, now: number): Promise<RgLimitRow[]> {
  const [set, used] = await Promise.all([limitsAt(q, userId, now), usedAt(q, userId, now)])
  const rows: RgLimitRow[] = []
  for (const [kind, periods] of Object.entries(RG_LIMIT_PERIODS) as [RgKind, readonly RgPeriod[]][]) {
    for (const period of periods) rows.push(wire(kind, period, set.get(`${kind}/${period}`), used.get(`${kind}/${period}`) ?? 0n))
  }
  return rows
}

function wire(kind: RgKind, period: RgPeriod, record: Omit<LimitRecord, 'kind' | 'period'> | undefined, used: bigint): RgLimitRow {
  // Money in reais; the time limit and the time played in minutes, as kept.
  const out = kind === 'time' ? Number : centavosToReais
  return {
    kind,
    period,
    value: record?.value == null ? null : out(record.value),
    used: out(used),
    pending: record?.pending_at ? { value: record.pending_value === null ? null : out(record.pending_value), effectiveAt: record.pending_at.getTime() } : null,
  }
}

/** A time limit's minutes from the body's amount (parsed as reais: 30 is 3000 centavos), whole and within a day. */
function minutesOf(value: bigint): bigint {
  if (value % 100n !== 0n || value / 100n < 1n || value / 100n > BigInt(RG_TIME_MAX_MINUTES)) throw new AppError('RG_TIME_LIMIT_RANGE', { max: RG_TIME_MAX_MINUTES })
  return value / 100n
}

/**
 * Sets one limit (null removes it), in the caller's transaction under the player's row lock: a
 * lower or new value at once (a pending change dropped), a higher one or a removal pending for
 * RAISE_DELAY_MS while the value in force holds; asking for the value in force drops a pending change.
 */
export async function setLimit(q: Queryable, userId: bigint, kind: RgKind, period: RgPeriod, value: bigint | null, now: number): Promise<RgLimitRow> {
  if (!RG_LIMIT_PERIODS[kind].includes(period)) throw new AppError('RG_LIMIT_PERIOD')
  if (kind === 'time' && value !== null) value = minutesOf(value)
  await q.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
  const current = (await limitsAt(q, userId, now)).get(`${kind}/${period}`)?.value ?? null
  const atOnce = value === current || (value !== null && (current === null || value < current))
  const next = atOnce ? { value, pending_value: null, pending_at: null } : { value: current, pending_value: value, pending_at: new Date(now + RAISE_DELAY_MS) }
  await q.query(
    `INSERT INTO rg_limits (user_id, kind, period, value, pending_value, pending_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, kind, period) DO UPDATE SET value = EXCLUDED.value, pending_value = EXCLUDED.pending_value, pending_at = EXCLUDED.pending_at, updated_at = EXCLUDED.updated_at`,
    [userId, kind, period, next.value, next.pending_value, next.pending_at, new Date(now)],
  )
  return wire(kind, period, next, (await usedAt(q, userId, now)).get(`${kind}/${period}`) ?? 0n)
}

const MESSAGE_KEYS: Record<'LIMIT_LOSS' | 'LIMIT_STAKE' | 'LIMIT_DEPOSIT', string> = { LIMIT_LOSS: 'limitLoss', LIMIT_STAKE: 'limitStake', LIMIT_DEPOSIT: 'limitDeposit' }
const KINDS = { LIMIT_LOSS: 'loss', LIMIT_STAKE: 'stake', LIMIT_DEPOSIT: 'deposit', LIMIT_TIME: 'time' } as const

/**
 * The refusal of a stake or deposit that a limit stopped, naming the limit (the one with the least
 * room, which stopped it) and what is left of it (never below zero); for the time limit, its minutes.
 */
export async function limitError(q: Queryable, userId: bigint, code: keyof typeof KINDS, at: Date): Promise<AppError> {
  const r = await q.query<{ period: RgPeriod; room: bigint; value: bigint }>('SELECT period, room, value FROM rg_room($1, $2) WHERE kind = $3 ORDER BY room LIMIT 1', [userId, at, KINDS[code]])
  const row = r.rows[0]
  // count: the message's plural form follows the minutes ('1 minuto').
  if (code === 'LIMIT_TIME') {
    const minutes = Number(row?.value ?? 0) / 60
    return new AppError(code, { minutes, count: minutes })
  }
  const left = row ? (BigInt(row.room) > 0n ? BigInt(row.room) : 0n) : 0n
  const period = row?.period ?? 'day'
  return new AppError(code, { left }, `${MESSAGE_KEYS[code]}.${period}`)
}

/** What the player's deposit limits leave at `now` (the least room of them), or null: no deposit limit. */
export async function depositRoom(q: Queryable, userId: bigint, now: Date): Promise<bigint | null> {
  const r = await q.query<{ room: bigint | null }>("SELECT min(room) AS room FROM rg_room($1, $2) WHERE kind = 'deposit'", [userId, now])
  const room = r.rows[0]?.room ?? null
  return room === null ? null : BigInt(room)
}
