/**
 * The page's locale: the demoProvider section of `locales/<lang>.json`, loaded alone (the Vite
 * plugin in demo-provider/vite.config.ts cuts it out). pt_BR is bundled and fills any key the
 * chosen locale lacks; any other locale is a chunk loaded on demand.
 */
import ptBRSection from '../../locales/pt_BR.json?demo'
import type { Texts } from './format'

const DEFAULT_LANG = 'pt_BR'

const PT_BR = ptBRSection as unknown as Texts

// pt_BR is bundled above, so it is left out of the chunks loaded on demand.
const loaders = import.meta.glob(['../../locales/*.json', '!../../locales/pt_BR.json'], { query: '?demo', import: 'default' })

const loaderOf = (lang: string) => loaders[`../../locales/${lang}.json`]

/** The locale to use for a `lang` parameter: a locale file's name, else pt_BR. */
export function pickLang(param: string | null): string {
  return param !== null && /^[a-z]{2}_[A-Z]{2}$/.test(param) && (param === DEFAULT_LANG || loaderOf(param) !== undefined) ? param : DEFAULT_LANG
}

/**
 * The texts of a locale, every missing key taken from pt_BR, and the language they are in (pt_BR
 * when the locale has no section yet or fails to load).
 */
export async function loadTexts(lang: string): Promise<{ texts: Texts; textLang: string }> {
  const load = lang === DEFAULT_LANG ? undefined : loaderOf(lang)
  if (!load) return { texts: PT_BR, textLang: DEFAULT_LANG }
  try {
    const section = (await load()) as Partial<Texts>
    if (Object.keys(section).length === 0) return { texts: PT_BR, textLang: DEFAULT_LANG }
    return { texts: { ...PT_BR, ...section, symbols: { ...PT_BR.symbols, ...section.symbols }, themeSymbols: { ...PT_BR.themeSymbols, ...section.themeSymbols } }, textLang: lang }
  } catch {
    return { texts: PT_BR, textLang: DEFAULT_LANG }
  }
}
