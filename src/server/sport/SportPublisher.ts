import type { Realtime } from '../realtime/realtime'
import { wireMarkets } from './book'
import type { FeedMarket, OddsFeed } from './OddsFeed'

/** What a watcher was last sent of a match: its clock and score, and each market's status and odds. */
interface Sent {
  clock: string
  markets: Map<string, string>
}

/** The longest stretch of one push pass between two turns of the event loop. */
const SLICE_MS = 4

const marketKey = (m: FeedMarket) => `${m.status}|${m.selections.map((s) => s.odds).join(',')}`

/**
 * Live odds and scores to the players watching a match (`sport:watch`): every SPORT_PUSH_MS it
 * reads the feed for each match with a watcher on this process and sends what changed since the
 * last push (`sport:odds`: the markets whose status or odds moved; `sport:score`: the clock and the
 * score). Each process serves its own sockets (the feed is the same everywhere), so nothing is sent
 * twice across processes.
 */
export class SportPublisher {
  private timer: ReturnType<typeof setInterval> | null = null
  private readonly sent = new Map<string, Sent>()
  private pushing = false

  constructor(
    private readonly feed: OddsFeed,
    private readonly realtime: () => Realtime,
    private readonly everyMs: number,
    private readonly now: () => number,
  ) {}

  start(): void {
    if (this.everyMs <= 0 || this.timer) return
    this.timer = setInterval(() => void this.push(), this.everyMs)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /**
   * One push to every watched match on this process: each match read (and priced) once for all its
   * watchers. The work is cut into slices of at most SLICE_MS, each its own task, so requests that
   * arrive meanwhile are answered between them instead of after the whole pass (800 sockets
   * watching 500 matches held a getBalance for up to 870 ms at the 99th percentile). A pass still
   * running when the next is due is not doubled.
   */
  async push(): Promise<void> {
    if (this.pushing) return
    this.pushing = true
    try {
      await this.pushAll()
    } finally {
      this.pushing = false
    }
  }

  private async pushAll(): Promise<void> {
    const watched = new Set(this.realtime().watchedMatches())
    for (const id of this.sent.keys()) if (!watched.has(id)) this.sent.delete(id)
    let slice = performance.now()
    for (const matchId of watched) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((r) => setImmediate(r))
        slice = performance.now()
      }
      const match = this.feed.match(matchId)
      if (!match) continue
      const last = this.sent.get(matchId) ?? { clock: '', markets: new Map<string, string>() }
      const clock = `${match.matchTime}|${match.minute}|${match.score.home}|${match.score.away}`
      if (clock !== last.clock) this.realtime().toMatch(matchId, 'sport:score', { matchId, matchTime: match.matchTime, minute: match.minute, score: match.score, at: this.now() })
      const changed = this.feed.markets(matchId).filter((m) => last.markets.get(m.marketId) !== marketKey(m))
      if (changed.length) this.realtime().toMatch(matchId, 'sport:odds', { matchId, markets: wireMarkets(changed), at: this.now() })
      for (const m of changed) last.markets.set(m.marketId, marketKey(m))
      this.sent.set(matchId, { clock, markets: last.markets })
    }
  }
}
