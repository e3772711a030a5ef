import { describe, expect, it } from 'vitest'
import { aboveMost, firstWithdrawProblem, heldLines, withdrawMost, type WithdrawLimits } from './withdrawChecks'

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

describe('heldLines', () => {
  const none = { balance: 100, bonus: 0, wagerLeft: 0, turnover: 0, turnoverLeft: 0, pending: 0, debt: 0 }

  it('says nothing when the whole balance can leave', () => {
    expect(heldLines(ok, none)).toEqual([])
  })

  it('names the bonus and the deposit turnover, each with the stakes still needed and the way to /bonus', () => {
    const held = { balance: 115, bonus: 15, wagerLeft: 225, turnover: 100, turnoverLeft: 100, pending: 0, debt: 0 }
    expect(heldLines({ ...ok, wdAmount: 0 }, held)).toEqual([
      { key: 'bonus', amount: 15, left: 225, bonusPage: true },
      { key: 'turnover', amount: 100, left: 100, bonusPage: true },
    ])
  })

  it('names the per-withdrawal maximum, withdrawals on their way, a debt and a game still open', () => {
    const lines = heldLines({ ...ok, wdAmount: 20_000, lock: true }, { ...none, pending: 30, debt: 12.34 })
    expect(lines).toEqual([{ key: 'perWithdrawal', amount: 10_000 }, { key: 'pending', amount: 30 }, { key: 'debt', amount: 12.34 }, { key: 'locked' }])
  })
})

describe('aboveMost', () => {
  it('is true only above what one withdrawal can take now', () => {
    expect(aboveMost(ok, 100)).toBe(false)
    expect(aboveMost(ok, 100.01)).toBe(true)
    expect(aboveMost(ok, null)).toBe(false)
    // Nothing withdrawable: the sheet says so already; the field adds nothing.
    expect(aboveMost({ ...ok, wdAmount: 0 }, 50)).toBe(false)
  })
})
