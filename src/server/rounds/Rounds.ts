import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId } from '../../shared/games/rounds/types'
import type { RoundsConfig, WalletConfig } from '../config'
import type { Db } from '../db/connection'
import { RoundLoop, type LiveRound, type RoundListener, type RoundLoopDeps } from './RoundLoop'

interface OpenRow {
  id: bigint
  chain_id: bigint
  seq: number
  round_id: string
  betting_ends_at: Date
  roll: number | null
  hash: string | null
}

/**
 * Every shared-round game of this process: the loops it runs (ROUNDS=on) and the live state any
 * process can answer from the database.
 */
export class Rounds {
  private readonly loops: RoundLoop[] = []

  constructor(
    private readonly db: Db,
    private readonly config: RoundsConfig,
    private readonly deps: Omit<RoundLoopDeps, 'chain' | 'wager' | 'db'> & { wallet: Pick<WalletConfig, 'bonusMaxStake' | 'wagerContribution'>; listener?: RoundListener },
  ) {}

  /** Starts every game's loop in the background (each first makes its chain when it has none). */
  start(): void {
    if (!this.config.enabled) return
    for (const game of ROUND_GAME_IDS) {
      const loop = new RoundLoop(game, ROUND_GAMES[game].rules, this.config.timings[game], {
        db: this.db,
        now: this.deps.now,
        log: this.deps.log,
        wager: this.deps.wallet,
        chain: { length: this.config.chainLength, every: this.config.chainEvery },
        listener: this.deps.listener,
      })
      this.loops.push(loop)
      loop.start().catch((err: unknown) => this.deps.log.error({ err, game }, 'the round loop could not start'))
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((l) => l.stop()))
  }

  /** The game's round in play, or the last one settled while the next has not opened. */
  async state(game: RoundGameId): Promise<LiveRound | null> {
    const mine = this.loops.find((l) => l.game === game)?.current
    if (mine) return mine
    // Another process runs this game's loop: the database knows its round.
    const r = await this.db.query<OpenRow>(
      `SELECT id, chain_id, seq, round_id, betting_ends_at, roll, hash FROM rounds WHERE game = $1 ORDER BY id DESC LIMIT 1`,
      [game],
    )
    const row = r.rows[0]
    if (!row) return null
    const t = this.config.timings[game]
    const bettingEndsAt = row.betting_ends_at.getTime()
    const prev = await this.db.query<{ hash: string | null }>(
      `SELECT COALESCE((SELECT hash FROM rounds WHERE chain_id = $1 AND seq = $2), (SELECT terminating_hash FROM round_chains WHERE id = $1 AND $2 = 0)) AS hash`,
      [row.chain_id, Number(row.seq) - 1],
    )
    return {
      game,
      pk: BigInt(row.id),
      roundId: row.round_id,
      seq: Number(row.seq),
      bettingEndsAt,
      drawEndsAt: bettingEndsAt + t.drawMs,
      nextAt: bettingEndsAt + t.drawMs + t.resultMs,
      previousHash: prev.rows[0]?.hash ?? '',
      hash: row.hash,
      roll: row.roll === null ? null : Number(row.roll),
    }
  }
}
