import type { Locale } from '../../../shared/locales'

/** The dice scene's state: what the page feeds it (from the store) and the fixtures name. */
export interface DiceState {
  /** 0.01..99.99 */
  target: number
  condition: 'over' | 'under'
  /** The last roll (0.00..100.00), or null before the first bet. */
  roll: number | null
  won: boolean | null
  /** Changes with each new result, so the same roll twice still animates. */
  rollId: string | null
  /** The win's payout in reais (0 on a loss), counted up once the marker lands. */
  payout: number
  /** The language of the payout's punctuation. */
  locale: Locale
  /** A bet is on its way: the last result dims and breathes until the new one arrives. */
  pending: boolean
}
