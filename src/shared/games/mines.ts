import { floatStream, type SeedPair } from './fair'
import { multiplierFromFraction } from './payout'

export const TILES = 25

/**
 * The mine positions: tiles 0..24 kept in ascending order; pick i removes the tile at index
 * floor(float_i x (25 - i)); the first `mines` picks are the mines (returned sorted).
 */
export function minePositions(seed: SeedPair, mines: number): number[] {
  const remaining = Array.from({ length: TILES }, (_, i) => i)
  const fs = floatStream(seed)
  const picked: number[] = []
  for (let i = 0; i < mines; i++) {
    const [tile] = remaining.splice(Math.floor(fs.next().value * (TILES - i)), 1)
    if (tile === undefined) throw new Error(`minePositions: no tile left for mine ${i + 1} of ${mines}`)
    picked.push(tile)
  }
  return picked.sort((a, b) => a - b)
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n
  let r = 1n
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1)
  return r
}

/** After `gems` gems with `mines` mines: 0.99 x C(25, gems) / C(25 - mines, gems), 4 decimals rounded down. */
export function minesMultiplier(mines: number, gems: number): bigint {
  if (gems === 0) return 10_000n
  return multiplierFromFraction(99n * choose(TILES, gems), 100n * choose(TILES - mines, gems))
}

export function minesCountValid(mines: number): boolean {
  return Number.isInteger(mines) && mines >= 1 && mines <= 24
}
