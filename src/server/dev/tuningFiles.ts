import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mergeTuning, type TuningValues } from '../../shared/tuning'

/** The scenes' folders: each tunable scene keeps its values in `<id>/<id>.tuning.json`. */
export const SCENES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/scenes')

export interface SavedTuning {
  scene: string
  /** The file written: relative to the working folder when inside it, else absolute. */
  file: string
  /** Every value the file now holds. */
  values: TuningValues
}

export interface TuningFiles {
  /** The scenes' folders (SCENES_DIR). */
  scenesDir?: string
  /**
   * Write into this folder (`<id>/<id>.tuning.json`) instead of the scenes' own files: a copy,
   * started from the scene's file at its first save (the e2e tests point it at a temp folder).
   */
  into?: string | null
}

/**
 * The dev switcher's save, for the server's route and the Vite dev server alike: writes `values`
 * into the scene's tuning file by shared/tuning.ts's rule (known keys only, each of its own
 * kind). Null when no scene of that id has a tuning file. The file is replaced whole (written
 * beside it, then renamed), so a watcher (Vite's reload) never reads half of it.
 */
export function saveSceneTuning(scene: string, values: Readonly<Record<string, unknown>>, where: TuningFiles = {}): SavedTuning | null {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(scene)) return null
  const own = path.join(where.scenesDir ?? SCENES_DIR, scene, `${scene}.tuning.json`)
  if (!fs.existsSync(own)) return null
  const file = where.into ? path.join(where.into, scene, `${scene}.tuning.json`) : own
  const current = JSON.parse(fs.readFileSync(fs.existsSync(file) ? file : own, 'utf8')) as TuningValues
  const next = mergeTuning(current, values)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, JSON.stringify(next, null, 2) + '\n')
  fs.renameSync(temp, file)
  const relative = path.relative(process.cwd(), file)
  return { scene, file: relative.startsWith('..') || path.isAbsolute(relative) ? file : relative, values: next }
}
