/**
 * What a load balancer or an orchestrator asks (issue 34): GET /healthz, the process is alive and
 * serving (no database call: a slow database must not get a live process restarted); GET /readyz,
 * it can take players' requests: the database answers (within READY_DB_TIMEOUT_MS), every
 * migration this build has is applied, and the shared rounds' loops run here or in another process
 * of the same database (or are off). 200 with each check's state, or 503 naming the one that is not
 * ready; while the server closes, fastify answers 503 to both (return503OnClosing). No cache, no
 * secret, no player data.
 */
import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { SCHEMA_DIRS } from '../db/migrate'
import { LOOPS_LOCK, type Rounds } from '../rounds/Rounds'

const READY_DB_TIMEOUT_MS = 2_000

/** The newest migration this build has (its number): the database's must be it. */
function newestMigration(): number {
  return Math.max(0, ...fs.readdirSync(SCHEMA_DIRS.migrations).map((f) => Number(/^(\d+)_.*\.sql$/.exec(f)?.[1] ?? 0)))
}

type Check = 'ok' | 'down' | 'behind' | 'owner' | 'follower' | 'waiting' | 'off'

export function healthRoutes(app: FastifyInstance, deps: Deps, rounds: () => Rounds | null): void {
  const newest = newestMigration()
  const send = (reply: import('fastify').FastifyReply, code: number, body: Record<string, unknown>) => reply.code(code).header('cache-control', 'no-store').send(body)

  app.get('/healthz', async (_request, reply) => send(reply, 200, { status: 'ok' }))

  app.get('/readyz', async (request, reply) => {
    const checks: Record<'database' | 'migrations' | 'rounds', Check> = { database: 'down', migrations: 'behind', rounds: 'off' }
    try {
      const applied = await Promise.race([
        deps.db.query<{ v: number | null }>('SELECT max(version)::int AS v FROM schema_migrations'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the database did not answer in time')), READY_DB_TIMEOUT_MS).unref()),
      ])
      checks.database = 'ok'
      checks.migrations = (applied.rows[0]?.v ?? 0) >= newest ? 'ok' : 'behind'
      const r = rounds()
      if (deps.config.rounds.enabled && r) {
        if (r.owner) checks.rounds = 'owner'
        else if (deps.db.kind === 'postgres') {
          // Another process holds the loops' advisory lock (a key under 2^32: its low half is objid).
          const held = await deps.db.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted LIMIT 1", [LOOPS_LOCK])
          checks.rounds = held.rows.length ? 'follower' : 'waiting'
        } else checks.rounds = 'waiting'
      }
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database check failed')
    }
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.rounds !== 'waiting'
    return send(reply, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks })
  })
}
