/**
 * Operators' notices: `npm run notice -- "texto"` (scripts/notice.ts) posts to POST /api/ops/notice
 * with the ops token (OPS_TOKEN; when unset outside production the server makes one at start and
 * keeps it in DATA_DIR/ops-token, readable by whoever runs the server; in production without
 * OPS_TOKEN the call is refused). The notice is saved, sent on the socket to everyone online, and
 * sent to each socket that connects within a day of it. A marketing notice (`--marketing`: an offer,
 * a promotion) skips the players a pause or self-exclusion stands on (issue 31).
 */
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/ops'
import type { Deps } from '../deps'
import { enforce } from '../auth/limits'
import { registerCall } from '../http/route'
import type { Queryable } from '../db/connection'
import { blockAt } from '../protection/blocks'
import { opsTokenOf, requireOpsToken } from './opsToken'

export interface Notice {
  id: string
  text: string
  time: number
}

/** The players a pause or self-exclusion stands on at `at`: no marketing reaches them. */
async function blockedPlayers(q: Queryable, at: Date): Promise<bigint[]> {
  const r = await q.query<{ user_id: bigint }>('SELECT DISTINCT user_id FROM rg_blocks WHERE starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)', [at])
  return r.rows.map((row) => BigInt(row.user_id))
}

const DAY = 86_400_000

export class NoticeBoard {
  private last: (Notice & { marketing: boolean }) | null = null

  constructor(private readonly deps: Deps) {}

  /** The latest notice of the last day (read once at start, then kept). */
  async load(): Promise<void> {
    const r = await this.deps.db.query<{ id: bigint; text: string; created_at: Date; marketing: boolean }>('SELECT id, text, created_at, marketing FROM notices ORDER BY id DESC LIMIT 1')
    const row = r.rows[0]
    this.last = row ? { id: String(row.id), text: row.text, time: new Date(row.created_at).getTime(), marketing: row.marketing } : null
  }

  /** The latest notice of the last day for this player (a marketing one not while a pause or self-exclusion stands on them). */
  async latest(userId: bigint): Promise<Notice | null> {
    const last = this.last
    if (!last || this.deps.now() - last.time >= DAY) return null
    if (last.marketing && (await blockAt(this.deps.db, userId, this.deps.now()))) return null
    return { id: last.id, text: last.text, time: last.time }
  }

  routes(app: FastifyInstance): void {
    const token = opsTokenOf(this.deps)
    const { limiter, config } = this.deps
    registerCall(app, this.deps, contract.opsNotice, async ({ body, request }) => {
      requireOpsToken(this.deps, token, request)
      // Even the right token posts only so many: a leaked one must not flood every screen.
      enforce(limiter, 'notice:sent', config.rateLimits.noticePerToken)
      const notice = await this.post(body.text, body.marketing === true)
      return { id: notice.id, time: notice.time }
    })
  }

  /**
   * Saves a notice and sends it on the socket to everyone online (a marketing one to all but the
   * players a pause or self-exclusion stands on); it is the banner for a day. The ops token's call
   * and the console's (ops/console/riskConsole.ts) both post through here; `alsoIn` writes in the
   * notice's transaction (the console's audit line), and nothing is sent before it commits.
   */
  async post(text: string, marketing: boolean, alsoIn?: (q: Queryable, notice: Notice) => Promise<void>): Promise<Notice> {
    const at = new Date(this.deps.now())
    const notice = await this.deps.db.tx(async (q) => {
      const r = await q.query<{ id: bigint }>('INSERT INTO notices (text, created_at, marketing) VALUES ($1, $2, $3) RETURNING id', [text, at, marketing])
      const saved = { id: String(r.rows[0]?.id), text, time: at.getTime() }
      await alsoIn?.(q, saved)
      return saved
    })
    this.last = { ...notice, marketing }
    if (marketing) this.deps.realtime.toAllExcept(await blockedPlayers(this.deps.db, at), 'notice', notice)
    else this.deps.realtime.toAll('notice', notice)
    return notice
  }

  /** The last 50 notices, newest first. */
  async recent(): Promise<(Notice & { marketing: boolean })[]> {
    const r = await this.deps.db.query<{ id: bigint; text: string; created_at: Date; marketing: boolean }>('SELECT id, text, created_at, marketing FROM notices ORDER BY id DESC LIMIT 50')
    return r.rows.map((n) => ({ id: String(n.id), text: n.text, time: new Date(n.created_at).getTime(), marketing: n.marketing }))
  }
}
