import type { Queryable } from '../../db/connection'

interface AuditFilter {
  target?: string
  operator?: string
  before?: string
}

interface AuditRowDb {
  id: bigint
  at: Date
  email: string | null
  action: string
  target: string
  reason: string
  before: unknown
  after: unknown
  ip: string
}

const PAGE = 100

function where(f: AuditFilter): { sql: string; args: unknown[] } {
  const parts: string[] = []
  const args: unknown[] = []
  if (f.target) parts.push(`a.target = $${args.push(f.target)}`)
  if (f.operator) parts.push(`a.operator_id = $${args.push(BigInt(f.operator))}`)
  if (f.before) parts.push(`a.id < $${args.push(BigInt(f.before))}`)
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

async function rows(q: Queryable, f: AuditFilter, limit: number | null): Promise<AuditRowDb[]> {
  const w = where(f)
  const r = await q.query<AuditRowDb>(
    `SELECT a.id, a.at, o.email, a.action, a.target, a.reason, a.before, a.after, a.ip FROM ops_audit a LEFT JOIN operators o ON o.id = a.operator_id ${w.sql} ORDER BY a.id DESC${limit === null ? '' : ` LIMIT ${limit}`}`,
    w.args,
  )
  return r.rows
}

/** The audit trail, newest first, a page at a time; `operator` is the operator's e-mail (null: the command line). */
export async function auditPage(q: Queryable, f: AuditFilter) {
  const found = await rows(q, f, PAGE + 1)
  return {
    rows: found.slice(0, PAGE).map((r) => ({ id: String(r.id), at: new Date(r.at).getTime(), operator: r.email, action: r.action, target: r.target, reason: r.reason, before: r.before ?? null, after: r.after ?? null, ip: r.ip })),
    more: found.length > PAGE,
  }
}

/** A CSV field: quoted, quotes doubled; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

/** Every row the filter matches, oldest first, as CSV (RFC 4180, CRLF). */
export async function auditCsv(q: Queryable, f: AuditFilter): Promise<string> {
  const found = (await rows(q, f, null)).reverse()
  const head = ['id', 'at', 'operator', 'action', 'target', 'reason', 'before', 'after', 'ip']
  const lines = found.map((r) => [String(r.id), new Date(r.at).toISOString(), r.email ?? 'cli', r.action, r.target, r.reason, r.before, r.after, r.ip].map(csvField).join(','))
  return [head.join(','), ...lines].join('\r\n') + '\r\n'
}
