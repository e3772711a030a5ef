import type { RoundGameId } from '../../../shared/games/rounds/types'
import type { Locale } from '../../../shared/locales'

/** A shared round's scene state (Double, Row Double, Lucky Color): what the page feeds it and the fixtures name. */
export interface RoundSceneState {
  game: RoundGameId
  locale: Locale
  /** null: no round yet (the server is still making the game's hash chain). */
  roundId: string | null
  /** This device's clock, ms. */
  bettingEndsAt: number
  drawEndsAt: number
  nextAt: number
  /** The whole betting window (the ring's full circle), ms. */
  bettingMs: number
  /** Known once betting has closed. */
  roll: number | null
  /** Rolls of the rounds settled before this one, newest first (null: voided). */
  recent: readonly (number | null)[]
  /** Reais staked on each choice this round. */
  totals: Readonly<Record<string, number>>
  /** How many bets this round has. */
  bets: number
  /** What this player won in this round, reais (0: nothing, or no bet). */
  payout: number
}
