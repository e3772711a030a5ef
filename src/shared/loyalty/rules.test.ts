import { describe, expect, it } from 'vitest'
import { commissionOf, signinCycleDay } from './rules'

describe('the daily sign-in cycle', () => {
  const today = '2026-11-25'
  const yesterday = '2026-11-24'
  it('starts at day 1, goes on day by day, and day 7 is followed by day 1', () => {
    expect(signinCycleDay(null, today, yesterday)).toEqual({ claimedToday: false, day: 1 })
    for (let streak = 1; streak < 7; streak++) expect(signinCycleDay({ day: yesterday, streak }, today, yesterday)).toEqual({ claimedToday: false, day: streak + 1 })
    expect(signinCycleDay({ day: yesterday, streak: 7 }, today, yesterday)).toEqual({ claimedToday: false, day: 1 })
  })
  it('a missed day starts again at day 1; a claim today is today\'s day, claimed', () => {
    expect(signinCycleDay({ day: '2026-11-23', streak: 5 }, today, yesterday)).toEqual({ claimedToday: false, day: 1 })
    expect(signinCycleDay({ day: today, streak: 4 }, today, yesterday)).toEqual({ claimedToday: true, day: 4 })
  })
})

describe('referral commissions', () => {
  it('pays each level its basis points of the counted stakes, rounded down to the centavo', () => {
    // R$ 1.000 counted: 0.4 %, 0.2 %, 0.1 %.
    expect([40, 20, 10].map((bp) => commissionOf(100_000n, bp))).toEqual([400n, 200n, 100n])
    // R$ 2,49 at 0.4 % is 0.996 centavo: nothing; R$ 2,50 is one centavo.
    expect(commissionOf(249n, 40)).toBe(0n)
    expect(commissionOf(250n, 40)).toBe(1n)
    expect(commissionOf(0n, 40)).toBe(0n)
    expect(commissionOf(100_000n, 0)).toBe(0n)
  })
})
