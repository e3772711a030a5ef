import { roundRoll } from '../../shared/games/rounds/chain'
import { luckyPeriodId } from '../../shared/games/rounds/luckyColor'
import type { RoundGameId, RoundRules, RoundTimings } from '../../shared/games/rounds/types'
import type { Db } from '../db/connection'
import type { WagerRules } from '../wallet/wagering'
import { fixSalt, liveChain, type ChainOptions, type RoundChain } from './RoundChain'
import { settleRound, voidRound, type PlayerOutcome } from './settleRound'

/** The round a loop is playing, as it tells its listeners. */
export interface LiveRound {
  game: RoundGameId
  pk: bigint
  roundId: string
  seq: number
  bettingEndsAt: number
  /** When the draw's animation ends and the result shows. */
  drawEndsAt: number
  /** When the next round opens. */
  nextAt: number
  previousHash: string
  hash: string | null
  roll: number | null
}

export interface RoundListener {
  started?(round: LiveRound): void
  /** Betting closed and the round settled in the same transaction; `outcomes`: each player with a bet. */
  settled?(round: LiveRound, outcomes: PlayerOutcome[]): void
  voided?(game: RoundGameId, roundId: string, outcomes: PlayerOutcome[]): void
  /** The game's chain waits for players' seeds to make its salt (said again every SEED_CALL_MS while it waits). */
  seedWanted?(game: RoundGameId): void
}

export interface RoundLoopDeps {
  db: Db
  now: () => number
  wager: WagerRules
  chain: ChainOptions
  log: { info(o: object, msg?: string): void; warn(o: object, msg?: string): void; error(o: object, msg?: string): void }
  listener?: RoundListener
}

interface OpenRow {
  id: bigint
  chain_id: bigint
  seq: number
  round_id: string
  phase: string
  betting_ends_at: Date
}

/** How long a round must still have open for bets to be opened mid-period (Lucky Color; at most a third of its betting time). */
const LATE_OPEN_MS = 3_000
/** After a failure (the database away), the loop tries again this much later. */
const RETRY_MS = 2_000
/** While a new chain's salt waits for players' seeds or a public value, the loop looks again this often. */
const SALT_POLL_MS = 500
/** How often the game's room is asked for seeds while the salt waits for them. */
const SEED_CALL_MS = 5_000

/**
 * One game's round loop: opens a round, closes it when its betting time is up and settles it in
 * the same transaction (its roll from the chain's committed hash), waits through the draw and the
 * result, and opens the next. Its state lives in the database, so a restart goes on where it
 * stopped: a round still open for bets keeps its time, one whose betting had closed is settled
 * with its committed hash at once, and a round of a chain that is gone is voided (stakes back).
 * Lucky Color's rounds are the periods of the São Paulo day.
 */
export class RoundLoop {
  private chain: RoundChain | null = null
  private live: LiveRound | null = null
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> = Promise.resolve()
  private stopped = false
  /** When the room was last asked for seeds. */
  private seedCalledAt = 0

  constructor(
    readonly game: RoundGameId,
    private readonly rules: RoundRules,
    private readonly timings: RoundTimings,
    private readonly deps: RoundLoopDeps,
  ) {}

  /** The round in play (or the one just settled, until the next opens). */
  get current(): LiveRound | null {
    return this.live
  }

  async start(): Promise<void> {
    this.chain = await liveChain(this.deps.db, this.game, this.deps.chain, (msg) => this.deps.log.info({ game: this.game }, msg), this.deps.now)
    await this.step(() => this.recover())
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  private get periodMs(): number {
    return this.timings.bettingMs + this.timings.drawMs + this.timings.resultMs
  }

  /** Runs one step after the last, never two at once; a failure is logged and the step tried again. */
  private step(fn: () => Promise<void>): Promise<void> {
    this.running = this.running.then(async () => {
      if (this.stopped) return
      try {
        await fn()
      } catch (err) {
        this.deps.log.error({ err, game: this.game }, 'round loop step failed; trying again')
        this.at(this.deps.now() + RETRY_MS, fn)
      }
    })
    return this.running
  }

  private at(when: number, fn: () => Promise<void>): void {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.step(fn), Math.max(0, when - this.deps.now()))
  }

  private async recover(): Promise<void> {
    const open = (
      await this.deps.db.query<OpenRow>(`SELECT id, chain_id, seq, round_id, phase, betting_ends_at FROM rounds WHERE game = $1 AND phase IN ('betting', 'drawing')`, [this.game])
    ).rows[0]
    if (!open) return this.open()
    const chain = this.requireChain()
    const seq = Number(open.seq)
    if (BigInt(open.chain_id) !== chain.id || seq > chain.rounds) {
      this.deps.log.warn({ game: this.game, round: open.round_id }, 'the round belongs to a chain no longer in play: voided, stakes refunded')
      return this.void(BigInt(open.id), open.round_id)
    }
    const live = this.liveOf(BigInt(open.id), open.round_id, seq, open.betting_ends_at.getTime())
    this.live = live
    if (open.phase === 'betting' && this.deps.now() < live.bettingEndsAt) {
      this.at(live.bettingEndsAt, () => this.close())
      return
    }
    return this.close()
  }

  private requireChain(): RoundChain {
    if (!this.chain) throw new Error(`${this.game}: the loop has not started`)
    return this.chain
  }

