/** The 15 translation tables of the spec (section 1); pt_BR is the source of truth. */
export const LOCALES = [
  'pt_BR', 'en_US', 'nr_NR', 'zh_CN', 'de_DE', 'es_ES', 'fr_FR', 'it_IT',
  'ru_RU', 'ja_JP', 'ko_KR', 'id_ID', 'hi_IN', 'vi_VN', 'th_TH',
] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'pt_BR'

const byLanguage: Record<string, Locale> = {
  pt: 'pt_BR', en: 'en_US', zh: 'zh_CN', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', it: 'it_IT',
  ru: 'ru_RU', ja: 'ja_JP', ko: 'ko_KR', id: 'id_ID', in: 'id_ID', hi: 'hi_IN', vi: 'vi_VN', th: 'th_TH',
}

/**
 * Maps what a client sends as `lang` ('pt_BR', 'pt-BR', 'pt', 'en_us' ...) to one of our tables.
 * Unknown values fall back to the default language rather than failing the request.
 */
export function normalizeLocale(raw: string | null | undefined): Locale {
  if (!raw) return DEFAULT_LOCALE
  const cleaned = raw.trim().replace('-', '_')
  const [lang = '', region = ''] = cleaned.split('_')
  const exact = `${lang.toLowerCase()}_${region.toUpperCase()}`
  if ((LOCALES as readonly string[]).includes(exact)) return exact as Locale
  return byLanguage[lang.toLowerCase()] ?? DEFAULT_LOCALE
}
