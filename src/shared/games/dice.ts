import { firstFloat, type SeedPair } from './fair'
import { multiplierFromFraction } from './payout'

export type DiceCondition = 'over' | 'under'

/** The roll, 0.00 to 100.00, as hundredths (0..10000): floor(float x 10001). */
export function diceRoll(seed: SeedPair): number {
  return Math.floor(firstFloat(seed) * 10001)
}

/** Targets in hundredths: over 2.00..99.99, under 0.01..98.00. */
export function diceTargetValid(target: number, condition: DiceCondition): boolean {
  if (!Number.isInteger(target)) return false
  return condition === 'over' ? target >= 200 && target <= 9999 : target >= 1 && target <= 9800
}

/** Win chance in hundredths of a percent: over -> 100 - target, under -> target. */
export function diceWinChance(target: number, condition: DiceCondition): number {
  return condition === 'over' ? 10000 - target : target
}

/** Multiplier = 99 / win chance, kept to 4 decimals rounded down (ten-thousandths). */
export function diceMultiplier(target: number, condition: DiceCondition): bigint {
  return multiplierFromFraction(9900n, BigInt(diceWinChance(target, condition)))
}

export function diceWins(roll: number, target: number, condition: DiceCondition): boolean {
  return condition === 'over' ? roll > target : roll < target
}
