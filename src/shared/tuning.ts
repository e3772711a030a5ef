/** A scene's tunable values (engine/types.ts TuningSpec's values): numbers, and colours as '#rrggbb'. */
export type TuningValues = Record<string, number | string>

/**
 * The one rule for a scene's tuning values, read or written: the known keys (`base`'s) only, each
 * taking the incoming value when it is of the same kind (number or string), else keeping its own.
 * A stale file never breaks a scene (engine/tuning.ts reads by it) and a save never adds a knob
 * or changes a knob's kind (the dev switcher's save, through the server or the Vite dev server:
 * server/dev/tuningFiles.ts).
 */
export function mergeTuning(base: TuningValues, incoming: Readonly<Record<string, unknown>>): TuningValues {
  const merged: TuningValues = {}
  for (const [key, value] of Object.entries(base)) {
    const next = Object.hasOwn(incoming, key) ? incoming[key] : undefined
    merged[key] = typeof next === typeof value && (typeof next === 'number' ? Number.isFinite(next) : true) ? (next as number | string) : value
  }
  return merged
}
