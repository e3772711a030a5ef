/**
 * The dev scene switcher's save from a test build (`VITE_DEV_SCENES=1 npm start`): POST
 * /api/dev/tuning/:scene writes a scene's tuning values into its `<scene>.tuning.json` in this
 * checkout (server/dev/tuningFiles.ts, the same code the Vite dev server's save runs).
 *
 * It exists only outside production, and there only when the served client is a test build (the
 * `.flavour` marker scripts/start.mjs writes beside it) or DEV_SCENE_TUNING=1; DEV_SCENE_TUNING=0
 * turns it off. DEV_TUNING_DIR writes copies into another folder instead (the e2e tests). These two
 * settings are read here, beside the only code they concern, not in config/: a developer's switch
 * that production never honours, whatever it says.
 */
import fs from 'node:fs'
import path from 'node:path'
import { devTuningSave } from '../../shared/contract/devTuning'
import { AppError } from '../AppError'
import type { Config } from '../config'
import type { Domain } from '../domain'
import { registerCall } from '../http/route'
import { saveSceneTuning } from './tuningFiles'

/** Whether this server answers the switcher's save (never in production). */
export function tuningRouteOn(config: Pick<Config, 'production' | 'clientDir'>, env: NodeJS.ProcessEnv = process.env): boolean {
  if (config.production) return false
  if (env.DEV_SCENE_TUNING === '1') return true
  if (env.DEV_SCENE_TUNING === '0' || config.clientDir === null) return false
  const marker = path.join(config.clientDir, '.flavour')
  return fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === 'test'
}

export const devTuningRoutes: Domain = (app, deps) => {
  if (!tuningRouteOn(deps.config)) return
  const into = process.env.DEV_TUNING_DIR ? path.resolve(process.env.DEV_TUNING_DIR) : null
  registerCall(app, deps, devTuningSave, async ({ params, body }) => {
    const saved = saveSceneTuning(params.scene, body.values, { into })
    if (!saved) throw new AppError('NOT_FOUND')
    return saved
  })
}
