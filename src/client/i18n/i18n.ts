import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales'
import ptBR from '../../../locales/pt_BR.json'

/** pt_BR is bundled (the first paint speaks it); every other table is a lazy chunk. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../../../locales/*.json', '!../../../locales/pt_BR.json'])

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: { [DEFAULT_LOCALE]: { translation: ptBR } },
  interpolation: { escapeValue: false },
  returnNull: false,
})

const htmlLang = (locale: Locale) => (locale === 'nr_NR' ? 'en-NG' : locale.replace('_', '-'))

/** Loads a locale's table without switching to it (scenes may draw a fixture in another language). */
export async function ensureLocale(locale: Locale): Promise<void> {
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
