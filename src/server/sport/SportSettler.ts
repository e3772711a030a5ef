import { centavosToReais } from '../../shared/money'
import type { MatchOutcome } from '../../shared/sport/settle'
import type { Deps } from '../deps'
import { readWireBalance } from '../wallet/walletInfo'
import { correctMatch, settleMatch, type SettledSportBet } from './bets'
import type { OddsFeed } from './OddsFeed'

/**
 * Settles the bets on finished matches: every SPORT_SETTLE_SECONDS it asks the feed for the outcome
 * of each match with an open leg, settles those that have one (in one transaction each), and tells
 * each bettor. Safe in several processes at once: a bet is settled by whichever takes its row first.
 */
export class SportSettler {
  private timer: ReturnType<typeof setInterval> | null = null
  private running = false

  constructor(
    private readonly deps: Deps,
    private readonly feed: OddsFeed,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  start(): void {
    const every = this.deps.config.sport.settleEveryMs
    if (every <= 0 || this.timer) return
    this.timer = setInterval(() => void this.sweep().catch((err: unknown) => this.log.error({ err }, 'sport settlement failed')), every)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** One pass over the matches with open legs; returns how many bets it settled. */
  async sweep(): Promise<number> {
    if (this.running) return 0
    this.running = true
    try {
      const open = await this.deps.db.query<{ match_id: string }>('SELECT DISTINCT match_id FROM sport_bet_legs WHERE result IS NULL')
      let n = 0
      for (const { match_id } of open.rows) {
        const outcome = this.feed.outcome(match_id)
        if (outcome) n += (await this.settle(match_id, outcome)).length
      }
      return n
    } finally {
      this.running = false
    }
  }

  /** A corrected result for a settled match: only the differences move; the bettors are told their balance. */
  async correct(matchId: string, outcome: MatchOutcome): Promise<number> {
    const { db, now, realtime } = this.deps
    const corrected = await db.tx((q) => correctMatch(q, matchId, outcome, new Date(now())))
    for (const c of corrected) {
      const payout = (await db.query<{ payout: bigint }>('SELECT payout FROM sport_bets WHERE id = $1', [c.betId])).rows[0]?.payout ?? 0n
      realtime.toUser(c.userId, 'sport:settled', { betId: String(c.betId), payout: centavosToReais(BigInt(payout)), ...(await readWireBalance(db, c.userId)) })
    }
    return corrected.length
  }

  /** Settles one match with an outcome and tells its bettors. */
  async settle(matchId: string, outcome: MatchOutcome): Promise<SettledSportBet[]> {
    const { db, config, now, realtime } = this.deps
    const settled = await db.tx((q) => settleMatch(q, config.wallet, matchId, outcome, new Date(now())))
    for (const s of settled) {
      this.deps.metrics.betSettled('sport', s.stake, s.payout)
      const balance = await readWireBalance(db, s.userId)
      realtime.toUser(s.userId, 'sport:settled', { betId: String(s.betId), payout: centavosToReais(s.payout), ...balance })
    }
    return settled
  }
}
