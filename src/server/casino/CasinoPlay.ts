/**
 * The casino originals' bet path (issue 11): every move (a dice or limbo bet, a mines start,
 * reveal or cash-out) is one call of casino_play (db/functions/casino/casino_play.sql) that takes the Idempotency-Key,
 * checks and moves the money, writes the bet and stores the reply, sent through GroupCommit so
 * moves that arrive together share one statement and one commit. casino_play_batch (db/functions/casino/casino_play_batch.sql)
 * writes the batch's plain dice and limbo bets together, set-based, and every other move alone.
 *
 * Node computes the outcome before the call, with the shared provably-fair code, from the seed pair
 * (or open mines game) it remembers; the database verifies that pair and nonce under the row's
 * lock and answers STALE with the row as it is when it moved (another process, a rotation, a
 * refused bet that took no nonce): the move is computed again and resent. A player this process
 * has not seen yet costs one such round trip.
 *
 * The reply is written here as JSON text with three holes (bet id, balance, version) that the
 * database fills; a replay answers the stored text, byte for byte.
 */
import { LOW_BALANCE_BELOW } from '../../shared/contract/wallet'
import { diceMultiplier, diceRoll, diceWins, type DiceCondition } from '../../shared/games/dice'
import type { SeedPair } from '../../shared/games/fair'
import { limboMultiplier, limboResult, limboWins } from '../../shared/games/limbo'
import { minePositions, minesMultiplier, TILES } from '../../shared/games/mines'
import { payoutOf } from '../../shared/games/payout'
import { GroupCommit } from '../bets/GroupCommit'
import { HOLE, POSTGRES_LANES, replyParts, storeRefusal, storedAnswer, type KeyedCall, type KeyedReplyRow } from '../bets/storedReply'
import type { Db } from '../db/connection'
import type { WalletConfig } from '../config'
import { AppError } from '../AppError'
import type { StoredReply } from '../http/idempotency'
import { dayOf } from '../wallet/days'
import type { BetFacts } from '../wallet/nudges'
import { countedStake } from '../wallet/wagering'
import { activeSeed } from './seeds'
import { betView, type BetRow, type CasinoLimits } from './bets'
import { isProtectionCode, protectionError } from '../protection/refusal'

export interface Played extends StoredReply {
  /** Set when this call moved money (not on a replay or a refusal). */
  moved?: {
    balance: bigint
    version: bigint
    stake: bigint
    payout: bigint
    /** The bet is settled (a mines game that goes on is not). */
    ended: boolean
    facts: BetFacts
  }
}

interface SeedState {
  id: bigint
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
  /** The nonce the next move will take. */
  nonce: number
}

interface MinesState {
  id: bigint
  amount: bigint
  mines: number
  revealed: number[]
  multiplier: bigint
  nonce: number
  createdAt: number
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
}

interface ReplyRow extends KeyedReplyRow {
  stale: unknown
  is_test: boolean | null
  day_total: bigint | null
  offered: boolean | null
  paid: boolean | null
}

/** A move as casino_play reads it (JSON; bigints as text). */
type Move = Record<string, unknown> & { op: 'instant' | 'start' | 'reveal' | 'cashout'; parts: string[] }

export type InstantBet = { game: 'dice'; stake: bigint; target: number; condition: DiceCondition } | { game: 'limbo'; stake: bigint; target: number }

type Call = KeyedCall

/** Stale answers are expected once per player and process, or after a rotation elsewhere. */
const MAX_TRIES = 6
/** Seeds remembered at most (the least recently used are forgotten first). */
const MAX_REMEMBERED = 50_000
/** The house sub-accounts (db/functions/ledger/house_account.sql); the bet paths' lanes (POSTGRES_LANES) must divide them. */
const HOUSE_SHARDS = 16
if (HOUSE_SHARDS % POSTGRES_LANES !== 0) throw new Error('the PostgreSQL lanes must divide the house sub-accounts')

/** A bet row as betView reads it, with holes where the database writes. */
function viewWithHoles(row: Omit<BetRow, 'id' | 'seed_active'>): string[] {
  const holes = { balance: HOLE.balance, balanceVersion: HOLE.version } as unknown as { balance: number; balanceVersion: number }
  return replyParts(betView({ ...row, id: HOLE.id as unknown as bigint, seed_active: true }, holes))
}

