import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales'
import firstPaint from '../../../locales/pt_BR.json?first'

/**
 * pt_BR's sections for the first paint (the shell and /home: vite.config.ts lists them) are
 * bundled; the rest of pt_BR and every other table are lazy chunks. Lazy pages and overlays wait
 * for the full table (withFullLocale) before they render; the shell only uses first-paint
 * sections (BoostPopup's cashier texts show after a bet, long after the table came).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../../../locales/*.json', '!../../../locales/pt_BR.json'])

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: { [DEFAULT_LOCALE]: { translation: firstPaint } },
  interpolation: { escapeValue: false },
  returnNull: false,
})

/**
 * Texts as components ask for them (react-i18next's `t`, from getFixedT), remembered per language,
 * key and plain values. i18next's fixed `t` copies its whole options object on every call, which
 * made a text cost more than the render around it: a bet re-renders the same few labels, and the
 * rounds' countdown one every 100 ms. Forgotten when the language or a table changes.
 */
const texts = new Map<string, unknown>()
const TEXTS_MAX = 4000
const forget = () => texts.clear()
i18n.on('languageChanged', forget)
// Tables are added to the store (ensureFullLocale, ensureLocale), which emits on itself.
i18n.store.on('added', forget)
i18n.store.on('removed', forget)

/** The memo's key for a call, or null when it is not a plain one (object values, a default value as second argument, returnObjects). */
function textKey(lng: string, ns: unknown, prefix: unknown, key: unknown, opts: unknown, rest: number): string | null {
  if (typeof key !== 'string' || rest > 0 || typeof ns !== 'string' && ns !== undefined && ns !== null) return null
  let k = `${lng}\u0000${String(ns ?? '')}\u0000${typeof prefix === 'string' ? prefix : ''}\u0000${key}`
  if (opts === undefined) return k
  if (typeof opts !== 'object' || opts === null) return null
  for (const [name, value] of Object.entries(opts as Record<string, unknown>)) {
    if (name === 'returnObjects' || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return null
    k += `\u0000${name}=${typeof value}:${String(value)}`
  }
  return k
}

type FixedT = ReturnType<typeof i18n.getFixedT>
const plainFixedT = i18n.getFixedT.bind(i18n) as (...args: unknown[]) => FixedT
i18n.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
  const fixed = plainFixedT(lng, ns, keyPrefix, fixedOpts) as FixedT & ((...args: unknown[]) => unknown) & Record<'lng' | 'lngs' | 'ns' | 'keyPrefix', unknown>
  const remembered = (key: unknown, opts?: unknown, ...rest: unknown[]) => {
    const k = typeof lng === 'string' || lng === undefined || lng === null ? textKey(typeof lng === 'string' ? lng : i18n.language, ns, keyPrefix, key, opts, rest.length) : null
    if (k === null) return fixed(key, opts, ...rest)
    let text = texts.get(k)
    if (text === undefined) {
      text = fixed(key, opts)
      if (texts.size >= TEXTS_MAX) texts.clear()
      texts.set(k, text)
    }
    return text
  }
  return Object.assign(remembered, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix }) as unknown as FixedT
}) as typeof i18n.getFixedT

let fullTable: Promise<void> | null = null

/** The whole pt_BR table (the fallback of every other language): loaded once. */
export function ensureFullLocale(): Promise<void> {
  return (fullTable ??= import('../../../locales/pt_BR.json').then(
    (m) => {
      i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', m.default, true, true)
    },
    (err: unknown) => {
      // A failed load is not kept: the next lazy route's retry asks again.
      fullTable = null
      throw err
    },
  ))
}

/** A lazy chunk's loader that also waits for the full locale table, so what it renders is never a raw key. */
export function withFullLocale<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), ensureFullLocale()]).then(([m]) => m)
}

const htmlLang = (locale: Locale) => (locale === 'nr_NR' ? 'en-NG' : locale.replace('_', '-'))

/** Loads a locale's table without switching to it (scenes may draw a fixture in another language). */
export async function ensureLocale(locale: Locale): Promise<void> {
  await ensureFullLocale()
  if (i18n.hasResourceBundle(locale, 'translation')) return
  const load = loaders[`../../../locales/${locale}.json`]
  if (!load) throw new Error(`no locale table ${locale}`)
  const table = await load()
  i18n.addResourceBundle(locale, 'translation', table.default, true, true)
}

/** Loads a locale's table if needed, then switches every text to it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  await ensureLocale(locale)
  await i18n.changeLanguage(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale)
}
