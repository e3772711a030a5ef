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

let fullTable: Promise<void> | null = null

/** The whole pt_BR table (the fallback of every other language): loaded once. */
export function ensureFullLocale(): Promise<void> {
  return (fullTable ??= import('../../../locales/pt_BR.json').then((m) => {
    i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', m.default, true, true)
  }))
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
