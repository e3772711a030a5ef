import { centavosToText } from '../../shared/money'
import type { Locale } from '../../shared/locales'

/** The locale's BCP 47 tag for Intl (nr_NR is English as written in Nigeria). */
export const bcp47 = (locale: Locale) => locale.replace('_', '-').replace('nr-NR', 'en-NG')

/**
 * An amount in reais as the spec shows money: two decimals, the locale's punctuation, no symbol
 * (messages put 'R$' themselves). Exact: formats the decimal text, never a float product.
 */
export function formatReais(centavos: bigint, locale: Locale): string {
  const text = centavosToText(centavos)
  const [whole, frac] = text.replace('-', '').split('.') as [string, string]
  const parts = new Intl.NumberFormat(bcp47(locale), { minimumFractionDigits: 2 }).formatToParts(1234.5)
  const group = parts.find((p) => p.type === 'group')?.value ?? ''
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${text.startsWith('-') ? '-' : ''}${grouped}${decimal}${frac}`
}
