import { subscribe } from 'valtio'
import type { ServerToClientEvents } from '../../shared/contract/socket'
import type { RoundGameId } from '../../shared/games/rounds/types'
import { FREE_BALANCE_BELOW } from '../../shared/contract/wallet'
import { wireToCentavos } from '../../shared/money'
import type { SocketClient } from '../api/socket'
import { SNAPSHOT_MODE } from '../engine/determinism'
import { applyBalance, isStale } from './balance'
import { store } from './store'
import { save } from './persist'
import { sendRoundSeed } from './actions/roundSeed'
import { fetchUserInfo, sessionStands } from './actions/session'
import { i18n } from '../i18n/i18n'
import { offerNudge } from './actions/nudges'
import { track } from './actions/tracking'
import { openOverlay, pushAlert, showNotice } from './actions/ui'
import { roundBetSeen, roundLocked, roundResult, roundSettled, roundStarted } from './rounds'

let socket: SocketClient | null = null
let socketFor: string | null = null

/** The server's compensation offer answers a fall under R$ 10 (server/wallet/nudges.ts). */
const COMPENSATION_BELOW = 1000n
const balanceBelow = (limit: bigint) => store.user !== null && wireToCentavos(store.user.balance) < limit

/** Every received event of the spec, wired to the store. */
export const realtimeHandlers: { [E in keyof ServerToClientEvents]: ServerToClientEvents[E] } = {
  notice: (n) => showNotice(n),
  updateUserInfo: ({ balance, balanceVersion, ...fields }) => {
    if (!store.user) return void fetchUserInfo()
    Object.assign(store.user, fields)
    if (balance !== undefined && balanceVersion !== undefined) applyBalance({ balance, balanceVersion })
    save('userInfo', store.user)
  },
  insBalance: (wire) => {
    applyBalance(wire)
  },
  paySuccess: ({ czflag }) => {
    store.ui.bonusBoost = null
    // The spec: a purchase tracking event when czflag is 0.
    if (czflag === 0) track({ event: 'purchase' })
    void fetchUserInfo()
  },
  payRefused: ({ orderId }) => {
    // The BR profile: a deposit paid from someone else's account goes back to its payer.
    store.ui.overlay = null
    pushAlert({ text: i18n.t('cashier.payerNotOwner', { orderId }) })
  },
  userBetAmount: ({ bouns, amount }) => {
    if (bouns && amount) store.ui.bonusBoost = { multiplier: bouns, amount }
  },
  freeBalance: (wire) => {
    // A late one (the player has since topped up or won) is not a reason to ask for a deposit.
    if (isStale(wire)) return
    applyBalance(wire)
    // Unsolicited: shown when a sheet may (actions/nudges), if the balance is still that low then.
    if (wireToCentavos(wire.balance) < FREE_BALANCE_BELOW) offerNudge('compensation', () => balanceBelow(FREE_BALANCE_BELOW) && openOverlay('deposit'))
  },
  'offer:compensation': (wire) => {
    if (isStale(wire)) return
    applyBalance(wire)
    // Under R$ 0,51 freeBalance opens the normal deposit instead. Unsolicited: shown when a sheet may
    // (actions/nudges: not over the game being played), if the balance is still under R$ 10 then.
    if (wireToCentavos(wire.balance) >= FREE_BALANCE_BELOW) offerNudge('compensation', () => balanceBelow(COMPENSATION_BELOW) && openOverlay('gameDeposit'))
  },
  'online:count': ({ count }) => {
    // Snapshot mode keeps the figure fixed, so screenshots do not depend on who else is connected.
    if (!SNAPSHOT_MODE) store.lobby.onlineRaw = count
  },
  // Shared rounds: a game's room sends these once its page has joined it (game:join).
  'round:started': (e) => roundStarted(e),
  'round:bet': (e) => roundBetSeen(e),
  'round:locked': (e) => roundLocked(e),
  'round:result': (e) => roundResult(e),
  'round:settled': (e) => roundSettled(e),
  'round:seedWanted': (e) => void sendRoundSeed(e.game as RoundGameId).catch(() => undefined),
  // Sportsbook: a bet of this player settled; the balance it left (the bet pages come with issue 13's client).
  'sport:settled': ({ balance, balanceVersion }) => applyBalance({ balance, balanceVersion }),
  // Sportsbook: the watched match's changed markets and its clock (the match page merges them over what it fetched).
  'sport:odds': (e) => {
    const live = store.sport.live
    if (live.matchId !== e.matchId) return
    for (const m of e.markets) {
      live.status[m.marketId] = m.status
      for (const s of m.selections) live.odds[s.selectionId] = s.odds
    }
  },
  'sport:score': (e) => {
    const live = store.sport.live
    if (live.matchId === e.matchId) live.score = { matchTime: e.matchTime, minute: e.minute, score: e.score }
  },
}

