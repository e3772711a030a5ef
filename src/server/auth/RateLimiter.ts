import type { RateRule } from '../config'

/**
 * Sliding-window counters kept in memory (one server process; several nodes would move this
 * to PostgreSQL or Redis). `retryAfter` tells how long until the next event is allowed.
 */
export class RateLimiter {
  private readonly events = new Map<string, number[]>()
  private operations = 0

  constructor(private readonly now: () => number) {}

  /** Milliseconds until `key` may act again under `rule`; 0 when it may act now. */
  retryAfter(key: string, rule: RateRule): number {
    const list = this.fresh(key, rule)
    // The event that has to leave the window first; none while fewer than `count` are in it.
    const oldest = list[list.length - rule.count]
    if (list.length < rule.count || oldest === undefined) return 0
    return oldest + rule.windowMs - this.now()
  }

  /** Counts one event for `key`. */
  hit(key: string, rule: RateRule): void {
    const list = this.fresh(key, rule)
    list.push(this.now())
    if (list.length > rule.count) list.splice(0, list.length - rule.count)
    this.events.set(key, list)
    if (++this.operations % 1000 === 0) this.prune(rule.windowMs * 4)
  }

  /** Checks and counts in one step: returns 0 and counts when allowed, else the wait. */
  take(key: string, rule: RateRule): number {
    const wait = this.retryAfter(key, rule)
    if (wait === 0) this.hit(key, rule)
    return wait
  }

  reset(key: string): void {
    this.events.delete(key)
  }

  private fresh(key: string, rule: RateRule): number[] {
    const since = this.now() - rule.windowMs
    const list = (this.events.get(key) ?? []).filter((t) => t > since)
    return list
  }

  private prune(maxAgeMs: number): void {
    const since = this.now() - maxAgeMs
    for (const [key, list] of this.events) if ((list[list.length - 1] ?? 0) <= since) this.events.delete(key)
  }
}
