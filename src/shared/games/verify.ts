/**
 * Recomputes a bet from its revealed seed pair with the same code the server used: what the
 * in-app verifier runs, and what any outside verifier following the public scheme gets.
 */
import type { Bet } from '../contract/casino'
import { reaisToCentavos } from '../money'
import { diceMultiplier, diceRoll, diceWins, type DiceCondition } from './dice'
import { hashServerSeed, type SeedPair } from './fair'
import { limboMultiplier, limboResult, limboWins } from './limbo'
import { minePositions, minesMultiplier } from './mines'
import { multiplierToNumber, payoutOf } from './payout'

export interface Recomputed {
  /** Dice: the roll (0.00..100.00). */
  roll?: number
  /** Limbo: the result multiplier. */
  result?: number
  /** Mines: where the mines were. */
  minePositions?: number[]
  won: boolean
  multiplier: number
  /** Reais, before any payout cap. */
  payout: number
}

export interface BetToCheck {
  game: 'dice' | 'limbo' | 'mines'
  /** Reais. */
  amount: number
  /** Dice and limbo: the target as shown (50.5, 2.00). */
  target?: number
  condition?: DiceCondition
  mines?: number
  /** Mines: tiles in the order they were revealed. */
  revealed?: readonly number[]
}

const hundredths = (n: number) => Math.round(n * 100)

export function recompute(pair: SeedPair, bet: BetToCheck): Recomputed {
  const stake = reaisToCentavos(bet.amount) ?? 0n
  const money = (m4: bigint) => Number(payoutOf(stake, m4)) / 100
  if (bet.game === 'dice') {
    const target = hundredths(bet.target ?? 0)
    const condition = bet.condition ?? 'over'
    const roll = diceRoll(pair)
    const won = diceWins(roll, target, condition)
    const m = won ? diceMultiplier(target, condition) : 0n
    return { roll: roll / 100, won, multiplier: multiplierToNumber(m), payout: money(m) }
  }
  if (bet.game === 'limbo') {
    const target = hundredths(bet.target ?? 0)
    const result = limboResult(pair)
    const won = limboWins(result, target)
    const m = won ? limboMultiplier(target) : 0n
    return { result: result / 100, won, multiplier: multiplierToNumber(m), payout: money(m) }
  }
  const mines = bet.mines ?? 1
  const positions = minePositions(pair, mines)
  const revealed = bet.revealed ?? []
  const won = revealed.length > 0 && !revealed.some((t) => positions.includes(t))
  const m = won ? minesMultiplier(mines, revealed.length) : 0n
  return { minePositions: positions, won, multiplier: multiplierToNumber(m), payout: money(m) }
}

export interface Verdict {
  /** SHA-256 of the revealed server seed equals the hash shown before the bet. */
  hashOk: boolean
  expected: Recomputed
  /** The fields where the stored bet differs from the recomputation (empty: it checks out). */
  mismatches: Array<'roll' | 'result' | 'minePositions' | 'state' | 'multiplier' | 'payout'>
}

/**
 * Checks a settled bet against its revealed server seed. A payout below the recomputed one is
 * accepted only when the bet hit the payout cap (maxPayout, reais).
 */
export function verifyBet(bet: Bet, serverSeed: string, maxPayout = Infinity): Verdict {
  const expected = recompute({ serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce }, bet)
  const mismatches: Verdict['mismatches'] = []
  if (expected.roll !== undefined && expected.roll !== bet.roll) mismatches.push('roll')
  if (expected.result !== undefined && expected.result !== bet.result) mismatches.push('result')
  if (expected.minePositions && bet.minePositions && expected.minePositions.join() !== [...bet.minePositions].sort((a, b) => a - b).join()) mismatches.push('minePositions')
  if (bet.state !== 'active' && expected.won !== (bet.state === 'won')) mismatches.push('state')
  if (expected.multiplier !== bet.multiplier) mismatches.push('multiplier')
  if (expected.payout !== bet.payout && !(bet.payout === maxPayout && expected.payout > maxPayout)) mismatches.push('payout')
  return { hashOk: hashServerSeed(serverSeed) === bet.serverSeedHash, expected, mismatches }
}