/** The match this page watches: watched again when the socket reconnects. */
let watchedMatch: string | null = null

/** A match page opened: its odds and score come by socket from here on (a guest, without one, polls). */
export function watchMatch(matchId: string | null): void {
  if (watchedMatch === matchId) return
  if (watchedMatch) socket?.emit('sport:unwatch', { matchId: watchedMatch })
  watchedMatch = matchId
  Object.assign(store.sport.live, { matchId, odds: {}, status: {}, score: null })
  if (matchId) socket?.emit('sport:watch', { matchId })
}

/** The round games whose room this page is in: joined again when the socket reconnects (a new socket has no rooms). */
const joinedRounds = new Set<string>()

/** A round game's page opened: its events follow (offGame leaves, as for every game). */
export function joinRoundRoom(game: string): void {
  joinedRounds.add(game)
  socket?.emit('game:join', { game })
}

export function leaveRoundRoom(game: string): void {
  joinedRounds.delete(game)
  socket?.emit('offGame', { gameCode: game })
}

/** After the server dropped a socket whose session still stands (a restart, a flood cut): this long before connecting again. */
const RECONNECT_AFTER_MS = 2_000

/**
 * The server closed this socket, or refused its session: either the session ended (a logout on
 * another device, a password change, an expiry), and the session is cleared and the login overlay
 * opens (actions/session's sessionStands asks the server), or the server restarted and the socket
 * connects again.
 */
async function ended(token: string, refused: boolean): Promise<void> {
  if (store.session.token !== token) return
  const stands = await sessionStands(token, refused)
  if (!stands || store.session.token !== token || socketFor !== token) return
  setTimeout(() => {
    if (store.session.token === token && socketFor === token) socket?.reconnect()
  }, RECONNECT_AFTER_MS)
}

/**
 * Token change: with a token and no socket, a socket is created; without a token it is closed.
 * On every address, /play included: the spec keeps the socket off where the address holds 'play'
 * (the game's own window, which here is the provider's page and never runs this app); a reload
 * inside a slot must still get the balance and notices live.
 */
async function sync(): Promise<void> {
  const token = store.session.token
  if (token !== socketFor) store.ui.bonusBoost = null
  if (token && token !== socketFor) {
    socket?.close()
    socketFor = token
    const { connectSocket } = await import('../api/socket')
    if (store.session.token !== token) return
    socket = connectSocket(token, realtimeHandlers, {
      status: (connected) => {
        store.realtime.connected = connected
        if (connected) for (const game of joinedRounds) socket?.emit('game:join', { game })
        if (connected && watchedMatch) socket?.emit('sport:watch', { matchId: watchedMatch })
      },
      ended: (refused) => void ended(token, refused),
    })
  } else if (!token && socket) {
    socket.close()
    socket = null
    socketFor = null
    store.realtime.connected = false
  }
}

export function startRealtime(): () => void {
  void sync()
  return subscribe(store.session, () => void sync())
}

/** Leaving a screen with a live game code sends offGame. */
export function sendOffGame(gameCode: string): void {
  socket?.emit('offGame', gameCode)
}
