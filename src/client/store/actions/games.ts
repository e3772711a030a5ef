import { navigate } from 'wouter/use-browser-location'
import type { GameEntry } from '../../../shared/contract'
import { inPlay, main, userGift } from '../../../shared/contract/game'
import { i18n } from '../../i18n/i18n'
import { save } from '../persist'
import { store } from '../store'
import { offerNudge } from './nudges'
import { api } from './session'
import { openOverlay, pushAlert } from './ui'

export async function loadMainGames(): Promise<void> {
  if (!store.session.token) return
  const lists = await api<Record<string, { records: GameEntry[] }>>(main, { loading: false }, true).catch(() => null)
  if (!lists) return
  store.games.self = lists.SELF?.records ?? []
  store.games.hot = store.games.self.filter((g) => !g.stop)
  save('hotGames', store.games.hot)
}

export async function loadInPlay(): Promise<void> {
  if (!store.session.token) return
  store.games.inPlay = await api<{ gameCode: string; productCode: string } | null>(inPlay, { loading: false }, true).catch(() => null)
}

/**
 * Picking a game: stopped games say 'Em Breve...'; SELF games go to the route named by their
 * game type when logged in, else the login overlay; other games go to gameMess.
 */
export function pickGame(game: GameEntry): void {
  if (game.stop) {
    pushAlert({ text: i18n.t('common.comingSoon') })
    return
  }
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return
  }
  store.ui.sideMenu = false
  if (game.productCode === 'SELF') navigate(`/${game.gameType}?${new URLSearchParams({ game: game.value, productCode: game.productCode })}`)
  // A provider's game: its id is the game type, its value the name to show.
  else navigate(`/gameMess?${new URLSearchParams({ game: game.gameType, productCode: game.productCode, name: game.value })}`)
}

/** The site's Telegram contact; the spec asks for the gift only when it is set and is not a 'manager' link. */
const TELEGRAM = (import.meta.env.VITE_TELEGRAM as string | undefined) ?? ''

/** The gift pop-up (second deposit) when the server says one is available, when a sheet may show (actions/nudges). */
export async function checkUserGift(): Promise<void> {
  if (!TELEGRAM || TELEGRAM.includes('manager')) return
  if (!store.session.token || store.user?.testFlag === '1') return
  const gift = await api<number>(userGift, { loading: false }, true).catch(() => 0)
  if (gift === 1) offerNudge('gift', () => openOverlay('secondDeposit'))
}
