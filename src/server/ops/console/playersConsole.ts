/**
 * Players in the operators' console (issue 35): search, a player's page, notes, closing their
 * sessions, suspending the account. Every read of a player's personal data and every action is a
 * line of the audit trail; the CPF is whole only for the roles that need it (payments, risk, admin).
 */
import * as ops from '../../../shared/contract/opsConsole'
import { centavosToReais } from '../../../shared/money'
import type { Queryable } from '../../db/connection'
import type { Deps } from '../../deps'
import { AppError } from '../../AppError'
import { userBalances } from '../../wallet/ledger'
import { seesTaxIdWhole, taxIdFor } from './mask'
import type { OpsRouter } from './opsRoute'
import type { OpsSession } from './opsSessions'

interface PlayerDb {
  id: bigint
  uid: bigint
  email: string
  name: string
  card_no: string
  kyc: number
  created_at: Date
  disabled_at: Date | null
  disabled_reason: string | null
  phone: string
  birth_date: string | null
  level: number
}
const PLAYER_COLUMNS = 'id, uid, email, name, card_no, kyc, created_at, disabled_at, disabled_reason, phone, birth_date::text AS birth_date, (SELECT COALESCE(max(v.level), 0) FROM vip_progress v WHERE v.user_id = users.id) AS level'

const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function row(p: PlayerDb, operator: OpsSession) {
  return {
    uId: String(p.uid),
    email: p.email,
    name: p.name,
    cpf: taxIdFor(operator.role, p.card_no),
    kyc: Number(p.kyc) === 1,
    createdAt: new Date(p.created_at).getTime(),
    suspended: p.disabled_at !== null,
  }
}

/** Writes a note on a player's page, by this operator, in `q`. */
export async function addNote(q: Queryable, userId: bigint, operatorId: bigint, at: Date, text: string): Promise<void> {
  await q.query('INSERT INTO player_notes (user_id, operator_id, at, text) VALUES ($1, $2, $3, $4)', [userId, operatorId, at, text])
}

/** A player (never a test account) by uId, its row locked when asked; NOT_FOUND else. */
export async function playerOf(q: Queryable, uId: string, lock = false): Promise<PlayerDb> {
  const r = await q.query<PlayerDb>(`SELECT ${PLAYER_COLUMNS} FROM users WHERE uid = $1 AND NOT is_test${lock ? ' FOR UPDATE' : ''}`, [BigInt(uId)])
  const p = r.rows[0]
  if (!p) throw new AppError('NOT_FOUND')
  return { ...p, id: BigInt(p.id) }
}

