import { describe, expect, it } from 'vitest'
import { DEMO_BETS } from '../shared/catalog'
import { PAYTABLE, SYMBOLS } from '../shared/slotMath'
import { fill, lineColor, linePayCentavos, moneyFormatter } from './format'

describe('paytable money', () => {
  it('is floor(pay × bet / 20) centavos for every symbol, count and stake', () => {
    for (const symbol of SYMBOLS) {
      for (const pay of PAYTABLE[symbol]) {
        for (const bet of DEMO_BETS) {
          const cents = linePayCentavos(pay, bet)
          expect(Number.isInteger(cents)).toBe(true)
          expect(cents).toBe(Math.floor((pay * bet) / 20))
          expect(cents * 20).toBeLessThanOrEqual(pay * bet)
          expect((cents + 1) * 20).toBeGreaterThan(pay * bet)
        }
      }
    }
  })

  it('rounds down, never to the nearest', () => {
    // 5 line bets of R$ 0,025 (a R$ 0,50 stake) are R$ 0,125: shown as R$ 0,12.
    expect(linePayCentavos(5, 50)).toBe(12)
    expect(linePayCentavos(15, 50)).toBe(37)
    expect(linePayCentavos(500, 2000)).toBe(50_000)
  })
})

describe('money', () => {
  it('formats centavos as reais in the page language', () => {
    expect(moneyFormatter('pt_BR')(100)).toBe('R$\u00a01,00')
    expect(moneyFormatter('pt_BR')(123456)).toBe('R$\u00a01.234,56')
    expect(moneyFormatter('en_US')(2050)).toBe('R$20.50')
  })

  it('falls back to Brazilian formatting for a tag the runtime rejects', () => {
    expect(moneyFormatter('xx_!!')(100)).toBe('R$\u00a01,00')
  })
})

describe('texts', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Linha {{line}}: {{amount}} {{other}}', { line: 3, amount: 'R$ 1,00' })).toBe('Linha 3: R$ 1,00 {{other}}')
  })

  it('gives the 20 lines 20 different colours', () => {
    const colours = new Set(Array.from({ length: 20 }, (_, i) => lineColor(i + 1)))
    expect(colours.size).toBe(20)
    for (const c of colours) expect(c).toBeLessThanOrEqual(0xffffff)
  })
})
