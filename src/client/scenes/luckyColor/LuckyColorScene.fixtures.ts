import { roundFixture } from '../rounds/roundFixtures'
import type { RoundSceneState } from '../rounds/types'

const totals = { green: 40, red: 35.5, violet: 8, big: 22, small: 17, '7': 3 }
/** Betting open, the ball mid-draw, a result with a win, and a period full of bets. */
export const luckyColorFixtures: Record<string, RoundSceneState> = {
  betting: roundFixture('luckyColor', 'betting', 0.5, { totals, bets: 11 }),
  drawing: roundFixture('luckyColor', 'drawing', 0.8, { roll: 5, totals, bets: 11 }),
  result: roundFixture('luckyColor', 'result', 0.5, { roll: 7, totals, bets: 11, payout: 17.64 }),
  'full-feed': roundFixture('luckyColor', 'betting', 0.95, { totals: { green: 45_678.9, red: 51_234.5, violet: 9_876 }, bets: 2_000 }),
}
