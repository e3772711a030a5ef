import { mergeTuning } from '../../shared/tuning'
import type { TuningSpec } from './types'

/**
 * A scene's tunable parameters: the ranges from its code, the values from its `*.tuning.json`
 * (which the dev switcher's "save" rewrites). A key the file lacks keeps the code's value; a
 * value of the wrong kind is ignored, so a stale file never breaks a scene (shared/tuning.ts).
 */
export function withSavedValues(spec: TuningSpec, saved: Record<string, unknown>): TuningSpec {
  const values = mergeTuning(Object.fromEntries(Object.entries(spec).map(([key, param]) => [key, param.value])), saved)
  return Object.fromEntries(Object.entries(spec).map(([key, param]) => [key, { ...param, value: values[key] as number | string }]))
}
