import { describe, expect, it } from 'vitest'
import { DEMO_BETS } from '../shared/catalog'
import { PAYTABLE, SYMBOLS } from '../shared/slotMath'
import enUS from '../../locales/en_US.json'
import ptBR from '../../locales/pt_BR.json'
import ruRU from '../../locales/ru_RU.json'
import { fill, lineColor, linePayCentavos, moneyFormatter, plural, rtpText, type Texts } from './format'

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
    // With its space in every language (en-US's currency format has none).
    expect(moneyFormatter('en_US')(2050)).toBe('R$\u00a020.50')
  })

  it('falls back to Brazilian formatting for a tag the runtime rejects', () => {
    expect(moneyFormatter('xx_!!')(100)).toBe('R$\u00a01,00')
  })
})

describe('texts', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Linha {{line}}: {{amount}} {{other}}', { line: 3, amount: 'R$ 1,00' })).toBe('Linha 3: R$ 1,00 {{other}}')
  })

  it("picks a counted text's form by the language's plural rules", () => {
    const pt: Texts = ptBR.demoProvider
    expect(plural(pt, 'autoStopLabel', 'pt_BR', { count: 1 })).toBe('Parar o giro automático (1 giro restante)')
    expect(plural(pt, 'autoStopLabel', 'pt_BR', { count: 7 })).toBe('Parar o giro automático (7 giros restantes)')
    const en: Texts = { ...pt, ...enUS.demoProvider }
    expect(plural(en, 'winLines', 'en_US', { count: 1, amount: 'R$ 1.00' })).toBe('You won R$ 1.00 on 1 line')
    expect(plural(en, 'winLines', 'en_US', { count: 3, amount: 'R$ 1.00' })).toBe('You won R$ 1.00 on 3 lines')
    // Russian has its own forms; a form a language lacks falls back to its general one.
    const ru = { ...pt, ...ruRU.demoProvider } as Texts
    expect(plural(ru, 'autoStopLabel', 'ru_RU', { count: 3 })).toBe('Остановить автоигру (осталось вращений: 3)')
  })

  it("states the RTP in the page's language", () => {
    expect(rtpText('pt_BR')).toBe('RTP 96,14%')
    expect(rtpText('en_US')).toBe('RTP 96.14%')
    expect(rtpText('xx_!!')).toMatch(/^RTP 96[.,]14/)
  })

  it('gives the 20 lines 20 different colours', () => {
    const colours = new Set(Array.from({ length: 20 }, (_, i) => lineColor(i + 1)))
    expect(colours.size).toBe(20)
    for (const c of colours) expect(c).toBeLessThanOrEqual(0xffffff)
  })
})
