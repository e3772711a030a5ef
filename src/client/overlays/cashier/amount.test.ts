import { describe, expect, it } from 'vitest'
import { capAmountText, parseAmount, wireAmount } from './amount'

describe('amounts', () => {
  it('reads reais with a comma or a dot and at most two decimals', () => {
    expect(parseAmount('30')).toBe(30)
    expect(parseAmount('30,5')).toBe(30.5)
    expect(parseAmount(' 30.25 ')).toBe(30.25)
    expect(parseAmount('')).toBeNull()
    expect(parseAmount('30.255')).toBeNull()
    expect(parseAmount('abc')).toBeNull()
    expect(parseAmount('1.000,00')).toBeNull()
  })

  it('caps a typed amount at the most that can be withdrawn', () => {
    expect(capAmountText('500', 115)).toBe('115.00')
    expect(capAmountText('50', 115)).toBe('50')
    expect(capAmountText('30,', 115)).toBe('30,')
    expect(capAmountText('500', 0)).toBe('500')
    expect(wireAmount(30)).toBe('30.00')
  })
})
