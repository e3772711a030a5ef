import { minesMultiplier } from '../../../shared/games/mines'
import { multiplierToNumber, payoutOf } from '../../../shared/games/payout'
import type { MinesState } from './types'

const mult = (mines: number, gems: number) => multiplierToNumber(minesMultiplier(mines, gems))
const pay = (stakeCentavos: number, mines: number, gems: number) => Number(payoutOf(BigInt(stakeCentavos), minesMultiplier(mines, gems))) / 100

const FULL_MINES = [3, 14, 22]
/** Every safe tile, in a plausible order of play (not index order). */
const FULL_REVEALED = [12, 6, 18, 0, 24, 7, 11, 13, 17, 1, 2, 4, 5, 8, 9, 10, 15, 16, 19, 20, 21, 23]

/** A blank board, a game in play, a cash-out, a bomb and a cleared board, for the switcher and the snapshots. */
export const minesFixtures: Record<string, MinesState> = {
  idle: { locale: 'pt_BR', gameId: null, mines: 3, revealed: [], minePositions: null, state: 'idle', pendingTile: null, multiplier: 1, payout: 0 },
  playing: { locale: 'pt_BR', gameId: 'f-playing', mines: 3, revealed: [12, 6, 18], minePositions: null, state: 'active', pendingTile: 8, multiplier: mult(3, 3), payout: 0 },
  win: {
    locale: 'pt_BR',
    gameId: 'f-win',
    mines: 3,
    revealed: [12, 7, 16, 0, 23],
    minePositions: [4, 10, 21],
    state: 'won',
    pendingTile: null,
    multiplier: mult(3, 5),
    payout: pay(1000, 3, 5),
  },
  loss: { locale: 'pt_BR', gameId: 'f-loss', mines: 3, revealed: [6, 12, 13, 9], minePositions: [2, 9, 20], state: 'lost', pendingTile: null, multiplier: 0, payout: 0 },
  full: {
    locale: 'pt_BR',
    gameId: 'f-full',
    mines: 3,
    revealed: FULL_REVEALED,
    minePositions: FULL_MINES,
    state: 'won',
    pendingTile: null,
    multiplier: mult(3, 22),
    payout: pay(100, 3, 22),
  },
}
