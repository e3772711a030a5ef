/**
 * The loyalty rules that are arithmetic, apart from the database: the daily sign-in's cycle and a
 * referral commission. The server's claim (signin/routes.ts) and commission job
 * (referral/commissions.ts) apply these.
 */

const SIGNIN_CYCLE_DAYS = 7

/**
 * Where the player stands in the sign-in cycle today, from their last claim (its São Paulo day and
 * the cycle day it paid): claimed today; or tomorrow's day after yesterday's claim (day 7 is
 * followed by day 1); or day 1 after a missed day or with no claim yet.
 */
export function signinCycleDay(last: { day: string; streak: number } | null, today: string, yesterday: string): { claimedToday: boolean; day: number } {
  if (last?.day === today) return { claimedToday: true, day: last.streak }
  return { claimedToday: false, day: last?.day === yesterday ? (last.streak % SIGNIN_CYCLE_DAYS) + 1 : 1 }
}

/** A referral level's commission on a referee's counted stakes: `rateBp` basis points, in centavos, rounded down. */
export function commissionOf(counted: bigint, rateBp: number): bigint {
  if (counted <= 0n || rateBp <= 0) return 0n
  return (counted * BigInt(rateBp)) / 10_000n
}
