import { randomBytes } from 'node:crypto'
import { chainForward, chainNext, saltOf } from '../../shared/games/rounds/chain'
import type { RoundGameId } from '../../shared/games/rounds/types'
import type { Db, Queryable } from '../db/connection'
import { generateChain } from './chainWorker'

/**
 * How a new chain's salt is made, after its terminating hash is published (chain.ts): from the
 * seeds of the first `seeds` players to send one, or those come within `waitMs`; or from a public
 * value named in advance by `source`, given by the operators once it exists.
 */
export type SaltPlan = { method: 'seeds'; seeds: number; waitMs: number } | { method: 'public'; source: string }

export interface ChainOptions {
  /** Links in a new chain (rounds it can play: one less). */
  length: number
  /** A checkpoint every this many links. */
  every: number
  salt: SaltPlan
}
const DEFAULT_CHAIN: ChainOptions = { length: 1_000_000, every: 1_000, salt: { method: 'seeds', seeds: 3, waitMs: 30_000 } }

interface ChainRow {
  id: bigint
  game: string
  salt: string | null
  terminating_hash: string
  length: number
  checkpoint_every: number
}

/**
 * One game's hash chain in play: its public commitment (terminating hash, then the salt) and the hash
 * of any of its rounds, recomputed from the nearest checkpoint below it. Rounds are numbered from
 * 1: round n plays link[length - 1 - n], so round 1 plays the link just before the terminating hash.
 */
export class RoundChain {
  /** The segment last computed: link[segmentStart ...]. */
  private segmentStart = -1
  private segment: string[] = []

  constructor(
    readonly id: bigint,
    readonly game: RoundGameId,
    /** null until it is fixed (fixSalt); no round is played before. */
    public salt: string | null,
    readonly terminatingHash: string,
    readonly length: number,
    private readonly every: number,
    private readonly checkpoints: readonly string[],
  ) {}

  /** How many rounds the chain plays: every link but the terminating one. */
  get rounds(): number {
    return this.length - 1
  }

  /** The hash of round n (1 .. rounds). Rounds go one after another, so a segment serves `every` of them. */
  hashOf(n: number): string {
    if (!Number.isInteger(n) || n < 1 || n > this.rounds) throw new Error(`chain ${this.id} has no round ${n}`)
    const idx = this.length - 1 - n
    const start = Math.floor(idx / this.every) * this.every
    if (start !== this.segmentStart) {
      const first = this.checkpoints[start / this.every]
      if (first === undefined) throw new Error(`chain ${this.id} lacks checkpoint ${start}`)
      const links = [first]
      for (let i = 1, h = first; i < this.every && start + i < this.length; i++) links.push((h = chainNext(h)))
      this.segment = links
      this.segmentStart = start
    }
    const hash = this.segment[idx - start]
    if (hash === undefined) throw new Error(`chain ${this.id}: link ${idx} is past its segment`)
    return hash
  }

  /** The hash a round's hash leads to: the previous round's, or the terminating hash for round 1. */
  previousHashOf(n: number): string {
    return n === 1 ? this.terminatingHash : this.hashOf(n - 1)
  }
}

async function load(db: Queryable, row: ChainRow): Promise<RoundChain> {
  const cps = await db.query<{ hash: string }>('SELECT hash FROM round_chain_checkpoints WHERE chain_id = $1 ORDER BY idx', [row.id])
  return new RoundChain(row.id, row.game as RoundGameId, row.salt, row.terminating_hash, row.length, row.checkpoint_every, cps.rows.map((r) => r.hash))
}

/**
 * The game's chain in play, made when it has none: a random seed hashed `length` times in a worker
 * thread (progress goes to `log`), stored as checkpoints in one transaction, with no salt yet and
 * how it will be made (options.salt; fixSalt, fixPublicSalt).
 * Two processes making one at once: the unique index keeps the first, the other loads it.
 */
