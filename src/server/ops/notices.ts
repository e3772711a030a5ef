/**
 * Operators' notices: `npm run notice -- "texto"` (scripts/notice.ts) posts to POST /api/ops/notice
 * with the ops token (OPS_TOKEN; when unset outside production the server makes one at start and
 * keeps it in DATA_DIR/ops-token, readable by whoever runs the server; in production without
 * OPS_TOKEN the call is refused). The notice is saved, sent on the socket to everyone online, and
 * sent to each socket that connects within a day of it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import * as contract from '../../shared/contract/ops'
import type { Deps } from '../deps'
import { AppError } from '../http/AppError'
import { registerCall } from '../http/route'

export interface Notice {
  id: string
  text: string
  time: number
}

const DAY = 86_400_000

/** The ops token: OPS_TOKEN, or (outside production) one made now and kept in DATA_DIR/ops-token. */
export function opsTokenOf(deps: Pick<Deps, 'config'>): string | null {
  const { config } = deps
  if (config.opsToken) return config.opsToken
  if (config.production) return null
  const file = path.join(config.dataDir, 'ops-token')
  try {
    const kept = fs.readFileSync(file, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch {
    // None yet.
  }
  const token = randomBytes(24).toString('base64url')
  fs.mkdirSync(config.dataDir, { recursive: true })
  fs.writeFileSync(file, token, { mode: 0o600 })
  return token
}

export const same = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

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
    registerCall(app, this.deps, contract.opsNotice, async ({ body, request }) => {
      const given = request.headers['x-ops-token']
      if (!token || typeof given !== 'string' || !same(given, token)) throw new AppError('FORBIDDEN')
      const at = new Date(this.deps.now())
      const r = await this.deps.db.query<{ id: bigint }>('INSERT INTO notices (text, created_at) VALUES ($1, $2) RETURNING id', [body.text, at])
      const notice = { id: String(r.rows[0]?.id), text: body.text, time: at.getTime() }
      this.last = notice
      this.deps.realtime.toAll('notice', notice)
      return { id: notice.id, time: notice.time }
    })
  }
}
