import type { Locale } from '../../../shared/locales'

/** The limbo scene's state: what the page feeds it (from the store) and the fixtures name. */
export interface LimboState {
  /** The language of the scene's texts and of the payout's punctuation. */
  locale: Locale
  /** The target multiplier the result is judged against (1.01..1,000,000). */
  target: number
  /** The last result multiplier, or null before the first bet. */
  result: number | null
  won: boolean | null
  /** Reais paid by the last bet (0 on a loss). */
  payout: number
  /** A bet is on its way: the number pulses at once, before the server answers. */
  pending: boolean
  /** Changes with each new result, so the same result twice still animates. */
  rollId: string | null
}
