/** What every shared-round game is, beside its scene: its size, its choices and its pay table. */
export type RoundGameId = 'double' | 'rowDouble' | 'luckyColor'
export const ROUND_GAME_IDS: readonly RoundGameId[] = ['double', 'rowDouble', 'luckyColor']

export interface RoundTimings {
  /** Milliseconds of each phase: bets open, the draw's animation, the result on screen. */
  bettingMs: number
  drawMs: number
  resultMs: number
}

export interface RoundRules<C extends string = string> {
  readonly id: RoundGameId
  /** Rolls are 0 .. size - 1. */
  readonly size: number
  readonly choices: readonly C[]
  /** The multiplier a choice pays for a roll, in ten-thousandths of the stake (0 when it loses). */
  multiplier(choice: C, roll: number): bigint
  /** Whether a choice wins on a roll (a win may still pay less than the stake back, never here). */
  wins(choice: C, roll: number): boolean
}

/** A pay table: each entry a multiplier in ten-thousandths (2x = 20000). */
export type PayTable<K extends string> = Readonly<Record<K, bigint>>
