/**
 * The dev scene switcher's save (/dev/scenes, test and dev builds only): a scene's tuning values
 * written back to its `<scene>.tuning.json`. The server answers it only outside production, when
 * it serves a test build or DEV_SCENE_TUNING=1 (server/dev/tuningRoute.ts); the Vite dev server
 * answers the same call itself (vite.config.ts).
 */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading } from './fields'

/** A knob's name (a key of the scene's tuning spec). */
const knob = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, { message: 'invalid' }))
/** A number, or a colour as '#rrggbb' (the colour picker's form). */
const value = z.union([z.number(), z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, { message: 'invalid' }))])

/** The call's path parameters and body, apart (the Vite dev server validates with them too). */
export const devTuningParams = z.strictObject({ scene: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, { message: 'invalid' })) })
export const devTuningBody = z.strictObject({ values: z.record(knob, value), loading })

export const devTuningSave = defineCall({
  method: 'POST',
  path: '/api/dev/tuning/:scene',
  auth: false,
  params: devTuningParams,
  body: devTuningBody,
  /** The file written (relative to the server's folder when inside it) and every value it now holds. */
  reply: z.object({ scene: z.string(), file: z.string(), values: z.record(z.string(), z.union([z.number(), z.string()])) }),
})
