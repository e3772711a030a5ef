import type { Locale } from '../../shared/locales'

/** Wallets are in reais whatever the language; only the number's punctuation follows the locale. */
const CURRENCY_SYMBOL = 'R$'

/** Our locale as Intl names it ('pt_BR' -> 'pt-BR'; 'nr_NR', which Intl does not know, as Nigerian English). */
export const bcp47 = (locale: Locale) => locale.replace('_', '-').replace('nr-NR', 'en-NG')

// Building an Intl.NumberFormat costs far more than formatting with one (scenes count money every frame): one per locale.
const moneyFormats = new Map<Locale, Intl.NumberFormat>()
function moneyFormat(locale: Locale): Intl.NumberFormat {
  let format = moneyFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(bcp47(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    moneyFormats.set(locale, format)
  }
  return format
}

/**
 * Money as the spec formats it: two decimals, locale punctuation; a formatter that produced no
 * comma in pt_BR gets ',00' appended (the spec's rule, kept for amounts without decimals).
 */
export function formatMoney(value: number, locale: Locale, withSymbol = true): string {
  let text = moneyFormat(locale).format(value)
  if (locale === 'pt_BR' && !text.includes(',')) text += ',00'
  return withSymbol ? `${CURRENCY_SYMBOL} ${text}` : text
}

/** The online-players figure: 101 x the raw count plus a two-digit jitter, then K/M. */
export function onlineCount(raw: number, jitter: number): number {
  return raw * 101 + (10 + Math.floor(Math.abs(jitter) % 90))
}

export function formatOnline(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`
  if (n >= 1000) return `${trim(n / 1000)}K`
  return String(Math.round(n))
}

/** The animated counter's short form: K+, M+, B+ from 10^3, 10^6, 10^9 when simplify is on. */
export function formatCounter(n: number, simplify: boolean, locale: Locale): string {
  if (simplify) {
    if (n >= 1e9) return `${Math.floor(n / 1e9)}B+`
    if (n >= 1e6) return `${Math.floor(n / 1e6)}M+`
    if (n >= 1e3) return `${Math.floor(n / 1e3)}K+`
  }
  return new Intl.NumberFormat(bcp47(locale), { maximumFractionDigits: 0 }).format(Math.floor(n))
}

const trim = (x: number) => (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '')

/** mm:ss for the reset-code countdown. */
export function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/**
 * The root font size: on phones and tablets (the spec's "device type app") width / 3.93, so
 * 1rem is 100px on a 393px-wide screen; on a desktop browser a fixed 150px. A narrow window
 * counts as a phone, so the layout holds in a phone-sized desktop window too (our addition).
 */
export function rootFontSize(width: number, userAgent: string): number {
  const device = /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent) || width <= 600
  return device ? Math.min(width, 600) / 3.93 : 150
}
