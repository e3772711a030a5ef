import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales'

type Tree = { [key: string]: string | Tree }

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../locales')

function load(locale: Locale): Tree {
  const file = `${LOCALES_DIR}/${locale}.json`
  if (!fs.existsSync(file)) return {}
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree
  return (all.server as Tree | undefined) ?? {}
}

const tables = new Map<Locale, Tree>(LOCALES.map((l) => [l, load(l)]))

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * A text of one table: with a numeric `count`, its plural form as i18next names them (`key_one`,
 * `key_few`, `key_other`...) by the language's rules, `key_other` when that form is missing.
 */
function text(locale: Locale, key: string, count: unknown): string | undefined {
  const table = tables.get(locale)
  if (typeof count !== 'number') return lookup(table, key)
  const form = new Intl.PluralRules(locale.replace('_', '-')).select(count)
  return lookup(table, `${key}_${form}`) ?? lookup(table, `${key}_other`) ?? lookup(table, key)
}

/**
 * The server's texts, from the `server` part of `locales/<locale>.json`, with i18next-style
 * `{{name}}` placeholders and plural forms (by `count`). A key missing in a locale falls back to
 * pt_BR, then to the key itself.
 */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const template = text(locale, key, params.count) ?? text(DEFAULT_LOCALE, key, params.count) ?? key
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
}

/** A field's label in the user's language, or its wire name when it has none. */
export function fieldLabel(locale: Locale, field: string): string {
  return lookup(tables.get(locale), `fields.${field}`) ?? lookup(tables.get(DEFAULT_LOCALE), `fields.${field}`) ?? field
}
