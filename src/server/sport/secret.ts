import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/connection'

/**
 * The simulator's secret: 32 random bytes made once, by whichever server starts first, and kept in
 * the database (sport_secret), so every process and every restart plays the same matches. Outside
 * production, SPORT_SEED replaces it with a hash of the seed, so tests and visual snapshots see the
 * same matches in every run (production refuses SPORT_SEED: a known seed is a known future).
 */
export async function sportSecret(q: Queryable, seed: string | null): Promise<Buffer> {
  if (seed !== null) return seededSportSecret(seed)
  // As hex both ways: a Buffer is no bytea to PGlite under another realm's Uint8Array (jsdom's, in the client tests).
  await q.query("INSERT INTO sport_secret (id, secret) VALUES (1, decode($1, 'hex')) ON CONFLICT (id) DO NOTHING", [randomBytes(32).toString('hex')])
  const row = (await q.query<{ secret: string }>("SELECT encode(secret, 'hex') AS secret FROM sport_secret WHERE id = 1")).rows[0]
  if (!row) throw new Error('sport_secret has no row')
  return Buffer.from(row.secret, 'hex')
}

/** The secret SPORT_SEED stands for (the money simulator computes its server's calendar from it). */
export function seededSportSecret(seed: string): Buffer {
  return createHash('sha256').update(`aposta-sport-seed:${seed}`).digest()
}
