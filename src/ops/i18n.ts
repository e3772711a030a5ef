/**
 * The console's texts: the `ops` section of each locale (vite.ops.config.ts cuts it out), pt_BR
 * bundled (the source, and every other's fallback), the others loaded when chosen. The operator's
 * choice is kept on this device; the first visit follows the browser's language.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '../shared/locales'
import { setApiLanguage } from './api'
import ptBR from '../../locales/pt_BR.json?ops'

const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*.json', '!../../locales/pt_BR.json'], { query: '?ops' })
const STORAGE_KEY = 'ops.locale'

const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: { [DEFAULT_LOCALE]: { translation: ptBR } },
  interpolation: { escapeValue: false },
  returnNull: false,
})

export function storedLocale(): Locale {
  let kept: string | null = null
  try {
    kept = localStorage.getItem(STORAGE_KEY)
  } catch {
    // Storage refused (a locked-down browser): the browser's language.
  }
  return normalizeLocale(kept ?? navigator.language)
}

export async function setLocale(locale: Locale): Promise<void> {
  if (locale !== DEFAULT_LOCALE && !i18n.hasResourceBundle(locale, 'translation')) {
    const load = loaders[`../../locales/${locale}.json`]
    if (load) i18n.addResourceBundle(locale, 'translation', (await load()).default, true, true)
  }
  try {
    localStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // Not kept: chosen for this visit only.
  }
  setApiLanguage(locale)
  document.documentElement.lang = locale.replace('_', '-')
  await i18n.changeLanguage(locale)
}
