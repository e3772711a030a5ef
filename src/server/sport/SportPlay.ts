/**
 * Sportsbook bets through the one bet path (as casino/CasinoPlay.ts and rounds/RoundPlay.ts): the
 * slip checked against the feed here, then one call of sport_play (migration 016) that keeps the
 * Idempotency-Key, refuses a leg on a settled match, takes the stake through wallet_bet, writes the
 * bet and its legs and stores the reply, sent through GroupCommit so bets that arrive together
 * share one statement and one commit. A replay answers the stored text, byte for byte, even once
 * the odds or the market have moved (a refusal found here is stored under the key only if the key
 * has no reply yet).
 */
import { centavosToReais } from '../../shared/money'
import { GroupCommit } from '../bets/GroupCommit'
import { HOLE, replyParts, storeRefusal, type KeyedCall } from '../bets/storedReply'
import type { WalletConfig } from '../config'
import type { Db } from '../db/connection'
import { AppError } from '../http/AppError'
import type { StoredReply } from '../http/idempotency'
import { dayOf } from '../wallet/days'
import { checkSlip, decimalOdds, potentialOf, type SlipInput, type SportLimits } from './bets'
import type { OddsFeed } from './OddsFeed'

interface ReplyRow {
  code: string
  http: number | null
  body: string | null
  bet_id: bigint | null
  balance: bigint | null
  version: bigint | null
}

export interface SportPlayed extends StoredReply {
  /** Set when this call took the stake (not on a replay or a refusal). */
  moved?: { balance: bigint; version: bigint }
}

/** PostgreSQL lanes, as the casino originals' (a player's bets always in one lane). */
const POSTGRES_LANES = 4

export class SportPlay {
  private readonly commits: GroupCommit<Record<string, unknown>, ReplyRow>

  constructor(
    private readonly db: Db,
    private readonly feed: OddsFeed,
    private readonly limits: SportLimits,
    private readonly rules: Pick<WalletConfig, 'bonusMaxStake'>,
  ) {
    this.commits = new GroupCommit(
      async (items) => (await db.query<ReplyRow>('SELECT * FROM sport_play_batch($1::jsonb)', [JSON.stringify(items)])).rows,
      db.kind === 'pglite' ? 1 : POSTGRES_LANES,
    )
  }

  async bet(call: KeyedCall, slip: SlipInput): Promise<SportPlayed> {
    let legs
    try {
      legs = checkSlip(this.feed, this.limits, slip)
    } catch (err) {
      if (err instanceof AppError) return storeRefusal(this.db, call, err)
      throw err
    }
    const data = { betId: HOLE.id, odds: decimalOdds(legs), potentialWin: centavosToReais(potentialOf(slip.stake, legs)), balance: HOLE.balance, balanceVersion: HOLE.version }
    const row = await this.commits.submit(call.userId, {
      u: String(call.userId),
      k: call.key,
      h: call.hash,
      at: call.at.toISOString(),
      day: dayOf(call.at.getTime()),
      type: slip.type,
      stake: String(slip.stake),
      bonusMax: String(this.rules.bonusMaxStake),
      matches: legs.map((l) => l.matchId),
      legs: legs.map((l, i) => ({ leg: i, match_id: l.matchId, market_id: l.marketId, selection_id: l.selectionId, market_type: l.type, period: l.period, line_quarters: l.lineQuarters, selection: l.selection, odds: l.odds })),
      parts: replyParts(data),
    })
    if (row.code === 'REPLAY') {
      if (row.http === null || row.body === null) throw new Error('idempotency key stored without a reply')
      return { http: Number(row.http), body: row.body, replayed: true }
    }
    if (row.code === 'REUSED') throw new AppError('IDEMPOTENCY_KEY_REUSED')
    if (row.code === 'NOT_OPEN') return storeRefusal(this.db, call, new AppError('SPORT_NOT_OPEN'))
    if (row.code === 'INSUFFICIENT_BALANCE') return storeRefusal(this.db, call, new AppError('INSUFFICIENT_BALANCE'))
    if (row.code === 'BONUS_MAX_STAKE') return storeRefusal(this.db, call, new AppError('BONUS_MAX_STAKE', { max: this.rules.bonusMaxStake }))
    if (row.code !== 'OK' || row.body === null || row.balance === null || row.version === null) throw new Error(`sport_play answered ${row.code}`)
    return { http: 200, body: row.body, replayed: false, moved: { balance: BigInt(row.balance), version: BigInt(row.version) } }
  }
}
