import { reaisToCentavos } from '../src/shared/money'

/**
 * A wire amount in reais (a number, maybe negative) as exact centavos, through shared/money.ts;
 * throws when it has more than two decimals, so float drift fails the test instead of hiding in
 * a rounding. Money assertions compare these bigints, never reais computed with floats.
 */
export function centavosOf(reais: number): bigint {
  const abs = reaisToCentavos(Math.abs(reais))
  if (abs === null) throw new Error(`${reais} is not an amount in reais with at most two decimals`)
  return reais < 0 ? -abs : abs
}
