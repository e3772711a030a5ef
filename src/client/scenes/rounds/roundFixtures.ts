import { SNAPSHOT_TIME } from '../../engine/determinism'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import type { RoundSceneState } from './types'

/** Results before the fixtures' round (newest first), the same for every snapshot. */
const DOUBLE_RECENT = [7, 0, 12, 3, 9, 1, 14, 5, 11, 2, 8, 6, 13, 0, 4, 10, 7, 9, 3, 12]
const LUCKY_RECENT = [3, 8, 0, 5, 7, 2, 9, 4, 6, 1, 5, 8, 3, 0, 7, 2, 9, 6, 4, 1]

/**
 * A round at a fixed moment (the fixtures' clock is SNAPSHOT_TIME): `phase` places its times so
 * that SNAPSHOT_TIME falls `at` (0..1) of the way through that phase.
 */
export function roundFixture(game: RoundGameId, phase: 'betting' | 'drawing' | 'result', at: number, over: Partial<RoundSceneState> = {}): RoundSceneState {
  const timings = game === 'luckyColor' ? { betting: 55_000, draw: 3_000, result: 2_000 } : game === 'double' ? { betting: 15_000, draw: 6_000, result: 4_000 } : { betting: 10_000, draw: 5_000, result: 3_000 }
  const offset = phase === 'betting' ? timings.betting * at : phase === 'drawing' ? timings.betting + timings.draw * at : timings.betting + timings.draw + timings.result * at
  const opened = SNAPSHOT_TIME - Math.round(offset)
  const luckyRecent = game === 'luckyColor'
  return {
    game,
    locale: 'pt_BR',
    roundId: luckyRecent ? '202601010542' : '104233',
    bettingEndsAt: opened + timings.betting,
    drawEndsAt: opened + timings.betting + timings.draw,
    nextAt: opened + timings.betting + timings.draw + timings.result,
    bettingMs: timings.betting,
    roll: null,
    recent: luckyRecent ? LUCKY_RECENT : DOUBLE_RECENT,
    totals: {},
    bets: 0,
    payout: 0,
    ...over,
  }
}
