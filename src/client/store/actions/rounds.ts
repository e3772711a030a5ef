/**
 * The shared-round games' actions: open a game (its live state, its room), leave it, and bet on
 * the round open for bets. The server decides every outcome; the events keep the slice live.
 */
import type { z } from 'zod/mini'
import * as rounds from '../../../shared/contract/rounds'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { stakeCentavos } from '../stake'
import { centavosToText } from '../../../shared/money'
import { applyBalance } from '../balance'
import { moneyCall } from '../moneyCall'
import { joinRoundRoom, leaveRoundRoom } from '../realtime'
import { addSettled } from '../rounds'
import { store } from '../store'
import { api } from './session'
import { sendRoundSeed } from './roundSeed'
import { betFailed, noStake } from './casino'
import { openOverlay } from './ui'

type StateReply = z.output<typeof rounds.roundState.reply>
const fetchState = (game: RoundGameId) => api<StateReply>(rounds.roundState, { params: { game }, loading: false }, true)

/**
 * The live round as the server has it now: a page opened mid-round shows the time left, the bets so
 * far and the last results. True when no round plays yet or the game's chain waits for its salt.
 */
export async function loadRoundState(game: RoundGameId, now = Date.now()): Promise<boolean> {
  const state = await fetchState(game)
  const slice = store.rounds[game]
  if (!state) return true
  slice.clockOffset = state.serverTime - now
  const sameRound = slice.live?.roundId === state.roundId
  slice.live = {
    roundId: state.roundId,
    bettingEndsAt: state.bettingEndsAt,
    drawEndsAt: state.drawEndsAt,
    nextAt: state.nextAt,
    previousHash: state.previousHash,
    roll: state.roll,
    hash: state.hash,
    locked: state.phase !== 'betting',
    totals: state.totals,
  }
  if (!sameRound) {
    slice.feed = []
    slice.mine = []
  }
  for (const r of [...state.recent].reverse()) addSettled(slice, r)
  return state.saltPending
}

/** A round game's page opened: the state now, and the room's events from here on (a guest has no socket and polls). */
export async function openRoundGame(game: RoundGameId): Promise<void> {
  joinRoundRoom(game)
  const pending = await loadRoundState(game).catch(() => false)
  if (pending) void sendRoundSeed(game).catch(() => undefined)
}

export function closeRoundGame(game: RoundGameId): void {
  leaveRoundRoom(game)
}

/** A bet on the live round; retried with the same key if the connection drops, so it is made once. */
export async function placeRoundBet(game: RoundGameId, choice: string, stakeText: string): Promise<boolean> {
  if (!store.session.token) {
    openOverlay('auth', 'login')
    return false
  }
  const slice = store.rounds[game]
  const stake = stakeCentavos(stakeText)
  if (!slice.live || slice.pending) return false
  if (stake === null) return noStake() ?? false
  slice.pending = true
  const body = { roundId: slice.live.roundId, choice, amount: centavosToText(stake) }
  try {
    const bet = await moneyCall<z.output<typeof rounds.roundBet.reply>>(rounds.roundBet, { params: { game }, body, loading: false })
    applyBalance(bet)
    if (slice.live?.roundId === bet.roundId) slice.mine = [...slice.mine, { betId: bet.betId, choice: bet.choice, amount: bet.amount }]
    return true
  } catch (err) {
    return betFailed(err) ?? false
  } finally {
    slice.pending = false
  }
}

type HistoryReply = z.output<typeof rounds.roundHistory.reply>

/** The game's commitment (terminating hash and salt) and its last settled rounds, for the in-app verifier. */
export async function loadRoundHistory(game: RoundGameId, limit = 20): Promise<HistoryReply | null> {
  return api<HistoryReply>(rounds.roundHistory, { params: { game }, query: { limit: String(limit) }, loading: false }, true)
}
