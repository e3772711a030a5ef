import fs from 'node:fs'
import path from 'node:path'
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

describe('locale files', () => {
  it('exist for all 15 locales and nothing else', () => {
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()).toEqual([...LOCALES].sort())
  })

  for (const locale of LOCALES) {
    it(`${locale} has every key of pt_BR, each with the same placeholders`, () => {
      const table = leaves(read(locale))
      expect([...table.keys()].sort()).toEqual([...source.keys()].sort())
      for (const [key, text] of source) {
        expect(table.get(key)!.trim().length, key).toBeGreaterThan(0)
        expect(placeholders(table.get(key)!), `${locale} ${key}`).toEqual(placeholders(text))
      }
    })
  }
})
