import { describe, expect, it } from 'vitest'
import { firstWithdrawProblem, withdrawMost, type WithdrawLimits } from './withdrawChecks'

const ok: WithdrawLimits = { lock: false, number: 3, wdAmount: 100, limitAmount: 30, maxAmount: 10_000 }
const ask = { amount: 30, type: 'CPF', account: '52998224725' }

describe('firstWithdrawProblem', () => {
  it('passes a complete request within the limits', () => {
    expect(firstWithdrawProblem(ok, ask)).toBeNull()
    expect(firstWithdrawProblem(ok, { ...ask, amount: 100 })).toBeNull()
  })

  it('runs the six checks in the spec order: each earlier failure wins over every later one', () => {
    const allBad = { amount: null, type: '', account: '' }
    expect(firstWithdrawProblem({ ...ok, lock: true, number: 0, wdAmount: 0 }, allBad)).toEqual({ key: 'locked' })
    expect(firstWithdrawProblem({ ...ok, number: 0, wdAmount: 0 }, allBad)).toEqual({ key: 'noneLeft' })
    expect(firstWithdrawProblem({ ...ok, wdAmount: 0 }, allBad)).toEqual({ key: 'nothing' })
    expect(firstWithdrawProblem({ ...ok, wdAmount: -1 }, allBad)).toEqual({ key: 'nothing' })
    expect(firstWithdrawProblem(ok, allBad)).toEqual({ key: 'belowMin', amount: 30 })
    expect(firstWithdrawProblem(ok, { ...allBad, amount: 101 })).toEqual({ key: 'aboveMax', amount: 100 })
    expect(firstWithdrawProblem(ok, { ...allBad, amount: 50 })).toEqual({ key: 'missing' })
  })

  it('treats an empty, zero or below-minimum amount as below the minimum', () => {
    for (const amount of [null, 0, -5, 29.99]) expect(firstWithdrawProblem(ok, { ...ask, amount })?.key).toBe('belowMin')
  })

  it('caps at the smaller of the withdrawable amount and the maximum', () => {
    const rich = { ...ok, wdAmount: 50_000 }
    expect(withdrawMost(rich)).toBe(10_000)
    expect(firstWithdrawProblem(rich, { ...ask, amount: 10_000.01 })).toEqual({ key: 'aboveMax', amount: 10_000 })
  })

  it('needs a type and a non-blank account number', () => {
    expect(firstWithdrawProblem(ok, { ...ask, type: '' })).toEqual({ key: 'missing' })
    expect(firstWithdrawProblem(ok, { ...ask, account: '   ' })).toEqual({ key: 'missing' })
  })
})
