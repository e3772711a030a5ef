import { describe, expect, it } from 'vitest'
import { formatReais } from './formatMoney'

describe('formatReais', () => {
  it('uses the locale punctuation with two decimals, exactly', () => {
    expect(formatReais(3000n, 'pt_BR')).toBe('30,00')
    expect(formatReais(1_000_000n, 'pt_BR')).toBe('10.000,00')
    expect(formatReais(1_000_000n, 'en_US')).toBe('10,000.00')
    expect(formatReais(123_456_789_012_345_678n, 'pt_BR')).toBe('1.234.567.890.123.456,78')
    expect(formatReais(5n, 'de_DE')).toBe('0,05')
  })
})
