import type { TuningSpec } from '../../engine/types'
import values from './lobby.tuning.json'

/**
 * The lobby's designer-tunable parameters: ranges here, values in lobby.tuning.json, which the
 * dev switcher's "save" rewrites in dev mode.
 */
export const lobbyTuning: TuningSpec = {
  /** How long a slide shows: the page's carousel (LobbyStage) reads it from lobby.tuning.json. */
  slideMs: { value: values.slideMs, min: 1500, max: 10000, step: 250 },
  sparkles: { value: values.sparkles, min: 0, max: 120, step: 1 },
  sparkleSpeed: { value: values.sparkleSpeed, min: 0, max: 60, step: 1 },
  slideA: { value: values.slideA },
  slideB: { value: values.slideB },
  slideC: { value: values.slideC },
  accent: { value: values.accent },
  sparkle: { value: values.sparkle },
}
