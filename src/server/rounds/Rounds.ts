import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId } from '../../shared/games/rounds/types'
import type { RoundsConfig, WalletConfig } from '../config'
import type { Db, SessionLock } from '../db/connection'
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
/** The advisory lock of the process that runs the round loops (any constant of ours). */
export const LOOPS_LOCK = 7_245_119
/** How often a process without the loops asks for them (a dead owner's are taken over within this). */
const TAKEOVER_EVERY_MS = 2_000

export class Rounds {
  private loops: RoundLoop[] = []
  private lock: SessionLock | null = null
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly config: RoundsConfig,
    private readonly deps: Omit<RoundLoopDeps, 'chain' | 'wager' | 'db'> & { wallet: Pick<WalletConfig, 'bonusMaxStake' | 'wagerContribution'>; listener?: RoundListener },
  ) {}

  /**
   * Runs every game's loop in the background (each first makes its chain when it has none), in
   * one process of those sharing the database: the one holding the loops' lock. The others ask
   * again every TAKEOVER_EVERY_MS, so when the owner dies (its connection, and the lock, go) one
   * of them takes over; the loops' state is in the database, so they go on where it stopped.
   */
  start(): void {
    if (!this.config.enabled) return
    void this.claim()
  }

  /** Whether this process runs the loops now. */
  get owner(): boolean {
    return this.lock !== null
  }

  private async claim(): Promise<void> {
    if (this.stopped || this.lock) return
    try {
      this.lock = await this.db.sessionLock(LOOPS_LOCK)
    } catch (err) {
      this.deps.log.warn({ err }, 'could not ask for the round loops; trying again')
    }
    if (this.stopped) {
      await this.lock?.release()
      this.lock = null
      return
    }
    if (!this.lock) {
      this.timer = setTimeout(() => void this.claim(), TAKEOVER_EVERY_MS)
      this.timer.unref()
      return
    }
    const held = this.lock
    this.deps.log.info({}, 'this process runs the round loops')
    void held.lost.then(async () => {
      if (this.lock !== held || this.stopped) return
      this.deps.log.warn({}, 'lost the round loops\' lock (database connection gone): stopping them')
      this.lock = null
      await this.stopLoops()
      void this.claim()
    })
    this.startLoops()
  }

  private async stopLoops(): Promise<void> {
    const loops = this.loops
    this.loops = []
    await Promise.all(loops.map((l) => l.stop()))
  }

  private startLoops(): void {
    for (const game of ROUND_GAME_IDS) {
      const loop = new RoundLoop(game, ROUND_GAMES[game].rules, this.config.timings[game], {
        db: this.db,
        now: this.deps.now,
        log: this.deps.log,
        wager: this.deps.wallet,
        chain: { length: this.config.chainLength, every: this.config.chainEvery, salt: this.config.salt },
        listener: this.deps.listener,
      })
      this.loops.push(loop)
      loop.start().catch((err: unknown) => this.deps.log.error({ err, game }, 'the round loop could not start'))
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.stopLoops()
    const lock = this.lock
    this.lock = null
    await lock?.release()
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