class Lru<V> {
  private readonly map = new Map<bigint, V>()
  get(k: bigint): V | undefined {
    const v = this.map.get(k)
    if (v !== undefined) {
      this.map.delete(k)
      this.map.set(k, v)
    }
    return v
  }
  set(k: bigint, v: V): void {
    this.map.delete(k)
    this.map.set(k, v)
    if (this.map.size > MAX_REMEMBERED) {
      const oldest = this.map.keys().next()
      if (!oldest.done) this.map.delete(oldest.value)
    }
  }
  delete(k: bigint): void {
    this.map.delete(k)
  }
}

const seedOf = (json: unknown): SeedState | null => {
  if (!json || typeof json !== 'object') return null
  const s = json as Record<string, unknown>
  return { id: BigInt(String(s.id)), serverSeed: String(s.serverSeed), serverSeedHash: String(s.serverSeedHash), clientSeed: String(s.clientSeed), nonce: Number(s.nonce) }
}

const minesOf = (json: unknown): MinesState | null => {
  if (!json || typeof json !== 'object') return null
  const g = json as Record<string, unknown>
  return {
    id: BigInt(String(g.id)),
    amount: BigInt(String(g.amount)),
    mines: Number(g.mines),
    revealed: (g.revealed as number[]).map(Number),
    multiplier: BigInt(String(g.multiplier)),
    nonce: Number(g.nonce),
    createdAt: Number(g.createdAt),
    serverSeed: String(g.serverSeed),
    serverSeedHash: String(g.serverSeedHash),
    clientSeed: String(g.clientSeed),
  }
}

const pairOf = (s: { serverSeed: string; clientSeed: string }, nonce: number): SeedPair => ({ serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce })

export class CasinoPlay {
  private readonly seeds = new Lru<SeedState>()
  /** The open mines game per player; null when this process knows there is none. */
  private readonly games = new Lru<MinesState | null>()
  private readonly running = new Map<bigint, Promise<void>>()
  private readonly commits: GroupCommit<Move & { u: string }, ReplyRow>

  constructor(
    private readonly db: Db,
    private readonly rules: Pick<WalletConfig, 'bonusMaxStake' | 'wagerContribution'>,
    private readonly limits: CasinoLimits,
    /** Told each group-committed batch's size (the metrics). */
    onBatch: (size: number) => void,
  ) {
    this.commits = new GroupCommit(
      async (moves) => (await db.query<ReplyRow>('SELECT * FROM casino_play_batch($1::jsonb)', [JSON.stringify(moves)])).rows,
      db.kind === 'pglite' ? 1 : POSTGRES_LANES,
      onBatch,
    )
  }

  /**
   * One player's moves run one after another (they would queue on the player's rows in the
   * database anyway), so the pair and game this process remembers are exact when a move is
   * computed: a move never predicts a nonce that an earlier, still unanswered move may not take.
   */
  private serial<T>(userId: bigint, fn: () => Promise<T>): Promise<T> {
    const before = this.running.get(userId) ?? Promise.resolve()
    const run = before.then(fn)
    const done = run.then(
      () => undefined,
      () => undefined,
    )
    this.running.set(userId, done)
    void done.then(() => {
      if (this.running.get(userId) === done) this.running.delete(userId)
    })
    return run
  }

  /** A rotation ends the pair this process remembers. */
  forgetSeed(userId: bigint): void {
    this.seeds.delete(userId)
  }

  /** Dice and limbo: nonce, stake, outcome and payout in one call. */
  instant(call: Call, bet: InstantBet): Promise<Played> {
    const multiplier = bet.game === 'dice' ? diceMultiplier(bet.target, bet.condition) : limboMultiplier(bet.target)
    return this.withSeed(call, (seed) => {
      const pair = pairOf(seed, seed.nonce)
      const outcome = bet.game === 'dice' ? diceRoll(pair) : limboResult(pair)
      const won = bet.game === 'dice' ? diceWins(outcome, bet.target, bet.condition) : limboWins(outcome, bet.target)
      const payout = won ? payoutOf(bet.stake, multiplier) : 0n
      const condition = bet.game === 'dice' ? bet.condition : null
      const row = {
        ...this.rowBase(bet.game, bet.stake, seed, seed.nonce, call.at),
        target: bet.target,
        condition,
        outcome,
        state: won ? ('won' as const) : ('lost' as const),
        multiplier: won ? multiplier : 0n,
        payout,
      }
      return {
        move: {
          op: 'instant',
          g: bet.game,
          stake: String(bet.stake),
          target: bet.target,
          cond: condition,
          outcome,
          mult: String(row.multiplier),
          payout: String(payout),
          // Won or lost, the bet aimed for its multiplier.
          counted: String(countedStake(this.rules, bet.game, bet.stake, multiplier)),
          parts: viewWithHoles(row),
        },
        stake: bet.stake,
        payout,
        ended: true,
      }
    })
  }