export async function liveChain(db: Db, game: RoundGameId, options: ChainOptions = DEFAULT_CHAIN, log?: (msg: string) => void, now: () => number = Date.now): Promise<RoundChain> {
  const select = 'SELECT id, game, salt, terminating_hash, length, checkpoint_every FROM round_chains WHERE game = $1 AND used_up_at IS NULL'
  const found = (await db.query<ChainRow>(select, [game])).rows[0]
  if (found) return load(db, found)
  if (options.salt.method === 'public') {
    // A value that has salted a chain (any game's) is known now: the server could pick a chain to suit it.
    const used = await db.query(`SELECT 1 FROM round_chains WHERE salt_method = 'public' AND salt_source = $1 AND salt IS NOT NULL`, [options.salt.source])
    if (used.rows.length > 0) throw new Error(`${game}: ROUND_SALT_SOURCE "${options.salt.source}" named an earlier chain's salt; name a value that does not exist yet for the next chain`)
  }
  const seed = randomBytes(32).toString('hex')
  let tenths = 0
  const made = await generateChain(seed, options.length, options.every, (done) => {
    const now = Math.floor((done * 10) / options.length)
    if (now > tenths) {
      tenths = now
      log?.(`${game}: hash chain ${now * 10} % (${done} of ${options.length} links)`)
    }
  })
  // The worker's chain, checked at its ends against the shared code before anything is stored.
  const lastCheckpoint = made.checkpoints[made.checkpoints.length - 1] ?? ''
  if (made.checkpoints[0] !== seed || chainForward(lastCheckpoint, (options.length - 1) % options.every) !== made.terminatingHash) {
    throw new Error(`${game}: the generated chain does not check`)
  }
  // Published without a salt: it is fixed later from what the server cannot choose (fixSalt).
  const plan = options.salt
  const id = await db.tx(async (q) => {
    const r = await q.query<{ id: bigint }>(
      `INSERT INTO round_chains (game, salt, terminating_hash, length, checkpoint_every, created_at, salt_method, salt_seeds, salt_deadline, salt_source)
       VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (game) WHERE used_up_at IS NULL DO NOTHING RETURNING id`,
      [
        game,
        made.terminatingHash,
        options.length,
        options.every,
        new Date(now()),
        plan.method,
        plan.method === 'seeds' ? plan.seeds : null,
        plan.method === 'seeds' ? new Date(now() + plan.waitMs) : null,
        plan.method === 'public' ? plan.source : null,
      ],
    )
    const chainId = r.rows[0]?.id
    if (chainId === undefined) return null
    await q.query(
      'INSERT INTO round_chain_checkpoints (chain_id, idx, hash) SELECT $1, (n - 1) * $2, h FROM unnest($3::text[]) WITH ORDINALITY AS c(h, n)',
      [chainId, options.every, made.checkpoints],
    )
    return chainId
  })
  if (id === null) log?.(`${game}: another process made the chain first; using its chain`)
  const row = (await db.query<ChainRow>(select, [game])).rows[0]
  if (!row) throw new Error(`${game}: no chain after making one`)
  return load(db, row)
}

interface SaltRow {
  salt: string | null
  salt_method: string
  salt_seeds: number | null
  salt_deadline: Date | null
}

/**
 * Fixes the chain's salt when its time has come, in the caller's transaction: with the seeds of the
 * first `salt_seeds` players once that many have come, or with those there are (maybe none) once
 * the deadline has passed. A public value is fixed only by fixPublicSalt. The chain's row is taken
 * first, so a seed sent meanwhile either counts or is refused. Returns the salt, or null while it waits.
 */
export async function fixSalt(q: Queryable, chainId: bigint, at: Date): Promise<string | null> {
  const row = (await q.query<SaltRow>('SELECT salt, salt_method, salt_seeds, salt_deadline FROM round_chains WHERE id = $1 FOR UPDATE', [chainId])).rows[0]
  if (!row) throw new Error(`no chain ${chainId}`)
  if (row.salt !== null || row.salt_method !== 'seeds') return row.salt
  const wanted = Number(row.salt_seeds ?? 1)
  const seeds = (await q.query<{ seed: string }>('SELECT seed FROM round_chain_seeds WHERE chain_id = $1 ORDER BY seq LIMIT $2', [chainId, wanted])).rows.map((r) => r.seed)
  if (seeds.length < wanted && (row.salt_deadline === null || at < row.salt_deadline)) return null
  const salt = saltOf(seeds)
  await q.query('UPDATE round_chains SET salt = $2, salt_inputs = $3, salt_fixed_at = $4 WHERE id = $1', [chainId, salt, JSON.stringify(seeds), at])
  return salt
}

/** Fixes a 'public' chain's salt with the value its commitment named; null when it is not waiting for one. */
export async function fixPublicSalt(q: Queryable, chainId: bigint, value: string, at: Date): Promise<string | null> {
  const salt = saltOf([value])
  const r = await q.query(
    `UPDATE round_chains SET salt = $2, salt_inputs = $3, salt_fixed_at = $4 WHERE id = $1 AND salt IS NULL AND salt_method = 'public' RETURNING id`,
    [chainId, salt, JSON.stringify([value]), at],
  )
  return r.rows.length > 0 ? salt : null
}
