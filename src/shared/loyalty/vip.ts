/**
 * The spec's VIP table (section 9), read as: column 1 the award for reaching the level, column 2
 * the total deposited (paySumAmount) and column 3 the total wagered (gameSumAmount) needed to reach
 * it; both thresholds must be met. Level 6's "24.000" is 24000. Amounts in centavos. The database
 * holds the same table (vip_levels, its rows in src/server/db/migrations/001_baseline.sql); a test keeps the two equal.
 */
export interface VipLevel {
  level: number
  award: bigint
  payMin: bigint
  gameMin: bigint
}

const R = (reais: number) => BigInt(reais) * 100n

export const VIP_LEVELS: readonly VipLevel[] = [
  { level: 0, award: 0n, payMin: 0n, gameMin: 0n },
  { level: 1, award: R(10), payMin: R(100), gameMin: R(500) },
  { level: 2, award: R(50), payMin: R(500), gameMin: R(4000) },
  { level: 3, award: R(200), payMin: R(2000), gameMin: R(16000) },
  { level: 4, award: R(1200), payMin: R(10000), gameMin: R(80000) },
  { level: 5, award: R(6000), payMin: R(50000), gameMin: R(400000) },
  { level: 6, award: R(24000), payMin: R(200000), gameMin: R(1600000) },
  { level: 7, award: R(75000), payMin: R(500000), gameMin: R(3000000) },
  { level: 8, award: R(225000), payMin: R(1500000), gameMin: R(6000000) },
  { level: 9, award: R(750000), payMin: R(5000000), gameMin: R(20000000) },
  { level: 10, award: R(2000000), payMin: R(10000000), gameMin: R(40000000) },
]

export const VIP_TOP = VIP_LEVELS.length - 1

/** The highest level whose both thresholds the sums meet. */
export function vipLevelFor(paySum: bigint, gameSum: bigint): number {
  let level = 0
  for (const l of VIP_LEVELS) if (paySum >= l.payMin && gameSum >= l.gameMin) level = l.level
  return level
}

/** The next level's thresholds (the top level's own at the top), and the sums capped at them, as the spec's progress shows. */
export function vipProgress(level: number, paySum: bigint, gameSum: bigint) {
  const next = VIP_LEVELS[Math.min(level + 1, VIP_TOP)] as VipLevel
  return { next, paySum: paySum < next.payMin ? paySum : next.payMin, gameSum: gameSum < next.gameMin ? gameSum : next.gameMin }
}

/** The awards of every level above `from` up to `to` (a deposit may jump several). */
export function vipAwardsBetween(from: number, to: number): VipLevel[] {
  return VIP_LEVELS.filter((l) => l.level > from && l.level <= to && l.award > 0n)
}