  /** Mines: takes the stake and opens the game. */
  startMines(call: Call, stake: bigint, mines: number): Promise<Played> {
    return this.withSeed(call, (seed) => {
      const row = { ...this.rowBase('mines', stake, seed, seed.nonce, call.at), mines, state: 'active' as const, multiplier: 10_000n, payout: 0n }
      return { move: { op: 'start', stake: String(stake), mines, parts: viewWithHoles(row) }, stake, payout: 0n, ended: false }
    })
  }

  /** Reveals a tile: a mine ends the game; the last safe tile, or reaching the payout cap, cashes out. */
  reveal(call: Call, tile: number): Promise<Played> {
    return this.withGame(call, (game) => {
      const revealed = [...game.revealed, tile]
      const mine = minePositions(pairOf(game, game.nonce), game.mines).includes(tile)
      const multiplier = minesMultiplier(game.mines, revealed.length)
      const full = payoutOf(game.amount, multiplier)
      const ended = mine || revealed.length === TILES - game.mines || full >= this.limits.maxPayout
      const payout = mine ? 0n : ended ? (full < this.limits.maxPayout ? full : this.limits.maxPayout) : 0n
      const next: MinesState = { ...game, revealed, multiplier: mine ? 0n : multiplier }
      return {
        move: {
          op: 'reveal',
          tile,
          revealed,
          mult: String(next.multiplier),
          end: ended,
          payout: String(payout),
          // A lost game counts by the multiplier its last tile aimed for.
          counted: String(countedStake(this.rules, 'mines', game.amount, multiplier)),
          parts: this.minesView(next, ended, payout),
        },
        next: ended ? null : next,
        payout,
        ended,
      }
    })
  }

  cashOut(call: Call): Promise<Played> {
    return this.withGame(call, (game) => {
      const full = payoutOf(game.amount, game.multiplier)
      const payout = full < this.limits.maxPayout ? full : this.limits.maxPayout
      return {
        move: { op: 'cashout', payout: String(payout), counted: String(countedStake(this.rules, 'mines', game.amount, game.multiplier)), parts: this.minesView(game, true, payout) },
        next: null,
        payout,
        ended: true,
      }
    })
  }

  private rowBase(game: BetRow['game'], stake: bigint, seed: SeedState, nonce: number, at: Date) {
    return {
      game,
      amount: stake,
      target: null,
      condition: null,
      mines: null,
      outcome: null,
      revealed: [] as number[],
      from_cash: 0n,
      from_bonus: 0n,
      created_at: at,
      nonce,
      server_seed: seed.serverSeed,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
    }
  }

  private minesView(game: MinesState, ended: boolean, payout: bigint): string[] {
    return viewWithHoles({
      ...this.rowBase('mines', game.amount, game, game.nonce, new Date(game.createdAt)),
      mines: game.mines,
      revealed: game.revealed,
      state: ended ? (payout > 0n ? 'won' : 'lost') : 'active',
      multiplier: game.multiplier,
      payout,
    })
  }

  /** A move that takes the next nonce of the player's active pair. */
  private withSeed(call: Call, build: Parameters<CasinoPlay['seedMove']>[1]): Promise<Played> {
    return this.serial(call.userId, () => this.seedMove(call, build))
  }

