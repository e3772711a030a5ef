import { SNAPSHOT_TIME as FIXTURE_TIME } from '../../engine/determinism'
import type { LobbyState } from './types'
import { LOBBY_SLIDES } from './slides'

/** Named states of the lobby for the dev switcher and the visual snapshots. */
export const lobbyFixtures: Record<string, LobbyState> = {
  default: { locale: 'pt_BR', slides: LOBBY_SLIDES, slide: 0, online: 1525, jackpot: { base: 128_450.75, perSecond: 3.5, since: FIXTURE_TIME } },
  'second-slide': { locale: 'pt_BR', slides: LOBBY_SLIDES, slide: 1, online: 2_340_000, jackpot: { base: 9_876_543.21, perSecond: 12, since: FIXTURE_TIME } },
  english: { locale: 'en_US', slides: LOBBY_SLIDES, slide: 2, online: 870, jackpot: { base: 1000, perSecond: 0, since: FIXTURE_TIME } },
  'single-slide': { locale: 'pt_BR', slides: LOBBY_SLIDES.slice(0, 1), slide: 0, online: 0, jackpot: { base: 0, perSecond: 0, since: FIXTURE_TIME } },
}
