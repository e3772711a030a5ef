import type { Queryable } from '../../db/connection'

export interface AuditEntry {
  /** What was done: 'operator.create', 'withdrawal.approve', 'player.read' ... */
  action: string
  /** What it was done to: 'operator:3', 'player:123'; '' for none. */
  target?: string
  reason?: string
  before?: unknown
  after?: unknown
}

/**
 * Writes one line of the operators' audit trail (ops_audit, append-only: its trigger refuses any
 * change or removal), in the caller's transaction, so the line exists exactly when the action
 * committed. `operatorId` null: the command line.
 */
export async function writeAudit(q: Queryable, operatorId: bigint | null, ip: string, at: Date, entry: AuditEntry): Promise<void> {
  await q.query('INSERT INTO ops_audit (at, operator_id, action, target, reason, before, after, ip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    at,
    operatorId,
    entry.action,
    entry.target ?? '',
    entry.reason ?? '',
    entry.before === undefined ? null : JSON.stringify(entry.before, jsonSafe),
    entry.after === undefined ? null : JSON.stringify(entry.after, jsonSafe),
    ip.slice(0, 64),
  ])
}

/** Amounts in centavos (bigint) are written as strings. */
const jsonSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)
