import { describe, expect, it } from 'vitest'
import enUS from '../../locales/en_US.json'
import nrNR from '../../locales/nr_NR.json'
import ptBR from '../../locales/pt_BR.json'
import { evaluate, gridOf } from '../shared/slotMath'
import { moneyFormatter, withThemeSymbols, type Texts } from './format'
import { endsSession, gridText, isBigWin, lineWinText, resultText, statusText } from './results'

const pt: Texts = ptBR.demoProvider
// As loadTexts builds a language's texts: pt_BR's under the section's own (plural forms differ by language).
const en: Texts = { ...pt, ...enUS.demoProvider }
const money = moneyFormatter('pt_BR')

type Tree = { [key: string]: string | Tree }
/** The texts' keys, a plural text's forms (key_one, key_many...) counted as one key: each language has its own forms. */
const keys = (tree: Tree, prefix = ''): string[] => [
  ...new Set(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`] : keys(v, `${prefix}${k}.`)))),
].sort()

describe('locale sections', () => {
  it('en_US and nr_NR have every key of pt_BR; nr_NR is the English copy', () => {
    expect(keys(enUS.demoProvider)).toEqual(keys(pt))
    expect(nrNR.demoProvider).toEqual(enUS.demoProvider)
  })
})

describe('result texts', () => {
  it('says when nothing was won', () => {
    expect(resultText(pt, money, [], 0)).toBe('Sem prêmio desta vez')
  })

  it('says the total and the number of lines', () => {
    const wins = [
      { line: 1, symbol: 'grape', count: 3, pay: 15 },
      { line: 12, symbol: 'grape', count: 3, pay: 15 },
    ] as const
    expect(resultText(pt, money, [...wins], 240)).toBe('Você ganhou R$\u00a02,40 em 2 linhas')
    expect(resultText(pt, money, [wins[0]], 75)).toBe('Você ganhou R$\u00a00,75 em 1 linha')
    expect(resultText(en, moneyFormatter('en_US'), [...wins], 240, 'en_US')).toBe('You won R$\u00a02.40 on 2 lines')
  })

  it('describes one line with its own money at the stake', () => {
    expect(lineWinText(pt, money, { line: 4, symbol: 'cherry', count: 3, pay: 5 }, 100)).toBe('Linha 4: 3 × cereja = R$\u00a00,25')
  })

  it('describes the visible grid reel by reel', () => {
    expect(gridText(pt, gridOf([0, 0, 0, 0, 0]))).toBe(
      'Rolo 1: curinga, melancia, melancia; Rolo 2: laranja, sino, sino; Rolo 3: sino, sino, laranja; Rolo 4: limão, limão, sino; Rolo 5: uva, uva, cereja',
    )
  })

  it('agrees with the math on a real grid', () => {
    const stops = [33, 28, 20, 14, 8]
    const { wins, totalUnits } = evaluate(gridOf(stops))
    expect(resultText(pt, money, wins, totalUnits * 5)).toBe(`Você ganhou ${money(totalUnits * 5)} em ${wins.length} linhas`)
  })
})

describe('statuses', () => {
  it('maps each status to its message', () => {
    expect(statusText(pt, 'NOT_ENOUGH_MONEY')).toBe('Saldo insuficiente')
    expect(statusText(pt, 'BET_LIMIT')).toBe(pt.errorBetLimit)
    expect(statusText(pt, 'BET_LIMIT', 'bonus max stake')).toBe(pt.errorBetLimit)
    // A limit the player set, and a pause or self-exclusion, each say so.
    expect(statusText(pt, 'BET_LIMIT', 'player limit')).toBe(pt.errorPlayerLimit)
    expect(statusText(pt, 'USER_DISABLED')).toBe(pt.errorUserDisabled)
    expect(statusText(pt, 'TOKEN_EXPIRED')).toBe('Sessão encerrada: feche o jogo e abra de novo')
    expect(statusText(pt, 'INVALID_TOKEN')).toBe(pt.errorSession)
    for (const other of ['INVALID_GAME', 'WALLET_UNREACHABLE', 'ROUND_FAILED', 'UNKNOWN_ERROR', 'BAD_REQUEST', 'NETWORK_ERROR']) {
      expect(statusText(pt, other)).toBe(pt.errorGeneric)
    }
    expect(endsSession('TOKEN_EXPIRED')).toBe(true)
    expect(endsSession('NOT_ENOUGH_MONEY')).toBe(false)
  })

  it('calls 20 times the stake or more a big win', () => {
    expect(isBigWin(2000, 100)).toBe(true)
    expect(isBigWin(1999, 100)).toBe(false)
  })
})

describe('symbol names per theme', () => {
  it('each game names its symbols as it draws them; the fruits machine keeps the fruit names', () => {
    const grape = { line: 1, symbol: 'grape' as const, count: 3, pay: 15 }
    expect(lineWinText(withThemeSymbols(pt, 'carnival'), money, grape, 100)).toBe('Linha 1: 3 × pandeiro = R$\u00a00,75')
    expect(lineWinText(withThemeSymbols(pt, 'fruits'), money, grape, 100)).toBe('Linha 1: 3 × uva = R$\u00a00,75')
    for (const theme of ['jungle', 'carnival', 'ocean', 'gems']) {
      const named = withThemeSymbols(en, theme).symbols
      expect(Object.keys(named).sort(), theme).toEqual(Object.keys(en.symbols).sort())
      // Every symbol of a theme has a name of its own, and the wild says it is the wild.
      expect(new Set(Object.values(named)).size, theme).toBe(8)
      expect(named.wild, theme).toMatch(/\(wild\)$/)
    }
  })
})
