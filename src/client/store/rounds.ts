/**
 * The shared-round games' slices, as the round:* socket events and the `state` call change them.
 * Small and free of the contract's schemas: the realtime module (in the first load) uses it.
 */
import type { RoundGameId } from '../../shared/games/rounds/types'
import { applyBalance } from './balance'
import { store, type RoundSlice, type RoundTotal, type SettledRound } from './store'

/** How many settled rounds a slice keeps (Lucky Color's table shows 100) and how long the feed runs. */
const RECENT_KEPT = 100
const FEED_KEPT = 50

const isRoundGame = (game: string): game is RoundGameId => game in store.rounds
const sliceOf = (game: string): RoundSlice | null => (isRoundGame(game) ? store.rounds[game] : null)

export function roundStarted(e: { game: string; roundId: string; previousHash: string; bettingEndsAt: number; drawEndsAt: number; nextAt: number; serverTime: number }, now = Date.now()): void {
  const slice = sliceOf(e.game)
  if (!slice) return
  slice.clockOffset = e.serverTime - now
  slice.live = { roundId: e.roundId, bettingEndsAt: e.bettingEndsAt, drawEndsAt: e.drawEndsAt, nextAt: e.nextAt, previousHash: e.previousHash, roll: null, hash: null, locked: false, totals: [] }
  slice.feed = []
  slice.mine = []
}

export function roundBetSeen(e: { game: string; roundId: string; player: string; choice: string; amount: number; totals: RoundTotal[] }): void {
  const slice = sliceOf(e.game)
  if (!slice?.live || slice.live.roundId !== e.roundId) return
  slice.live.totals = e.totals
  slice.feed = [{ player: e.player, choice: e.choice, amount: e.amount }, ...slice.feed].slice(0, FEED_KEPT)
}

export function roundLocked(e: { game: string; roundId: string }): void {
  const slice = sliceOf(e.game)
  if (slice?.live && slice.live.roundId === e.roundId) slice.live.locked = true
}

export function roundResult(e: { game: string; roundId: string; roll: number; hash: string; at: number }): void {
  const slice = sliceOf(e.game)
  if (!slice) return
  if (slice.live && slice.live.roundId === e.roundId) Object.assign(slice.live, { roll: e.roll, hash: e.hash, locked: true })
  addSettled(slice, { roundId: e.roundId, hash: e.hash, roll: e.roll, settledAt: e.at })
}

/**
 * This player's payout: shown (and the balance moved) when the draw ends on this device, not
 * when the server settles at the close of bets: the header's balance must not tell the result
 * before the wheel does. A later balance (another game's bet) still wins by its version.
 */
export function roundSettled(e: { game: string; roundId: string; stake: number; payout: number; balance: number; balanceVersion: number }, now = Date.now()): void {
  const slice = sliceOf(e.game)
  const apply = () => {
    applyBalance({ balance: e.balance, balanceVersion: e.balanceVersion })
    if (slice) slice.lastPayout = { roundId: e.roundId, stake: e.stake, payout: e.payout }
  }
  const live = slice?.live
  const wait = live && live.roundId === e.roundId ? live.drawEndsAt - slice.clockOffset - now : 0
  if (wait > 0) setTimeout(apply, Math.min(wait, 60_000))
  else apply()
}

/** A settled round into the newest-first list, once. */
export function addSettled(slice: RoundSlice, round: SettledRound): void {
  if (slice.recent.some((r) => r.roundId === round.roundId)) return
  slice.recent = [round, ...slice.recent].slice(0, RECENT_KEPT)
}
