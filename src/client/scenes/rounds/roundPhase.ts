/**
 * A shared round's phase at a moment, from its times alone: no Pixi here, so the page (whose
 * scene draws in a worker) can follow the round's clock without loading Pixi.
 */
import type { RoundSceneState } from './types'

export type RoundPhase = 'idle' | 'betting' | 'drawing' | 'result'

/** The round's phase at `now`: bets open, the draw running, the result on show. */
export function phaseAt(s: Pick<RoundSceneState, 'roundId' | 'bettingEndsAt' | 'drawEndsAt'>, now: number): RoundPhase {
  if (s.roundId === null) return 'idle'
  if (now < s.bettingEndsAt) return 'betting'
  if (now < s.drawEndsAt) return 'drawing'
  return 'result'
}

/** Whole seconds left to bet (shown as a countdown; 0 once closed). */
export const secondsLeft = (s: Pick<RoundSceneState, 'bettingEndsAt'>, now: number) => Math.max(0, Math.ceil((s.bettingEndsAt - now) / 1000))
