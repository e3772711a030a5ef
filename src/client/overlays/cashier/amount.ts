/**
 * Reads a typed amount in reais: digits with an optional ',' or '.' and at most two decimals.
 * Returns null for empty or malformed text (the server refuses more decimals rather than round).
 */
export function parseAmount(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.')
  if (!/^\d{1,12}(\.\d{0,2})?$/.test(clean)) return null
  return Number(clean)
}

/** An amount as sent on the wire: '30.00'. */
export const wireAmount = (value: number) => value.toFixed(2)

/**
 * The withdraw form's cap (spec: the amount is auto-capped to the balance): text above `most`
 * becomes `most`, anything else is kept as typed so the user can keep editing.
 */
export function capAmountText(text: string, most: number): string {
  const value = parseAmount(text)
  if (value === null || most <= 0 || value <= most) return text
  return wireAmount(most)
}
