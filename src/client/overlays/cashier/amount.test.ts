import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../format/decimal'
import { parseAmount, wireAmount } from './amount'

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

  it('writes an amount as the wire takes it', () => {
    expect(wireAmount(30)).toBe('30.00')
    expect(wireAmount(0.29)).toBe('0.29')
  })
})
