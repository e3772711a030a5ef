/**
 * Shared-round bets through the one bet path (as casino/CasinoPlay.ts): each bet is one call of
 * round_play (migration 014) that keeps the Idempotency-Key, takes the stake through wallet_bet,
 * writes the bet and stores the reply, sent through GroupCommit so bets that arrive together share
 * one statement and one commit. A replay answers the stored text, byte for byte.
 */
import type { RoundGameId } from '../../shared/games/rounds/types'
import { centavosToReais } from '../../shared/money'
import { GroupCommit } from '../bets/GroupCommit'
import { HOLE, replyParts, storeRefusal, type KeyedCall } from '../bets/storedReply'
import type { Db } from '../db/connection'
import type { WalletConfig } from '../config'
import { AppError } from '../http/AppError'
import type { StoredReply } from '../http/idempotency'
import { dayOf } from '../wallet/days'

interface ReplyRow {
  code: string
  http: number | null
  body: string | null
  bet_id: bigint | null
  balance: bigint | null
  version: bigint | null
}

export interface RoundBet {
  game: RoundGameId
  roundId: string
  choice: string
  stake: bigint
}

export interface RoundPlayed extends StoredReply {
  /** Set when this call took the stake (not on a replay or a refusal). */
  moved?: { balance: bigint; version: bigint }
}

/** PostgreSQL lanes, as the casino originals' (a player's bets always in one lane). */
const POSTGRES_LANES = 4

export class RoundPlay {
  private readonly commits: GroupCommit<Record<string, unknown>, ReplyRow>

  constructor(
    private readonly db: Db,
    private readonly rules: Pick<WalletConfig, 'bonusMaxStake'>,
  ) {
    this.commits = new GroupCommit(
      async (items) => (await db.query<ReplyRow>('SELECT * FROM round_play_batch($1::jsonb)', [JSON.stringify(items)])).rows,
      db.kind === 'pglite' ? 1 : POSTGRES_LANES,
    )
  }

  async bet(call: KeyedCall, bet: RoundBet): Promise<RoundPlayed> {
    const data = { betId: HOLE.id, roundId: bet.roundId, choice: bet.choice, amount: centavosToReais(bet.stake), balance: HOLE.balance, balanceVersion: HOLE.version }
    const row = await this.commits.submit(call.userId, {
      u: String(call.userId),
      k: call.key,
      h: call.hash,
      at: call.at.toISOString(),
      day: dayOf(call.at.getTime()),
      g: bet.game,
      round: bet.roundId,
      choice: bet.choice,
      stake: String(bet.stake),
      bonusMax: String(this.rules.bonusMaxStake),
      parts: replyParts(data),
    })
    if (row.code === 'REPLAY') {
      if (row.http === null || row.body === null) throw new Error('idempotency key stored without a reply')
      return { http: Number(row.http), body: row.body, replayed: true }
    }
    if (row.code === 'REUSED') throw new AppError('IDEMPOTENCY_KEY_REUSED')
    if (row.code === 'ROUND_CLOSED') return this.refuse(call, new AppError('ROUND_NOT_OPEN'))
    if (row.code === 'INSUFFICIENT_BALANCE') return this.refuse(call, new AppError('INSUFFICIENT_BALANCE'))
    if (row.code === 'BONUS_MAX_STAKE') return this.refuse(call, new AppError('BONUS_MAX_STAKE', { max: this.rules.bonusMaxStake }))
    if (row.code !== 'OK' || row.body === null || row.balance === null || row.version === null) throw new Error(`round_play answered ${row.code}`)
    return { http: 200, body: row.body, replayed: false, moved: { balance: BigInt(row.balance), version: BigInt(row.version) } }
  }

  /** A refusal decided before or in the database, stored under the key. */
  refuse(call: KeyedCall, err: AppError): Promise<RoundPlayed> {
    return storeRefusal(this.db, call, err)
  }
}
