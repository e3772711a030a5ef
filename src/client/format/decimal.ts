/**
 * Decimals as people read and type them: the locale's separator on screen and in inputs ('1,50' in
 * pt-BR, '1.50' in en-US), the wire's '.' in the store and on the network. Inputs show no grouping,
 * so what is typed is what is shown.
 */
import type { Locale } from '../../shared/locales'
import { bcp47 } from './format'

const separators = new Map<Locale, string>()
const formatters = new Map<string, Intl.NumberFormat>()

/** The locale's decimal separator, from Intl. */
export function decimalSeparator(locale: Locale): string {
  let sep = separators.get(locale)
  if (sep === undefined) {
    sep = new Intl.NumberFormat(bcp47(locale)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    separators.set(locale, sep)
  }
  return sep
}

/**
 * A number with exactly `digits` decimals in the locale: the figures beside the controls
 * (chance 49,50%, multiplier 1,9603×). `grouping` off for text an input will show.
 */
export function formatDecimal(value: number, locale: Locale, digits: number, grouping = true): string {
  // Scenes format a number every frame: one formatter per kind, made once.
  const key = `${locale}|${digits}|${grouping}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(bcp47(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouping })
    formatters.set(key, format)
  }
  return format.format(value)
}

/**
 * Reads a decimal as typed in `locale`: digits, at most one decimal separator (the locale's, or
 * '.' wherever the locale's is another), at most `maxDecimals` decimals; spaces are ignored and a
 * separator with nothing after it is allowed (the user is still typing). Returns the wire text
 * ('1,5' -> '1.5', '2,' -> '2'), or null.
 */
export function parseDecimal(text: string, locale: Locale, maxDecimals = 2): string | null {
  const sep = decimalSeparator(locale)
  const plain = text.replace(/\s/g, '')
  const wire = sep === '.' ? plain : plain.split(sep).join('.')
  const [, whole, frac = ''] = /^(\d{1,12})(?:\.(\d*))?$/.exec(wire) ?? []
  if (whole === undefined) return null
  if (frac.length > maxDecimals) return null
  return frac ? `${whole}.${frac}` : whole
}

/** Wire text ('1.50') as an input shows it in the locale ('1,50'); any other text is left as it is. */
export function decimalText(wire: string, locale: Locale): string {
  return /^\d+(\.\d+)?$/.test(wire) ? wire.replace('.', decimalSeparator(locale)) : wire
}

/** Odds as the server has them (at most three decimals): two decimals, three when the third is not 0, so the slip shows exactly the odds a bet records. */
export const formatOdds = (odds: number, locale: Locale): string => formatDecimal(odds, locale, Math.round(odds * 1000) % 10 === 0 ? 2 : 3)
