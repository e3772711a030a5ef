import { describe, expect, it } from 'vitest'
import { formatCounter, formatMoney, formatOnline, mmss, onlineCount, rootFontSize } from './format'

describe('format', () => {
  it('formats money with two decimals in the locale', () => {
    expect(formatMoney(0, 'pt_BR')).toBe('R$ 0,00')
    expect(formatMoney(1234.5, 'pt_BR')).toBe('R$ 1.234,50')
    expect(formatMoney(1234.5, 'en_US')).toBe('R$ 1,234.50')
    expect(formatMoney(10, 'pt_BR', false)).toBe('10,00')
  })

  it('computes and shortens the online count', () => {
    expect(onlineCount(10, 5)).toBe(1010 + 15)
    expect(onlineCount(10, 95)).toBe(1010 + 15)
    expect(formatOnline(999)).toBe('999')
    expect(formatOnline(1525)).toBe('1.5K')
    expect(formatOnline(2_000_000)).toBe('2M')
  })

  it('simplifies the animated counter', () => {
    expect(formatCounter(999, true, 'pt_BR')).toBe('999')
    expect(formatCounter(12_345, true, 'pt_BR')).toBe('12K+')
    expect(formatCounter(3_400_000, true, 'pt_BR')).toBe('3M+')
    expect(formatCounter(5e9, true, 'pt_BR')).toBe('5B+')
    expect(formatCounter(12_345, false, 'pt_BR')).toBe('12.345')
  })

  it('counts down in mm:ss and sizes the root font', () => {
    expect(mmss(180_000)).toBe('03:00')
    expect(mmss(61_001)).toBe('01:02')
    expect(mmss(-5)).toBe('00:00')
    expect(rootFontSize(393, 'iPhone')).toBeCloseTo(100)
    expect(rootFontSize(1280, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(150)
    expect(rootFontSize(390, 'Mozilla/5.0 (X11; Linux x86_64)')).toBeCloseTo(99.24, 1)
  })
})
