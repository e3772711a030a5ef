/**
 * Money is integer centavos everywhere inside the product; reais (a number or
 * text with at most two decimals) only on the wire and on screen.
 * Conversions are exact: an amount with more decimals is refused, never rounded.
 */

/** The wire form of an amount: whole reais with an optional one or two decimals. */
const REAIS_PATTERN = /^\d+(\.\d{1,2})?$/

/** Largest amount we accept on the wire: 1e12 reais keeps centavos far inside 2^63. */
const MAX_REAIS_DIGITS = 12

/**
 * Parses the text of an amount in reais into centavos.
 * Returns null when the text is not a plain decimal with at most two decimals.
 */
export function reaisTextToCentavos(text: string): bigint | null {
  if (!REAIS_PATTERN.test(text)) return null
  const [whole = '', frac = ''] = text.split('.')
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_REAIS_DIGITS) return null
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'))
}

/**
 * Parses an amount that arrived as a JSON number or as form text.
 * A number is judged on its shortest round-trip text, so 0.1 + 0.2 is refused.
 */
export function reaisToCentavos(value: number | string): bigint | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null
    return reaisTextToCentavos(String(value))
  }
  return reaisTextToCentavos(value.trim())
}

/** Centavos to the wire's number of reais (exact for every value below 2^53 centavos). */
export function centavosToReais(centavos: bigint | number): number {
  const c = BigInt(centavos)
  const sign = c < 0n ? -1 : 1
  const abs = c < 0n ? -c : c
  return sign * Number(`${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`)
}

/**
 * A wire amount (a number of reais with at most two decimals) in centavos, for maths on amounts
 * the server sent; anything finer is rounded to the nearest centavo.
 */
export function wireToCentavos(reais: number): bigint {
  if (!Number.isFinite(reais)) throw new RangeError(`not an amount: ${reais}`)
  return BigInt(Math.round(reais * 100))
}

/** Centavos to the plain text of reais with two decimals, e.g. 1050n -> "10.50". */
export function centavosToText(centavos: bigint | number): string {
  const c = BigInt(centavos)
  const abs = c < 0n ? -c : c
  return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}
