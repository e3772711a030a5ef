import type { DiceState } from './types'

/** Idle, a roll on its way, a win, a loss and an edge roll, for the switcher and the snapshots. */
export const diceFixtures: Record<string, DiceState> = {
  idle: { target: 50.5, condition: 'under', roll: null, won: null, rollId: null, payout: 0, locale: 'pt_BR', pending: false },
  rolling: { target: 50.5, condition: 'under', roll: 29.9, won: true, rollId: 'f-win', payout: 19.6, locale: 'pt_BR', pending: true },
  win: { target: 50.5, condition: 'under', roll: 29.9, won: true, rollId: 'f-win', payout: 19.6, locale: 'pt_BR', pending: false },
  loss: { target: 75, condition: 'over', roll: 47.06, won: false, rollId: 'f-loss', payout: 0, locale: 'pt_BR', pending: false },
  edge: { target: 2, condition: 'over', roll: 100, won: true, rollId: 'f-edge', payout: 1.01, locale: 'pt_BR', pending: false },
}
