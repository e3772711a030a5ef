import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../format/decimal'
import { capAmountText, parseAmount, wireAmount } from './amount'

describe('amounts', () => {
  it('reads reais typed with a comma or a dot (through the field) with at most two decimals', () => {
    const typed = (text: string) => parseAmount(parseDecimal(text, 'pt_BR') ?? text)
    expect(typed('30')).toBe(30)
    expect(typed('30,5')).toBe(30.5)
    expect(typed(' 30.25 ')).toBe(30.25)
    expect(typed('0,29')).toBe(0.29)
    expect(typed('')).toBeNull()
    expect(typed('30.255')).toBeNull()
    expect(typed('abc')).toBeNull()
    expect(typed('1.000,00')).toBeNull()
  })

  it('caps a typed amount at the most that can be withdrawn', () => {
    expect(capAmountText('500', 115)).toBe('115.00')
    expect(capAmountText('50', 115)).toBe('50')
    expect(capAmountText('30,', 115)).toBe('30,')
    expect(capAmountText('500', 0)).toBe('500')
    expect(capAmountText('200', 100.1)).toBe('100.10')
    expect(wireAmount(30)).toBe('30.00')
    expect(wireAmount(0.29)).toBe('0.29')
  })
})
