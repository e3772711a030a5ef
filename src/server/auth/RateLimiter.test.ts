import { describe, expect, it } from 'vitest'
import { parseRateRule } from '../config'
import { RateLimiter } from './RateLimiter'

describe('RateLimiter', () => {
  it('allows count events per window, then tells the wait', () => {
    let now = 1_000_000
    const limiter = new RateLimiter(() => now)
    const rule = parseRateRule('3/1m')
    expect([limiter.take('a', rule), limiter.take('a', rule), limiter.take('a', rule)]).toEqual([0, 0, 0])
    expect(limiter.take('a', rule)).toBe(60_000)
    expect(limiter.take('b', rule)).toBe(0)
    now += 30_000
    expect(limiter.retryAfter('a', rule)).toBe(30_000)
    now += 30_001
    expect(limiter.take('a', rule)).toBe(0)
  })

  it('parses rules', () => {
    expect(parseRateRule('10/15m')).toEqual({ count: 10, windowMs: 900_000 })
    expect(parseRateRule('100/h')).toEqual({ count: 100, windowMs: 3_600_000 })
    expect(() => parseRateRule('ten per minute')).toThrow(/count\/window/)
  })
})