  private async seedMove(
    call: Call,
    build: (seed: SeedState) => { move: Move; stake: bigint; payout: bigint; ended: boolean },
  ): Promise<Played> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const seed = this.seeds.get(call.userId) ?? (await this.ensureSeed(call))
      const built = build(seed)
      this.seeds.set(call.userId, { ...seed, nonce: seed.nonce + 1 })
      const row = await this.send(call, { ...built.move, seed: String(seed.id), nonce: seed.nonce } as Move)
      if (row.code === 'STALE') {
        const fresh = seedOf(row.stale)
        if (fresh) this.seeds.set(call.userId, fresh)
        else this.seeds.delete(call.userId)
        continue
      }
      // A replay or a refusal took no nonce.
      if (row.code !== 'OK') this.seeds.set(call.userId, seed)
      else if (built.move.op === 'start') {
        this.games.set(call.userId, {
          id: BigInt(row.bet_id ?? 0n),
          amount: built.stake,
          mines: Number(built.move.mines),
          revealed: [],
          multiplier: 10_000n,
          nonce: seed.nonce,
          createdAt: call.at.getTime(),
          serverSeed: seed.serverSeed,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
        })
      }
      return this.finish(call, row, built)
    }
    throw new Error(`casino move of user ${call.userId}: the seed kept moving`)
  }

  /** The active pair, created on the player's first move. */
  private async ensureSeed(call: Call): Promise<SeedState> {
    const row = await activeSeed(this.db, call.userId, call.at)
    return { id: BigInt(row.id), serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce }
  }

  /** A move of the open mines game. */
  private withGame(call: Call, build: Parameters<CasinoPlay['gameMove']>[1]): Promise<Played> {
    return this.serial(call.userId, () => this.gameMove(call, build))
  }

  private async gameMove(
    call: Call,
    build: (game: MinesState) => { move: Move; next: MinesState | null; payout: bigint; ended: boolean },
  ): Promise<Played> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const game = this.games.get(call.userId)
      // Unknown here: ask (bet 0 is never open); known to be none: the database says so.
      const current = game ?? { id: 0n, amount: 1n, mines: 1, revealed: [], multiplier: 0n, nonce: 0, createdAt: 0, serverSeed: '', serverSeedHash: '', clientSeed: '' }
      const built = build(current)
      const row = await this.send(call, { ...built.move, bet: String(current.id), seen: current.revealed } as Move)
      if (row.code === 'STALE') {
        this.games.set(call.userId, minesOf(row.stale))
        continue
      }
      if (row.code === 'NO_ACTIVE_GAME') this.games.set(call.userId, null)
      if (row.code === 'OK') this.games.set(call.userId, built.next)
      return this.finish(call, row, { stake: current.amount, payout: built.payout, ended: built.ended })
    }
    throw new Error(`mines move of user ${call.userId}: the game kept moving`)
  }

  private send(call: Call, move: Move): Promise<ReplyRow> {
    const full = { ...move, u: String(call.userId), k: call.key, h: call.hash, at: call.at.toISOString(), day: dayOf(call.at.getTime()), bonusMax: String(this.rules.bonusMaxStake), low: String(LOW_BALANCE_BELOW) }
    return this.commits.submit(call.userId, full)
  }

  private async finish(call: Call, row: ReplyRow, built: { stake: bigint; payout: bigint; ended: boolean }): Promise<Played> {
    const stored = storedAnswer(row)
    if (stored) return stored
    if (isProtectionCode(row.code)) return this.refuse(call, await protectionError(this.db, call.userId, row.code, call.at))
    if (row.code !== 'OK') {
      const params = row.code === 'BONUS_MAX_STAKE' ? { max: this.rules.bonusMaxStake } : {}
      return this.refuse(call, new AppError(row.code as ConstructorParameters<typeof AppError>[0], params))
    }
    if (row.body === null || row.balance === null || row.version === null) throw new Error('casino_play answered OK without its reply')
    return {
      http: 200,
      body: row.body,
      replayed: false,
      moved: {
        balance: BigInt(row.balance),
        version: BigInt(row.version),
        stake: built.stake,
        payout: built.payout,
        ended: built.ended,
        facts: { isTest: row.is_test === true, dayTotal: BigInt(row.day_total ?? 0n), offered: row.offered === true, paid: row.paid === true },
      },
    }
  }

  /** A refusal's reply, stored under the key (bets/storedReply.ts). */
  refuse(call: Call, err: AppError): Promise<Played> {
    return storeRefusal(this.db, call, err)
  }
}
