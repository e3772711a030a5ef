/**
 * Shared-round bets through the one bet path (as casino/CasinoPlay.ts): each bet is one call of
 * round_play (db/functions/rounds/round_play.sql) that keeps the Idempotency-Key, takes the stake through wallet_bet,
 * writes the bet and stores the reply, sent through GroupCommit so bets that arrive together share
 * one statement and one commit. A replay answers the stored text, byte for byte.
 */
import { paysByRoll } from '../../shared/games/rounds/payTable'
import { ROUND_GAMES } from '../../shared/games/rounds/registry'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { centavosToReais } from '../../shared/money'
import { GroupCommit } from '../bets/GroupCommit'
import { HOLE, POSTGRES_LANES, replyParts, storeRefusal, storedAnswer, type KeyedCall, type KeyedReplyRow, type MovedReply } from '../bets/storedReply'
import type { Db } from '../db/connection'
import type { RoundsConfig, WalletConfig } from '../config'
import { AppError } from '../AppError'
import { dayOf } from '../wallet/days'
import { isProtectionCode, protectionError } from '../protection/refusal'
export interface RoundBet {
  game: RoundGameId
  roundId: string
  choice: string
  stake: bigint
}

export class RoundPlay {
  private readonly commits: GroupCommit<Record<string, unknown>, KeyedReplyRow>

  constructor(
    private readonly db: Db,
    private readonly rules: Pick<WalletConfig, 'bonusMaxStake'>,
    private readonly limits: Pick<RoundsConfig, 'maxBetsPerPlayer' | 'maxPayout'>,
    /** Told each group-committed batch's size (the metrics). */
    onBatch: (size: number) => void,
  ) {
    this.commits = new GroupCommit(
      async (items) => (await db.query<KeyedReplyRow>('SELECT * FROM round_play_batch($1::jsonb)', [JSON.stringify(items)])).rows,
      db.kind === 'pglite' ? 1 : POSTGRES_LANES,
      onBatch,
    )
  }

  async bet(call: KeyedCall, bet: RoundBet): Promise<MovedReply> {
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
      maxBets: this.limits.maxBetsPerPlayer,
      maxPayout: String(this.limits.maxPayout),
      pays: paysByRoll(ROUND_GAMES[bet.game].rules, bet.choice, bet.stake).map(String),
      parts: replyParts(data),
    })
    const stored = storedAnswer(row)
    if (stored) return stored
    if (row.code === 'ROUND_CLOSED') return this.refuse(call, new AppError('ROUND_NOT_OPEN'))
    if (row.code === 'INSUFFICIENT_BALANCE') return this.refuse(call, new AppError('INSUFFICIENT_BALANCE'))
    if (row.code === 'ROUND_MAX_BETS') return this.refuse(call, new AppError('ROUND_BET_LIMIT', { max: this.limits.maxBetsPerPlayer }))
    if (row.code === 'ROUND_MAX_PAYOUT') return this.refuse(call, new AppError('ROUND_PAYOUT_LIMIT', { max: this.limits.maxPayout }))
    if (row.code === 'BONUS_MAX_STAKE') return this.refuse(call, new AppError('BONUS_MAX_STAKE', { max: this.rules.bonusMaxStake }))
    if (isProtectionCode(row.code)) return this.refuse(call, await protectionError(this.db, call.userId, row.code, call.at))
    if (row.code !== 'OK' || row.body === null || row.balance === null || row.version === null) throw new Error(`round_play answered ${row.code}`)
    return { http: 200, body: row.body, replayed: false, moved: { balance: BigInt(row.balance), version: BigInt(row.version) } }
  }

  /** A refusal decided before or in the database, stored under the key. */
  refuse(call: KeyedCall, err: AppError): Promise<MovedReply> {
    return storeRefusal(this.db, call, err)
  }
}
