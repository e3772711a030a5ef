/**
 * The server-calling actions the always-mounted shell uses (boot, header, menus, home tiles),
 * loaded on first use: they pull in the contract's schemas and zod, which the first paint of a
 * page does not need. Each wrapper has the action's own signature.
 */
import type { GameEntry } from '../../shared/contract'

const session = () => import('./actions/session')
const games = () => import('./actions/games')

export const fetchUserInfo = async () => (await session()).fetchUserInfo()
export const refreshBalance = async () => (await session()).refreshBalance()
export const logoutAndGoHome = async () => (await session()).logoutAndGoHome()
export const loadMainGames = async () => (await games()).loadMainGames()
export const loadInPlay = async () => (await games()).loadInPlay()
export const checkUserGift = async () => (await games()).checkUserGift()
export const pickGame = async (game: GameEntry) => (await games()).pickGame(game)
export const loadAppInfo = async () => (await import('./actions/appInfo')).loadAppInfo()
export const setAvatar = async (avatar: number) => (await import('./actions/account')).setAvatar(avatar)
export const showTestAccount = async () => (await import('./actions/testAccount')).showTestAccount()

/** The socket (store/realtime): started once loaded; the returned stop works before that too. */
export function startRealtime(): () => void {
  let stopped = false
  let stop: (() => void) | null = null
  void import('./realtime').then((m) => {
    if (!stopped) stop = m.startRealtime()
  })
  return () => {
    stopped = true
    stop?.()
  }
}

export const sendOffGame = (gameCode: string) => void import('./realtime').then((m) => m.sendOffGame(gameCode))