export function playersConsoleRoutes(route: OpsRouter, deps: Deps): void {
  const { db } = deps

  route(ops.opsPlayers, async ({ query, operator, audit }) => {
    const q = query.q.trim()
    const digits = /^\d+$/.test(q)
    // Eleven digits: a CPF; eight to ten: a uId; else the start of an e-mail or a part of a name.
    const [where, args] =
      digits && q.length === 11 ? ['card_no = $1', [q]] : digits && q.length >= 8 && q.length <= 10 ? ['uid = $1::bigint', [q]] : ['(email LIKE $1 OR name ILIKE $2)', [`${like(q.toLowerCase())}%`, `%${like(q)}%`]]
    const found = await db.query<PlayerDb>(`SELECT ${PLAYER_COLUMNS} FROM users WHERE ${where} AND NOT is_test ORDER BY id LIMIT 50`, args)
    await audit(db, { action: 'player.search', after: { q, found: found.rows.length } })
    return found.rows.map((p) => row(p, operator))
  })

  route(ops.opsPlayer, async ({ params, operator, audit }) => {
    const p = await playerOf(db, params.uId)
    const at = new Date(deps.now())
    const [balances, entries, limits, blocks, markers, sessions, notes] = await Promise.all([
      userBalances(db, p.id),
      db.query<{ tx_id: bigint; kind: string; ref: string | null; account: string; amount: bigint; created_at: Date }>(
        `SELECT t.id AS tx_id, t.kind, t.ref, a.kind AS account, e.amount, t.created_at FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.tx_id
         WHERE a.user_id = $1 ORDER BY e.tx_id DESC, a.kind LIMIT 50`,
        [p.id],
      ),
      db.query<{ kind: string; period: string; value: bigint | null; pending_value: bigint | null }>('SELECT kind, period, value, pending_value FROM rg_limits WHERE user_id = $1 ORDER BY kind, period', [p.id]),
      db.query<{ kind: string; starts_at: Date; ends_at: Date | null }>('SELECT kind, starts_at, ends_at FROM rg_blocks WHERE user_id = $1 ORDER BY starts_at DESC LIMIT 20', [p.id]),
      db.query<{ day: string; marker: string; strength: number }>("SELECT day::text AS day, marker, strength FROM rg_markers WHERE user_id = $1 AND day > $2::date - 30 ORDER BY day DESC, marker", [p.id, at.toISOString().slice(0, 10)]),
      deps.sessions.list(p.id),
      db.query<{ at: Date; email: string; text: string }>('SELECT n.at, o.email, n.text FROM player_notes n JOIN operators o ON o.id = n.operator_id WHERE n.user_id = $1 ORDER BY n.id DESC LIMIT 100', [p.id]),
    ])
    await audit(db, { action: 'player.read', target: `player:${params.uId}`, after: { cpf: seesTaxIdWhole(operator.role) ? 'whole' : 'masked' } })
    const reais = (v: bigint | null) => (v === null ? null : centavosToReais(BigInt(v)))
    return {
      player: { ...row(p, operator), phone: p.phone, birthDate: p.birth_date, level: Number(p.level), suspendedReason: p.disabled_reason },
      balances: { cash: centavosToReais(balances.cash), bonus: centavosToReais(balances.bonus), hold: centavosToReais(balances.hold) },
      entries: entries.rows.map((e) => ({ txId: String(e.tx_id), kind: e.kind, ref: e.ref, account: e.account, amount: centavosToReais(BigInt(e.amount)), at: new Date(e.created_at).getTime() })),
      // A time limit is whole minutes in the table, money limits centavos.
      limits: limits.rows.map((l) => {
        const of = (v: bigint | null) => (l.kind === 'time' ? (v === null ? null : Number(v)) : reais(v))
        return { kind: l.kind, period: l.period, value: of(l.value), pendingValue: of(l.pending_value) }
      }),
      blocks: blocks.rows.map((b) => ({ kind: b.kind, startsAt: new Date(b.starts_at).getTime(), endsAt: b.ends_at ? new Date(b.ends_at).getTime() : null })),
      markers: markers.rows.map((m) => ({ day: m.day, marker: m.marker, strength: Number(m.strength) })),
      sessions: sessions.map((s) => ({ device: s.device, ip: s.ip, createdAt: s.createdAt.getTime(), lastSeenAt: s.lastSeenAt.getTime() })),
      notes: notes.rows.map((n) => ({ at: new Date(n.at).getTime(), operator: n.email, text: n.text })),
    }
  })

  route(ops.opsPlayerNote, async ({ params, body, operator, audit }) => {
    await db.tx(async (q) => {
      const p = await playerOf(q, params.uId)
      await addNote(q, p.id, operator.operatorId, new Date(deps.now()), body.text)
      await audit(q, { action: 'player.note', target: `player:${params.uId}`, after: { text: body.text } })
    })
    return null
  })

  /** Closes the player's sessions in `q` and, once committed, their sockets. */
  const closeSessions = async (q: Queryable, userId: bigint) => deps.sessions.revokeAll(q, userId)
  const dropSockets = (ids: readonly bigint[]) => {
    for (const id of ids) deps.realtime.disconnectSession(id)
  }

  route(ops.opsPlayerRevokeSessions, async ({ params, body, audit }) => {
    const ids = await db.tx(async (q) => {
      const p = await playerOf(q, params.uId)
      const closed = await closeSessions(q, p.id)
      await audit(q, { action: 'player.sessions.revoke', target: `player:${params.uId}`, reason: body.reason, after: { revoked: closed.length } })
      return closed
    })
    dropSockets(ids)
    return { revoked: ids.length }
  })

  route(ops.opsPlayerSuspend, async ({ params, body, audit }) => {
    const ids = await db.tx(async (q) => {
      const p = await playerOf(q, params.uId, true)
      const at = new Date(deps.now())
      await q.query('UPDATE users SET disabled_at = $2, disabled_reason = $3 WHERE id = $1', [p.id, body.suspended ? (p.disabled_at ?? at) : null, body.suspended ? body.reason : null])
      const closed = body.suspended ? await closeSessions(q, p.id) : []
      await audit(q, {
        action: body.suspended ? 'player.suspend' : 'player.unsuspend',
        target: `player:${params.uId}`,
        reason: body.reason,
        before: { suspended: p.disabled_at !== null, reason: p.disabled_reason },
        after: { suspended: body.suspended, sessionsClosed: closed.length },
      })
      return closed
    })
    dropSockets(ids)
    return { suspended: body.suspended }
  })
}
