import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../shared/locales'
import { decimalSeparator, decimalText, formatDecimal, parseDecimal } from './decimal'

describe('decimals in the locale', () => {
  it('pt-BR shows a comma: target, chance, multiplier, stake', () => {
    expect(formatDecimal(50.5, 'pt_BR', 2)).toBe('50,50')
    expect(formatDecimal(1.9603, 'pt_BR', 4)).toBe('1,9603')
    expect(formatDecimal(49.5, 'pt_BR', 2)).toBe('49,50')
    expect(formatDecimal(1_000_000, 'pt_BR', 2)).toBe('1.000.000,00')
    expect(formatDecimal(1_000_000, 'pt_BR', 2, false)).toBe('1000000,00')
    expect(decimalText('1.00', 'pt_BR')).toBe('1,00')
    expect(decimalText('1.5', 'pt_BR')).toBe('1,5')
    expect(decimalText('10', 'pt_BR')).toBe('10')
  })

  it('other locales keep their own separator', () => {
    expect(formatDecimal(50.5, 'en_US', 2)).toBe('50.50')
    expect(formatDecimal(1.9603, 'de_DE', 4)).toBe('1,9603')
    expect(formatDecimal(1.9603, 'ja_JP', 4)).toBe('1.9603')
    expect(decimalText('1.00', 'en_US')).toBe('1.00')
    expect(decimalText('1.00', 'fr_FR')).toBe('1,00')
    for (const locale of LOCALES) expect([',', '.'], locale).toContain(decimalSeparator(locale))
  })

  it('pt-BR accepts a comma or a dot while typing and answers the wire form', () => {
    expect(parseDecimal('1,50', 'pt_BR')).toBe('1.50')
    expect(parseDecimal('1.50', 'pt_BR')).toBe('1.50')
    expect(parseDecimal(' 10 ', 'pt_BR')).toBe('10')
    expect(parseDecimal('10,', 'pt_BR')).toBe('10')
    expect(parseDecimal('0,29', 'pt_BR')).toBe('0.29')
    expect(parseDecimal('7,5', 'pt_BR')).toBe('7.5')
  })

  it('refuses what is not one decimal with at most the allowed decimals', () => {
    for (const bad of ['', ',', '1,234', '1.000,00', '1,2,3', '-1', '1e3', 'abc', 'R$ 1', '1 000,00x', '1234567890123']) {
      expect(parseDecimal(bad, 'pt_BR'), bad).toBeNull()
    }
    expect(parseDecimal('1,2345', 'pt_BR', 4)).toBe('1.2345')
    expect(parseDecimal('1,23456', 'pt_BR', 4)).toBeNull()
  })

  it('a locale with a dot does not take the comma for a decimal (there it groups thousands)', () => {
    expect(parseDecimal('1.50', 'en_US')).toBe('1.50')
    expect(parseDecimal('1,50', 'en_US')).toBeNull()
    expect(parseDecimal('2,5', 'de_DE')).toBe('2.5')
  })

  it('formatting then parsing gives the amount back, in every locale', () => {
    for (const locale of LOCALES) {
      for (const wire of ['0.01', '0.29', '1.00', '50.50', '999.99', '100000.00']) {
        expect(parseDecimal(decimalText(wire, locale), locale), `${locale} ${wire}`).toBe(wire)
        expect(parseDecimal(formatDecimal(Number(wire), locale, 2, false), locale), `${locale} ${wire}`).toBe(wire)
      }
    }
  })
})
