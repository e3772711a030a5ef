import type { Locale } from '../../shared/locales'

/**
 * The language picker's nine entries (spec: name, key, image, pay currency text, icon, symbol,
 * phone prefix). The pay currency is what the language's market pays in; wallets stay in reais.
 * 'Nigerian' is English for Nigeria (nr_NR).
 */
export interface LanguageEntry {
  name: string
  key: Locale
  /** Flag image (an SVG of ours in /flags). */
  image: string
  pay: string
  icon: string
  symbol: string
  phonePrefix: string
}

const flag = (code: string) => `/flags/${code}.svg`

/** The first entry, and the one an unknown locale falls back to. */
const PORTUGUESE: LanguageEntry = { name: 'Português', key: 'pt_BR', image: flag('br'), pay: 'BRL', icon: 'br', symbol: 'R$', phonePrefix: '+55' }

export const LANGUAGES: readonly LanguageEntry[] = [
  PORTUGUESE,
  { name: 'English', key: 'en_US', image: flag('us'), pay: 'USD', icon: 'us', symbol: '$', phonePrefix: '+1' },
  { name: 'Bahasa Indonesia', key: 'id_ID', image: flag('id'), pay: 'IDR', icon: 'id', symbol: 'Rp', phonePrefix: '+62' },
  { name: 'Tiếng Việt', key: 'vi_VN', image: flag('vn'), pay: 'VND', icon: 'vn', symbol: '₫', phonePrefix: '+84' },
  { name: 'Nigerian', key: 'nr_NR', image: flag('ng'), pay: 'NGN', icon: 'ng', symbol: '₦', phonePrefix: '+234' },
  { name: '日本語', key: 'ja_JP', image: flag('jp'), pay: 'JPY', icon: 'jp', symbol: '¥', phonePrefix: '+81' },
  { name: '한국어', key: 'ko_KR', image: flag('kr'), pay: 'KRW', icon: 'kr', symbol: '₩', phonePrefix: '+82' },
  { name: '简体中文', key: 'zh_CN', image: flag('cn'), pay: 'CNY', icon: 'cn', symbol: '¥', phonePrefix: '+86' },
  { name: 'Русский', key: 'ru_RU', image: flag('ru'), pay: 'RUB', icon: 'ru', symbol: '₽', phonePrefix: '+7' },
]

export function languageOf(locale: Locale): LanguageEntry {
  return LANGUAGES.find((l) => l.key === locale) ?? PORTUGUESE
}
