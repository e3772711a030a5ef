import type { Locale } from '../../../shared/locales'

/** The home lobby scene's state: what the page feeds it (from the store) and the fixtures name. */
export interface LobbyState {
  locale: Locale
  /** i18n keys of the banner slides. */
  slides: readonly string[]
  /** The slide shown first (and the only one with motion 'none'). */
  slide: number
  /** Online players, already by the spec's formula. */
  online: number
  /** The jackpot grows by `perSecond` reais from `base` at time `since` (ms); null: no jackpot running, none shown. */
  jackpot: { base: number; perSecond: number; since: number } | null
}
