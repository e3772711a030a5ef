/**
 * Multipliers are kept to 4 decimals, rounded down, as integers of ten-thousandths; payouts are
 * floor(stake centavos x multiplier), all in integer arithmetic so every verifier agrees.
 */
const MULTIPLIER_SCALE = 10_000n

/** A multiplier as ten-thousandths, rounded down from the exact fraction num/den. */
export function multiplierFromFraction(num: bigint, den: bigint): bigint {
  return (num * MULTIPLIER_SCALE) / den
}

/** floor(stake x multiplier) in centavos. */
export function payoutOf(stakeCentavos: bigint, multiplier4: bigint): bigint {
  return (stakeCentavos * multiplier4) / MULTIPLIER_SCALE
}

/** The multiplier as a plain number with up to 4 decimals (for the wire and the screen). */
export function multiplierToNumber(multiplier4: bigint): number {
  return Number(multiplier4) / 10_000
}
