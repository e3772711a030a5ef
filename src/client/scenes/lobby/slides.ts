import { ACTIVITIES } from '../../../shared/loyalty/activities'

/** The lobby banner's slides, one per activity (the live page links each to /active{id}). */
export const LOBBY_SLIDES: readonly string[] = ACTIVITIES.map((a) => `lobby.bannerSlides.${a.key}`)
