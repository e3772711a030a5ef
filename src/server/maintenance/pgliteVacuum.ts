/**
 * PGlite runs no autovacuum: nothing ever ANALYZEs or VACUUMs its tables. The planner then sizes
 * a table by its pages at planning time, and the plans PL/pgSQL caches for the money functions are
 * kept as long as no statistics change. A plan made while a table was a page or two (a sequential
 * scan, the right choice then) was kept while the table grew, so each provider wallet call cost
 * more the longer the server ran: 2.3 ms a call at the start, 9.3 ms after 20,000 (the soak and the
 * simulator found it; PostgreSQL's autovacuum keeps its plans fresh). This job is the autovacuum
 * PGlite lacks: every PGLITE_VACUUM_SECONDS it runs VACUUM (ANALYZE) on each table grown by a fifth
 * (and eight pages) since its last one, which refreshes its statistics and so its cached plans,
 * and on each table whose oldest transaction id is 150 million transactions old (autovacuum's
 * freeze rule, before wraparound). PostgreSQL needs none of it.
 */
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { runPeriodically } from './periodic'

/** The tables due: grown by a fifth and eight pages since their last VACUUM or ANALYZE, or holding old transaction ids. */
const DUE = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND (pg_relation_size(c.oid) / 8192 > GREATEST(c.relpages, 0) * 1.2 + 8 OR age(c.relfrozenxid) > 150000000)
  ORDER BY c.relname`

/** Vacuums and analyzes the tables due; answers their names. */
export async function vacuumDue(db: Db): Promise<string[]> {
  const due = (await db.query<{ name: string }>(DUE)).rows.map((r) => r.name)
  for (const name of due) await db.exec(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`)
  return due
}

/** On PGlite, runs vacuumDue every `pgliteVacuumMs` (0: never), the first time a few seconds after start. */
export function startPgliteVacuum(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  if (deps.db.kind !== 'pglite') return
  const every = deps.config.pgliteVacuumMs
  runPeriodically(app, 'PGlite vacuum', every, Math.min(every, 5000), async () => {
    const started = performance.now()
    const tables = await vacuumDue(deps.db)
    if (tables.length) app.log.info({ tables, ms: Math.round(performance.now() - started) }, 'PGlite: vacuumed and analyzed')
  })
}
