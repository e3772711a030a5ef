/**
 * Risk in the operators' console (issue 35): the players with harm markers, strongest first, with
 * what triggered them and the last contact; a contact noted; a limit, pause or self-exclusion set
 * at a player's request through the player's own rules (protection/limits.ts, blocks.ts: one
 * home); and the notices, posted through the same board as `npm run notice`.
 */
import * as ops from '../../../shared/contract/opsConsole'
import { DEFAULT_LOCALE } from '../../../shared/locales'
import type { Deps } from '../../deps'
import { setBlock } from '../../protection/blocks'
import { setLimit } from '../../protection/limits'
import { enforce } from '../../auth/limits'
import type { NoticeBoard } from '../notices'
import type { OpsRouter } from './opsRoute'
import { addNote, playerOf } from './playersConsole'

const DAY_MS = 86_400_000
/** The list's length: the strongest first; a longer tail waits for the next day's work. */
const RISK_ROWS = 200

interface MarkerAgg {
  user_id: bigint
  marker: string
  days: number
  strength: number
  last_day: string
}

export function riskConsoleRoutes(route: OpsRouter, deps: Deps, notices: NoticeBoard): void {
  const { db } = deps

  route(ops.opsRisk, async ({ query }) => {
    const days = Number(query.days ?? 30)
    const now = new Date(deps.now())
    const since = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10)
    const markers = await db.query<MarkerAgg>(
      `SELECT user_id, marker, count(*)::int AS days, sum(strength)::int AS strength, max(day)::text AS last_day
       FROM rg_markers WHERE day > $1::date GROUP BY user_id, marker`,
      [since],
    )
    const byUser = new Map<string, MarkerAgg[]>()
    for (const m of markers.rows) byUser.set(String(m.user_id), [...(byUser.get(String(m.user_id)) ?? []), m])
    const total = (list: MarkerAgg[]) => list.reduce((sum, m) => sum + Number(m.strength), 0)
    const ranked = [...byUser.entries()].sort((a, b) => total(b[1]) - total(a[1]) || Number(BigInt(a[0]) - BigInt(b[0]))).slice(0, RISK_ROWS)
    if (ranked.length === 0) return []
    const ids = ranked.map(([id]) => id)
    const [users, blocks, limits] = await Promise.all([
      db.query<{ id: bigint; uid: bigint; email: string; name: string }>('SELECT id, uid, email, name FROM users WHERE id = ANY($1::bigint[]) AND NOT is_test', [ids]),
      db.query<{ user_id: bigint }>('SELECT DISTINCT user_id FROM rg_blocks WHERE user_id = ANY($1::bigint[]) AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2)', [ids, now]),
      db.query<{ user_id: bigint; n: number }>('SELECT user_id, count(*)::int AS n FROM rg_limits WHERE user_id = ANY($1::bigint[]) AND value IS NOT NULL GROUP BY user_id', [ids]),
    ])
    const user = new Map(users.rows.map((u) => [String(u.id), u]))
    const targets = users.rows.map((u) => `player:${u.uid}`)
    const contacts = await db.query<{ target: string; at: Date; email: string | null; after: { channel?: string } | null }>(
      `SELECT DISTINCT ON (a.target) a.target, a.at, o.email, a.after FROM ops_audit a LEFT JOIN operators o ON o.id = a.operator_id
       WHERE a.action = 'player.contact' AND a.target = ANY($1::text[]) ORDER BY a.target, a.id DESC`,
      [targets],
    )
    const contact = new Map(contacts.rows.map((c) => [c.target, c]))
    const blocked = new Set(blocks.rows.map((b) => String(b.user_id)))
    const limitCount = new Map(limits.rows.map((l) => [String(l.user_id), Number(l.n)]))
    return ranked.flatMap(([id, list]) => {
      const u = user.get(id)
      if (!u) return []
      const c = contact.get(`player:${u.uid}`)
      return [
        {
          uId: String(u.uid),
          email: u.email,
          name: u.name,
          strength: total(list),
          markers: list
            .map((m) => ({ marker: m.marker, days: Number(m.days), strength: Number(m.strength), lastDay: m.last_day }))
            .sort((a, b) => b.strength - a.strength || a.marker.localeCompare(b.marker)),
          blocked: blocked.has(id),
          limits: limitCount.get(id) ?? 0,
          lastContact: c ? { at: new Date(c.at).getTime(), operator: c.email, channel: c.after?.channel ?? '' } : null,
        },
      ]
    })
  })

  route(ops.opsPlayerContact, async ({ params, body, operator, audit }) => {
    await db.tx(async (q) => {
      const p = await playerOf(q, params.uId)
      // On the player's page as a note, and in the trail as a contact (the risk list's "last contact").
      await addNote(q, p.id, operator.operatorId, new Date(deps.now()), body.text)
      await audit(q, { action: 'player.contact', target: `player:${params.uId}`, after: { channel: body.channel, text: body.text } })
    })
    return null
  })

  route(ops.opsPlayerProtection, async ({ params, body, audit, afterCommit }) => {
    await db.tx(async (q) => {
      const p = await playerOf(q, params.uId)
      const now = deps.now()
      if ('limit' in body) {
        const set = await setLimit(q, p.id, body.limit.kind, body.limit.period, body.limit.value, now)
        await audit(q, { action: 'player.limit', target: `player:${params.uId}`, reason: body.reason, after: set })
      } else {
        // The player's language is not kept: the e-mail goes in the service's own (pt_BR).
        const want = 'pause' in body ? { kind: 'pause' as const, days: body.pause.days } : { kind: 'exclusion' as const, months: body.exclusion.months }
        await setBlock(deps, q, p.id, want, DEFAULT_LOCALE, afterCommit)
        await audit(q, { action: `player.${want.kind}`, target: `player:${params.uId}`, reason: body.reason, after: want })
      }
    })
    return null
  })

  route(ops.opsNotices, async () => (await notices.recent()).map((n) => ({ id: n.id, text: n.text, marketing: n.marketing, at: n.time })))

  route(ops.opsNoticePost, async ({ body, operator, audit }) => {
    // An operator posts only so many, as the ops token does: a taken session must not flood every screen.
    enforce(deps.limiter, `notice:operator:${operator.operatorId}`, deps.config.rateLimits.noticePerToken)
    const notice = await notices.post(body.text, body.marketing, (q, saved) => audit(q, { action: 'notice.post', target: `notice:${saved.id}`, reason: body.reason, after: { text: body.text, marketing: body.marketing } }))
    return { id: notice.id, time: notice.time }
  })
}
