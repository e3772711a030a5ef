/**
 * Operators' notices: `npm run notice -- "texto"` (scripts/notice.ts) posts to POST /api/ops/notice
 * with the ops token (OPS_TOKEN; when unset outside production the server makes one at start and
 * keeps it in DATA_DIR/ops-token, readable by whoever runs the server; in production without
 * OPS_TOKEN the call is refused). The notice is saved, sent on the socket to everyone online, and
 * sent to each socket that connects within a day of it.
 */
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/ops'
import type { Deps } from '../deps'
import { enforce } from '../auth/limits'
import { registerCall } from '../http/route'
import { opsTokenOf, requireOpsToken } from './opsToken'

export interface Notice {
  id: string
  text: string
  time: number
}

const DAY = 86_400_000

export class NoticeBoard {
  private last: Notice | null = null

  constructor(private readonly deps: Deps) {}

  /** The latest notice of the last day (read once at start, then kept). */
  async load(): Promise<void> {
    const r = await this.deps.db.query<{ id: bigint; text: string; created_at: Date }>('SELECT id, text, created_at FROM notices ORDER BY id DESC LIMIT 1')
    const row = r.rows[0]
    this.last = row ? { id: String(row.id), text: row.text, time: new Date(row.created_at).getTime() } : null
  }

  latest(): Notice | null {
    return this.last && this.deps.now() - this.last.time < DAY ? this.last : null
  }

  routes(app: FastifyInstance): void {
    const token = opsTokenOf(this.deps)
    const { limiter, config } = this.deps
    registerCall(app, this.deps, contract.opsNotice, async ({ body, request }) => {
      requireOpsToken(this.deps, token, request)
      // Even the right token posts only so many: a leaked one must not flood every screen.
      enforce(limiter, 'notice:sent', config.rateLimits.noticePerToken)
      const at = new Date(this.deps.now())
      const r = await this.deps.db.query<{ id: bigint }>('INSERT INTO notices (text, created_at) VALUES ($1, $2) RETURNING id', [body.text, at])
      const notice = { id: String(r.rows[0]?.id), text: body.text, time: at.getTime() }
      this.last = notice
      this.deps.realtime.toAll('notice', notice)
      return { id: notice.id, time: notice.time }
    })
  }
}
