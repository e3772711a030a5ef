import type { TuningSpec } from './types'

/**
 * A scene's tunable parameters: the ranges from its code, the values from its `*.tuning.json`
 * (which the dev switcher's "save" rewrites). A key the file lacks keeps the code's value; a
 * value of the wrong kind is ignored, so a stale file never breaks a scene.
 */
export function withSavedValues(spec: TuningSpec, saved: Record<string, unknown>): TuningSpec {
  return Object.fromEntries(
    Object.entries(spec).map(([key, param]) => {
      const value = saved[key]
      return [key, typeof value === typeof param.value ? { ...param, value: value as number | string } : param]
    }),
  )
}
