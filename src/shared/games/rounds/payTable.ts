/**
 * What a shared-round game's info panel shows of each choice, from the rules the server pays
 * with: the exact return to player and the multipliers a choice can pay.
 */
import { payoutOf } from '../payout'
import type { RoundRules } from './types'

/** The exact return of a choice as a fraction: the mean multiplier (ten-thousandths) over every equally likely roll. */
export function exactRtp<C extends string>(rules: RoundRules<C>, choice: C): { numerator: bigint; denominator: bigint } {
  let sum = 0n
  for (let roll = 0; roll < rules.size; roll++) sum += rules.multiplier(choice, roll)
  return { numerator: sum, denominator: 10_000n * BigInt(rules.size) }
}

/** The return in percent, rounded to `digits` decimals from the exact fraction (for display). */
export function rtpPercent<C extends string>(rules: RoundRules<C>, choice: C, digits = 2): number {
  const { numerator, denominator } = exactRtp(rules, choice)
  const scale = 10n ** BigInt(digits)
  const scaled = (numerator * 100n * scale * 2n + denominator) / (denominator * 2n)
  return Number(scaled) / Number(scale)
}

/** The different multipliers a choice pays when it wins (ten-thousandths), highest first: Lucky Color's green pays less on 5. */
export function choicePays<C extends string>(rules: RoundRules<C>, choice: C): bigint[] {
  const pays = new Set<bigint>()
  for (let roll = 0; roll < rules.size; roll++) {
    const m = rules.multiplier(choice, roll)
    if (m > 0n) pays.add(m)
  }
  return [...pays].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
}

/** What a bet pays on each roll (centavos, roll 0 first): the settlement's payoutOf for each. */
export function paysByRoll<C extends string>(rules: RoundRules<C>, choice: C, stake: bigint): bigint[] {
  return Array.from({ length: rules.size }, (_, roll) => payoutOf(stake, rules.multiplier(choice, roll)))
}

/** The most one bet of `stake` can pay, over every choice and roll. */
export function largestPayout<C extends string>(rules: RoundRules<C>, stake: bigint): bigint {
  let most = 0n
  for (const choice of rules.choices) for (const p of paysByRoll(rules, choice, stake)) if (p > most) most = p
  return most
}
