import { roundFixture } from '../rounds/roundFixtures'
import type { RoundSceneState } from '../rounds/types'

const totals = { red: 64.3, black: 120, white: 5.5 }
/** Betting open, the strip mid-slide, a result with a win, and a round full of bets. */
export const rowDoubleFixtures: Record<string, RoundSceneState> = {
  betting: roundFixture('rowDouble', 'betting', 0.3, { totals, bets: 9 }),
  sliding: roundFixture('rowDouble', 'drawing', 0.5, { roll: 4, totals, bets: 9 }),
  result: roundFixture('rowDouble', 'result', 0.5, { roll: 13, totals, bets: 9, payout: 24.5 }),
  'full-feed': roundFixture('rowDouble', 'betting', 0.85, { totals: { red: 54_321.09, black: 87_654.32, white: 3_210 }, bets: 2_000 }),
}
