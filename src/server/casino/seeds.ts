import { randomBytes } from 'node:crypto'
import { hashServerSeed } from '../../shared/games/fair'
import type { Queryable } from '../db/connection'
import { AppError } from '../AppError'
import { one } from '../db/one'

export interface SeedRow {
  id: bigint
  server_seed: string
  server_seed_hash: string
  client_seed: string
  nonce: number
}

const newServerSeed = () => randomBytes(32).toString('hex')
const defaultClientSeed = () => randomBytes(8).toString('hex')

/** The user's active seed pair, created on first use; `forUpdate` locks it (bets take nonces in turn). */
export async function activeSeed(q: Queryable, userId: bigint, at: Date, forUpdate = false): Promise<SeedRow> {
  const select = `SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM fair_seeds WHERE user_id = $1 AND active${forUpdate ? ' FOR UPDATE' : ''}`
  const found = await q.query<SeedRow>(select, [userId])
  if (found.rows[0]) return found.rows[0]
  const serverSeed = newServerSeed()
  await q.query(
    `INSERT INTO fair_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [userId, serverSeed, hashServerSeed(serverSeed), defaultClientSeed(), at],
  )
  const created = await q.query<SeedRow>(select, [userId])
  return one(created.rows, 'the active fair_seeds row just ensured')
}

/**
 * Rotation: reveals the old server seed (every bet made with it becomes verifiable) and starts a
 * new pair with the client seed given, nonce 0. Refused while a mines game is open on the old pair.
 */
export async function rotateSeed(q: Queryable, userId: bigint, clientSeed: string, at: Date) {
  const old = await activeSeed(q, userId, at, true)
  const open = await q.query(`SELECT 1 FROM casino_bets WHERE user_id = $1 AND game = 'mines' AND state = 'active'`, [userId])
  if (open.rows.length) throw new AppError('GAME_IN_PROGRESS')
  await q.query('UPDATE fair_seeds SET active = false, revealed_at = $2 WHERE id = $1', [old.id, at])
  const serverSeed = newServerSeed()
  await q.query(
    'INSERT INTO fair_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at) VALUES ($1, $2, $3, $4, $5)',
    [userId, serverSeed, hashServerSeed(serverSeed), clientSeed, at],
  )
  return {
    previousServerSeed: old.server_seed,
    previousServerSeedHash: old.server_seed_hash,
    previousClientSeed: old.client_seed,
    previousNonce: old.nonce,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    nonce: 0,
  }
}
