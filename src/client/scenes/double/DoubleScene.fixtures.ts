import { roundFixture } from '../rounds/roundFixtures'
import type { RoundSceneState } from '../rounds/types'

const totals = { red: 152.5, black: 98, white: 12 }
/** Betting open, the wheel mid-spin, a result with a win, and a round full of bets, for the switcher and the snapshots. */
export const doubleFixtures: Record<string, RoundSceneState> = {
  betting: roundFixture('double', 'betting', 0.4, { totals, bets: 14 }),
  spinning: roundFixture('double', 'drawing', 0.5, { roll: 11, totals, bets: 14 }),
  result: roundFixture('double', 'result', 0.5, { roll: 0, totals, bets: 14, payout: 140 }),
  'full-feed': roundFixture('double', 'betting', 0.9, { totals: { red: 123_456.78, black: 98_765.43, white: 4_321 }, bets: 2_000 }),
}