  private liveOf(pk: bigint, roundId: string, seq: number, bettingEndsAt: number): LiveRound {
    const drawEndsAt = bettingEndsAt + this.timings.drawMs
    return { game: this.game, pk, roundId, seq, bettingEndsAt, drawEndsAt, nextAt: drawEndsAt + this.timings.resultMs, previousHash: this.requireChain().previousHashOf(seq), hash: null, roll: null }
  }

  /** When the next round may open, and when its betting ends: at once for Double; at a period's start for Lucky Color. */
  private nextTimes(now: number): { openAt: number; bettingEndsAt: number } {
    if (this.game !== 'luckyColor') return { openAt: now, bettingEndsAt: now + this.timings.bettingMs }
    const start = Math.floor(now / this.periodMs) * this.periodMs
    const late = Math.min(LATE_OPEN_MS, this.timings.bettingMs / 3)
    if (now < start + this.timings.bettingMs - late) return { openAt: now, bettingEndsAt: start + this.timings.bettingMs }
    const next = start + this.periodMs
    return { openAt: next, bettingEndsAt: next + this.timings.bettingMs }
  }

  private async open(): Promise<void> {
    const now = this.deps.now()
    const { openAt, bettingEndsAt } = this.nextTimes(now)
    if (openAt > now) {
      this.at(openAt, () => this.open())
      return
    }
    let chain = this.requireChain()
    const last = await this.deps.db.query<{ seq: number | null }>('SELECT max(seq) AS seq FROM rounds WHERE chain_id = $1', [chain.id])
    let seq = Number(last.rows[0]?.seq ?? 0) + 1
    if (seq > chain.rounds) {
      // Every link played: the chain is retired and a new one (new commitment) takes over.
      await this.deps.db.query('UPDATE round_chains SET used_up_at = $2 WHERE id = $1 AND used_up_at IS NULL', [chain.id, new Date(now)])
      chain = this.chain = await liveChain(this.deps.db, this.game, this.deps.chain, (msg) => this.deps.log.info({ game: this.game }, msg), this.deps.now)
      seq = 1
    }
    if (chain.salt === null) {
      // No round before the salt is fixed: until then nobody, the server included, knows a result.
      const id = chain.id
      chain.salt = await this.deps.db.tx((q) => fixSalt(q, id, new Date(now)))
      if (chain.salt === null) {
        if (this.deps.chain.salt.method === 'seeds' && now - this.seedCalledAt >= SEED_CALL_MS) {
          this.seedCalledAt = now
          this.deps.listener?.seedWanted?.(this.game)
        }
        this.at(now + SALT_POLL_MS, () => this.open())
        return
      }
      this.deps.log.info({ game: this.game, chain: String(chain.id) }, 'the chain\'s salt is fixed; its rounds begin')
    }
    const pk = BigInt((await this.deps.db.query<{ id: bigint }>(`SELECT nextval('rounds_id_seq') AS id`)).rows[0]?.id ?? 0n)
    const roundId = this.game === 'luckyColor' ? luckyPeriodId(new Date(bettingEndsAt - 1), this.periodMs) : String(pk)
    const inserted = await this.deps.db.query(
      `INSERT INTO rounds (id, game, chain_id, seq, round_id, phase, started_at, betting_ends_at) VALUES ($1, $2, $3, $4, $5, 'betting', $6, $7)
       ON CONFLICT DO NOTHING RETURNING id`,
      [pk, this.game, chain.id, seq, roundId, new Date(now), new Date(bettingEndsAt)],
    )
    if (inserted.rows.length === 0) {
      // Another process opened this game's round (or this period's): look again later.
      this.deps.log.warn({ game: this.game, round: roundId }, 'a round is already open or this period was played; waiting')
      this.at(now + RETRY_MS, () => this.recover())
      return
    }
    this.live = this.liveOf(pk, roundId, seq, bettingEndsAt)
    this.deps.listener?.started?.(this.live)
    this.at(bettingEndsAt, () => this.close())
  }

  /** Betting closes and the round settles, in one transaction. */
  private async close(): Promise<void> {
    const live = this.live
    if (!live) return this.open()
    const chain = this.requireChain()
    const hash = chain.hashOf(live.seq)
    if (chain.salt === null) throw new Error(`${this.game}: a round of chain ${chain.id} opened before its salt was fixed`)
    const roll = roundRoll(hash, chain.salt, this.rules.size)
    const outcomes = await this.deps.db.tx((q) => settleRound(q, this.rules, this.deps.wager, { pk: live.pk, hash, roll }, new Date(this.deps.now())))
    const settled = { ...live, hash, roll }
    this.live = settled
    if (outcomes) this.deps.listener?.settled?.(settled, outcomes)
    // A round settled late (a restart) still shows its draw and result before the next opens.
    const nextAt = Math.max(settled.nextAt, this.deps.now() + (outcomes ? this.timings.drawMs + this.timings.resultMs : 0))
    this.at(nextAt, () => this.open())
  }

  private async void(pk: bigint, roundId: string): Promise<void> {
    const outcomes = await this.deps.db.tx((q) => voidRound(q, this.game, pk, new Date(this.deps.now())))
    if (outcomes) this.deps.listener?.voided?.(this.game, roundId, outcomes)
    this.live = null
    return this.open()
  }
}
