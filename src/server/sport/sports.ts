/**
 * The twelve sports of the spec and how the simulator plays and prices each: the mean score per
 * side, how long a match runs, its periods, whether it can end level, the markets it offers.
 */
import type { SportId } from '../../shared/contract/sport'
import type { MarketType } from '../../shared/sport/settle'

export type { SportId }

export interface SportModel {
  id: SportId
  /** A number for match ids (sport code x 10^9 + the slot). */
  code: number
  /** Mean score per side over a whole match (goals, points, sets, frames, rounds won...). */
  mean: number
  /** Minutes of play and of the break between the two halves of the clock (the simulator's match clock). */
  playMinutes: number
  breakMinutes: number
  /** Quarters (1001-1004) instead of halves. */
  quarters: boolean
  /** Whether a match can end level (1X2 with a draw, else win only, a level score pushing). */
  draws: boolean
  /** Minutes between two kick-offs of this sport (a few always live where matches are long). */
  everyMinutes: number
  markets: readonly MarketType[]
  /** Corners per side (football only). */
  corners?: number
}

export const SPORTS: readonly SportModel[] = [
  { id: 'football', code: 1, mean: 1.35, playMinutes: 90, breakMinutes: 15, quarters: false, draws: true, everyMinutes: 12, markets: ['1x2', 'ah', 'ou', 'oddEven', 'corners'], corners: 5 },
  { id: 'basketball', code: 2, mean: 84, playMinutes: 48, breakMinutes: 15, quarters: true, draws: false, everyMinutes: 30, markets: ['winner', 'ah', 'ou', 'oddEven'] },
  { id: 'tennis', code: 3, mean: 11, playMinutes: 100, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 25, markets: ['winner', 'ah', 'ou'] },
  { id: 'boxing', code: 4, mean: 5.5, playMinutes: 36, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 180, markets: ['winner', 'ou'] },
  { id: 'snooker', code: 5, mean: 4.5, playMinutes: 150, breakMinutes: 15, quarters: false, draws: false, everyMinutes: 90, markets: ['winner', 'ah', 'ou'] },
  { id: 'baseball', code: 6, mean: 4.4, playMinutes: 170, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 60, markets: ['winner', 'ah', 'ou', 'oddEven'] },
  { id: 'volleyball', code: 7, mean: 75, playMinutes: 100, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 45, markets: ['winner', 'ah', 'ou'] },
  { id: 'badminton', code: 8, mean: 40, playMinutes: 50, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 60, markets: ['winner', 'ah', 'ou'] },
  { id: 'americanFootball', code: 9, mean: 22, playMinutes: 60, breakMinutes: 20, quarters: true, draws: false, everyMinutes: 120, markets: ['winner', 'ah', 'ou'] },
  { id: 'tableTennis', code: 10, mean: 40, playMinutes: 30, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 20, markets: ['winner', 'ah', 'ou'] },
  { id: 'cricket', code: 11, mean: 160, playMinutes: 200, breakMinutes: 20, quarters: false, draws: false, everyMinutes: 240, markets: ['winner', 'ou'] },
  { id: 'racing', code: 12, mean: 1, playMinutes: 3, breakMinutes: 0, quarters: false, draws: false, everyMinutes: 15, markets: ['winner'] },
]

