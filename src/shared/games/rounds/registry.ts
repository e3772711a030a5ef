/**
 * Every shared-round game: its rules and default timings. A new round game is a rules file, a
 * scene, and one line here.
 */
import { doubleRules } from './double'
import { luckyColorRules } from './luckyColor'
import type { RoundGameId, RoundRules, RoundTimings } from './types'

export interface RoundGameDef {
  rules: RoundRules
  timings: RoundTimings
}

export const ROUND_GAMES: Readonly<Record<RoundGameId, RoundGameDef>> = {
  double: { rules: doubleRules('double') as RoundRules, timings: { bettingMs: 15_000, drawMs: 6_000, resultMs: 4_000 } },
  rowDouble: { rules: doubleRules('rowDouble') as RoundRules, timings: { bettingMs: 10_000, drawMs: 5_000, resultMs: 3_000 } },
  // A 60 s period; betting closes 5 s before its end, the number is drawn then and shown until the next.
  luckyColor: { rules: luckyColorRules() as RoundRules, timings: { bettingMs: 55_000, drawMs: 3_000, resultMs: 2_000 } },
}
