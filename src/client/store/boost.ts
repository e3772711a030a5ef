import { centavosToReais, wireToCentavos } from '../../shared/money'

/** The bonus boost's shown value: multiplier x amount, two decimals (spec), in centavos: the multiplier has four decimals, rounded to the nearest centavo. */
export const boostValue = (multiplier: number, amount: number) =>
  centavosToReais((wireToCentavos(amount) * BigInt(Math.round(multiplier * 10_000)) + 5_000n) / 10_000n)
