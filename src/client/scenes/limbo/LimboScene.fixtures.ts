import type { LimboState } from './types'

/** Idle, a bet on its way, a win, a loss and a huge win (does 1234.56× fit a 390px screen?). */
export const limboFixtures: Record<string, LimboState> = {
  idle: { locale: 'pt_BR', target: 2, result: null, won: null, payout: 0, pending: false, rollId: null },
  playing: { locale: 'pt_BR', target: 2, result: null, won: null, payout: 0, pending: true, rollId: null },
  win: { locale: 'pt_BR', target: 2, result: 3.31, won: true, payout: 2, rollId: 'f-win', pending: false },
  loss: { locale: 'pt_BR', target: 2, result: 1.27, won: false, payout: 0, rollId: 'f-loss', pending: false },
  big: { locale: 'pt_BR', target: 100, result: 1234.56, won: true, payout: 1000, rollId: 'f-big', pending: false },
}
