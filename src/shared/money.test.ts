import { describe, expect, it } from 'vitest'
import { centavosToReais, centavosToText, reaisTextToCentavos, reaisToCentavos, wireToCentavos } from './money'

describe('money', () => {
  it('parses reais text exactly', () => {
    expect(reaisTextToCentavos('0')).toBe(0n)
    expect(reaisTextToCentavos('10')).toBe(1000n)
    expect(reaisTextToCentavos('10.5')).toBe(1050n)
    expect(reaisTextToCentavos('10.05')).toBe(1005n)
    expect(reaisTextToCentavos('1000000.99')).toBe(100000099n)
    expect(reaisTextToCentavos('007.10')).toBe(710n)
  })

  it('refuses anything but plain decimals with two places', () => {
    for (const bad of ['', '.5', '1.', '1.234', '-1', '1e3', '1,50', ' 1', 'abc', '0x10', '1.2.3']) {
      expect(reaisTextToCentavos(bad), bad).toBeNull()
    }
    expect(reaisTextToCentavos('1234567890123')).toBeNull()
  })

  it('judges numbers on their text', () => {
    expect(reaisToCentavos(19.99)).toBe(1999n)
    expect(reaisToCentavos(0.1 + 0.2)).toBeNull()
    expect(reaisToCentavos(-5)).toBeNull()
    expect(reaisToCentavos(Number.NaN)).toBeNull()
    expect(reaisToCentavos(1e21)).toBeNull()
    expect(reaisToCentavos(' 2.50 ')).toBe(250n)
  })

  it('converts centavos back exactly', () => {
    expect(centavosToReais(1999n)).toBe(19.99)
    expect(centavosToReais(5n)).toBe(0.05)
    expect(centavosToReais(-150n)).toBe(-1.5)
    expect(centavosToText(100000n)).toBe('1000.00')
    expect(centavosToText(-7n)).toBe('-0.07')
    for (let c = 0n; c < 2000n; c += 7n) expect(reaisToCentavos(centavosToReais(c))).toBe(c)
  })

  it('reads a wire amount into centavos for maths on what the server sent', () => {
    for (let c = -5000n; c < 200_000n; c += 13n) expect(wireToCentavos(centavosToReais(c))).toBe(c)
    expect(wireToCentavos(0.29) * 2n).toBe(58n)
    expect(wireToCentavos(1000.01) - wireToCentavos(0.02)).toBe(99_999n)
    expect(() => wireToCentavos(Number.NaN)).toThrow()
  })
})
