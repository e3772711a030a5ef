import type { RateRule } from '../config'
import type { RateLimiter } from './RateLimiter'
import { AppError } from '../AppError'

/** Throws RATE_LIMITED (with the wait in minutes) when `key` is over `rule`; counts it when `count`. */
export function enforce(limiter: RateLimiter, key: string, rule: RateRule, count = true): void {
  const wait = count ? limiter.take(key, rule) : limiter.retryAfter(key, rule)
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', { minutes: Math.max(1, Math.ceil(wait / 60_000)), retryAfterSeconds: wait / 1000 })
  }
}
