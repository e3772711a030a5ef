/**
 * Sportsbook bets through the one bet path (as casino/CasinoPlay.ts and rounds/RoundPlay.ts): the
 * slip checked against the feed here, then one call of sport_play (db/functions/sport/sport_play.sql) that keeps the
 * Idempotency-Key, refuses a leg on a settled match, takes the stake through wallet_bet, writes the
 * bet and its legs and stores the reply, sent through GroupCommit so bets that arrive together
 * share one statement and one commit. A replay answers the stored text, byte for byte, even once
 * the odds or the market have moved (a refusal found here is stored under the key only if the key
 * has no reply yet). An in-play bet waits SPORT_LIVE_DELAY_SECONDS first (see bet()).
 */
import { centavosToReais } from '../../shared/money'
import { oddsToWire } from '../../shared/sport/odds'
import { GroupCommit } from '../bets/GroupCommit'
import { HOLE, POSTGRES_LANES, replyParts, storeRefusal, storedAnswer, type KeyedCall, type KeyedReplyRow, type MovedReply } from '../bets/storedReply'
import type { WalletConfig } from '../config'
import type { Db } from '../db/connection'
import { AppError } from '../AppError'
import { dayOf } from '../wallet/days'
import { checkSlip, decimalOdds, potentialOf, type SlipInput, type SportLimits } from './bets'
import type { OddsFeed } from './OddsFeed'
import { isProtectionCode, protectionError } from '../protection/refusal'

export class SportPlay {
  private readonly commits: GroupCommit<Record<string, unknown>, KeyedReplyRow>

  constructor(
    private readonly db: Db,
    private readonly feed: OddsFeed,
    private readonly limits: SportLimits & { maxMatchPayout: bigint; liveDelayMs: number },
    private readonly rules: Pick<WalletConfig, 'bonusMaxStake'>,
    /** Told each group-committed batch's size (the metrics). */
    onBatch: (size: number) => void,
  ) {
    this.commits = new GroupCommit(
      async (items) => (await db.query<KeyedReplyRow>('SELECT * FROM sport_play_batch($1::jsonb)', [JSON.stringify(items)])).rows,
      db.kind === 'pglite' ? 1 : POSTGRES_LANES,
      onBatch,
    )
  }

  async bet(call: KeyedCall, slip: SlipInput): Promise<MovedReply> {
    let legs
    try {
      legs = checkSlip(this.feed, this.limits, slip)
      // In play, a bet waits SPORT_LIVE_DELAY_SECONDS and is taken only if each of its markets is
      // still open at the same price or a better one then (the bet keeps the price it was placed
      // at): whoever sees a goal before the feed does gains nothing by betting on it.
      if (this.limits.liveDelayMs > 0 && legs.some((l) => (this.feed.match(l.matchId)?.matchTime ?? 0) > 0)) {
        await new Promise((r) => setTimeout(r, this.limits.liveDelayMs))
        checkSlip(this.feed, this.limits, { ...slip, selections: legs.map((l) => ({ selectionId: l.selectionId, odds: oddsToWire(l.odds) })), acceptOdds: 'higher' })
      }
    } catch (err) {
      if (err instanceof AppError) return storeRefusal(this.db, call, err)
      throw err
    }
    const potential = potentialOf(slip.stake, legs)
    const data = { betId: HOLE.id, odds: decimalOdds(legs), potentialWin: centavosToReais(potential), balance: HOLE.balance, balanceVersion: HOLE.version }
    const row = await this.commits.submit(call.userId, {
      u: String(call.userId),
      k: call.key,
      h: call.hash,
      at: call.at.toISOString(),
      day: dayOf(call.at.getTime()),
      type: slip.type,
      stake: String(slip.stake),
      bonusMax: String(this.rules.bonusMaxStake),
      potential: String(potential),
      matchMax: String(this.limits.maxMatchPayout),
      matches: legs.map((l) => l.matchId),
      legs: legs.map((l, i) => ({ leg: i, match_id: l.matchId, market_id: l.marketId, selection_id: l.selectionId, market_type: l.type, period: l.period, line_quarters: l.lineQuarters, selection: l.selection, odds: l.odds })),
      parts: replyParts(data),
    })
    const stored = storedAnswer(row)
    if (stored) return stored
    if (row.code === 'NOT_OPEN') return storeRefusal(this.db, call, new AppError('SPORT_NOT_OPEN'))
    if (row.code === 'INSUFFICIENT_BALANCE') return storeRefusal(this.db, call, new AppError('INSUFFICIENT_BALANCE'))
    if (row.code === 'MATCH_LIMIT') return storeRefusal(this.db, call, new AppError('SPORT_MATCH_LIMIT', { max: this.limits.maxMatchPayout }))
    if (row.code === 'BONUS_MAX_STAKE') return storeRefusal(this.db, call, new AppError('BONUS_MAX_STAKE', { max: this.rules.bonusMaxStake }))
    if (isProtectionCode(row.code)) return storeRefusal(this.db, call, await protectionError(this.db, call.userId, row.code, call.at))
    if (row.code !== 'OK' || row.body === null || row.balance === null || row.version === null) throw new Error(`sport_play answered ${row.code}`)
    return { http: 200, body: row.body, replayed: false, moved: { balance: BigInt(row.balance), version: BigInt(row.version) } }
  }
}
