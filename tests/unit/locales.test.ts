import fs from 'node:fs'
import path from 'node:path'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/shared/locales'

type Tree = { [key: string]: string | Tree }
const dir = path.resolve(__dirname, '../../locales')
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Tree

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(at, value)
    else for (const [k, v] of leaves(value, at)) out.set(k, v)
  }
  return out
}

const source = leaves(read('pt_BR'))
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort()

/** i18next's plural forms: 'x_one', 'x_other'... stand for the text 'x', with one key per plural category of the language. */
const PLURAL = /_(zero|one|two|few|many|other)$/
const base = (key: string) => key.replace(PLURAL, '')
/** The categories i18next asks a locale for (it names them as Intl.PluralRules does, 'pt_BR' as 'pt-BR'). */
const categories = (locale: string) => new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories.map(String).sort()
/** The texts of a table by base key: a plain text's key is its own base; a plural text's forms share one. */
function bases(table: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const key of table.keys()) out.set(base(key), [...(out.get(base(key)) ?? []), key])
  return out
}
const sourceBases = bases(source)
/** The plural texts: bases whose keys carry a category. */
const pluralBases = [...sourceBases].filter(([b, keys]) => keys.some((k) => k !== b)).map(([b]) => b)

describe('locale files', () => {
  it('hold plural texts (the counts shown: a team\'s people, a round\'s bets...)', () => {
    expect(pluralBases).toContain('loyalty.team.people')
    expect(pluralBases).toContain('casino.round.totalItem')
  })

  it('give i18next a form for every count in every language, and the right one', async () => {
    const resources = Object.fromEntries(LOCALES.map((l) => [l, { translation: read(l) }]))
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'pt_BR', fallbackLng: false, resources, interpolation: { escapeValue: false } })
    for (const locale of LOCALES) {
      for (const b of pluralBases) {
        for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 1.5, 1_000_000]) {
          const text = i18n.t(b, { lng: locale, count, choice: 'c', amount: 'a' })
          expect(text, `${locale} ${b} ${count}`).not.toBe(b)
        }
      }
    }
    expect(i18n.t('loyalty.team.people', { lng: 'pt_BR', count: 1 })).toBe('1 pessoa')
    expect(i18n.t('loyalty.team.people', { lng: 'pt_BR', count: 2 })).toBe('2 pessoas')
    expect(i18n.t('loyalty.team.people', { lng: 'ru_RU', count: 3 })).toBe('3 человека')
    expect(i18n.t('loyalty.team.people', { lng: 'ru_RU', count: 5 })).toBe('5 человек')
    expect(i18n.t('loyalty.team.people', { lng: 'en_US', count: 1 })).toBe('1 person')
    expect(i18n.t('casino.auto.stop', { lng: 'pt_BR', played: 1, count: 1 })).toBe('Parar (1 aposta)')
    expect(i18n.t('casino.info.rules_mines', { lng: 'pt_BR', mines: 1, count: 1 })).toMatch(/^1 mina escondida/)
  })

  it('exist for all 15 locales and nothing else', () => {
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()).toEqual([...LOCALES].sort())
  })

  for (const locale of LOCALES) {
    it(`${locale} has every key of pt_BR, each with the same placeholders`, () => {
      const table = leaves(read(locale))
      // Plural texts compare by base: each language has its own set of forms.
      expect([...bases(table).keys()].sort()).toEqual([...sourceBases.keys()].sort())
      for (const [key, text] of table) {
        const model = source.get(key) ?? source.get(`${base(key)}_other`)!
        expect(text.trim().length, key).toBeGreaterThan(0)
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(model))
      }
    })

    it(`${locale} has each plural text in exactly the forms its language's rules ask for`, () => {
      const table = bases(leaves(read(locale)))
      for (const b of pluralBases) {
        expect(table.get(b)!.map((k) => k.slice(b.length + 1)).sort(), `${locale} ${b}`).toEqual(categories(locale))
      }
    })
  }
})
