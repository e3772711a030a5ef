import { centavosToReais, centavosToText, reaisTextToCentavos, wireToCentavos } from '../../../shared/money'

/**
 * Reads an amount field's value (wire text, see useDecimalField): reais with at most two
 * decimals. Returns null for empty or malformed text (the server refuses more decimals rather
 * than round).
 */
export function parseAmount(text: string): number | null {
  const centavos = reaisTextToCentavos(text.trim())
  return centavos === null ? null : centavosToReais(centavos)
}

/** An amount as sent on the wire: '30.00'. */
export const wireAmount = (value: number) => centavosToText(wireToCentavos(value))
