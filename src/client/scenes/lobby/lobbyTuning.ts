import type { TuningSpec } from '../../engine/types'

/**
 * The lobby's designer-tunable parameters (the dev switcher edits them; "save" writes this file
 * in dev mode).
 */
export const lobbyTuning: TuningSpec = {
  slideMs: { value: 4000, min: 1500, max: 10000, step: 250 },
  sparkles: { value: 28, min: 0, max: 120, step: 1 },
  sparkleSpeed: { value: 12, min: 0, max: 60, step: 1 },
  slideA: { value: '#1f6f5c' },
  slideB: { value: '#5b2a86' },
  slideC: { value: '#a4462a' },
  accent: { value: '#ffc94d' },
  sparkle: { value: '#fff3c4' },
}
