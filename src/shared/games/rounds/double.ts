/**
 * Double and Row Double: 15 tiles, 0 white, 1 to 7 red, 8 to 14 black; white pays 14x, red and
 * black 2x. The roll is the tile's number; the wheel order is only how the wheel is drawn.
 */
import type { PayTable, RoundGameId, RoundRules } from './types'

export type DoubleChoice = 'red' | 'black' | 'white'
export const DOUBLE_CHOICES: readonly DoubleChoice[] = ['red', 'black', 'white']
export const DOUBLE_SIZE = 15
/** The tiles around the wheel, clockwise from the top. */
export const WHEEL_ORDER: readonly number[] = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4]

const DEFAULT_DOUBLE_PAYS: PayTable<DoubleChoice> = { white: 140_000n, red: 20_000n, black: 20_000n }

export function tileColor(tile: number): DoubleChoice {
  if (!Number.isInteger(tile) || tile < 0 || tile >= DOUBLE_SIZE) throw new Error(`no tile ${tile}`)
  return tile === 0 ? 'white' : tile <= 7 ? 'red' : 'black'
}

export function doubleRules(id: Extract<RoundGameId, 'double' | 'rowDouble'>, pays: PayTable<DoubleChoice> = DEFAULT_DOUBLE_PAYS): RoundRules<DoubleChoice> {
  const wins = (choice: DoubleChoice, roll: number) => tileColor(roll) === choice
  return {
    id,
    size: DOUBLE_SIZE,
    choices: DOUBLE_CHOICES,
    wins,
    multiplier: (choice, roll) => (wins(choice, roll) ? pays[choice] : 0n),
  }
}
