import type { Locale } from '../../../shared/locales'

/** The mines scene's state: what the page feeds it (from the store) and the fixtures name. */
export interface MinesState {
  /** Formats the payout on the cash-out card. */
  locale: Locale
  /** The game's bet id; null before the first game (a blank board). A new id resets the board. */
  gameId: string | null
  mines: number
  /** Tiles the player opened, in order; in a lost game the bomb that was hit is among them (the last). */
  revealed: readonly number[]
  /** Known only once the game has ended. */
  minePositions: readonly number[] | null
  state: 'idle' | 'active' | 'won' | 'lost'
  /** The tile whose reveal is on its way: pressed at once, before the server answers. */
  pendingTile: number | null
  multiplier: number
  /** Reais, for the cash-out card. */
  payout: number
}
