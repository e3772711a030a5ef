import { firstFloat, type SeedPair } from './fair'

/** Results and targets are hundredths of a multiplier; the result is capped at 1,000,000.00. */
export const LIMBO_MAX = 100_000_000
const LIMBO_MIN_TARGET = 101

/**
 * result = max(1, floor(1e8 / (float x 1e8) x 0.99 x 100) / 100), evaluated in that order,
 * capped at 1,000,000; returned in hundredths.
 */
export function limboResult(seed: SeedPair): number {
  return limboFromFloat(firstFloat(seed))
}

/** The result (hundredths) for one float. */
export function limboFromFloat(f: number): number {
  const hundredths = Math.floor((1e8 / (f * 1e8)) * 0.99 * 100)
  return Math.min(LIMBO_MAX, Math.max(100, hundredths))
}

export function limboTargetValid(target: number): boolean {
  return Number.isInteger(target) && target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX
}

/** The player wins when result >= target and is paid target x stake: the multiplier is the target. */
export function limboWins(result: number, target: number): boolean {
  return result >= target
}

/** The target (hundredths) as ten-thousandths. */
export function limboMultiplier(target: number): bigint {
  return BigInt(target) * 100n
}
