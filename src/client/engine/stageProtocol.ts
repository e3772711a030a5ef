import type { Motion, SoundName, Tuning } from './types'

/** What the page sends the scene worker (engine/sceneWorker.ts). States are plain data: structured-cloned. */
export type ToWorker =
  | {
      type: 'mount'
      canvas: OffscreenCanvas
      sceneId: string
      width: number
      height: number
      resolution: number
      motion: Motion
      seed: number
      /** A clock standing at this time (snapshot mode); null: the wall clock. */
      fixedTime: number | null
      tuning?: Tuning
      state: unknown
      /** The locale tables the page has loaded ({ lng: table }): the scene's texts come from them. */
      tables: Record<string, Record<string, unknown>>
    }
  | { type: 'state'; state: unknown }
  | { type: 'resize'; width: number; height: number }
  | { type: 'table'; lng: string; table: Record<string, unknown> }
  | { type: 'active'; active: boolean }
  /** Draw a frame now and answer 'rendered' with the same id. */
  | { type: 'render'; id: number }

/** What the scene worker sends the page. */
export type FromWorker =
  /** Mounted; `batchTextures` is the renderer's textures per draw call (engine/batchTextures.ts). */
  | { type: 'ready'; batchTextures: number }
  | { type: 'rendered'; id: number }
  | { type: 'audio'; name: SoundName }
  | { type: 'failed'; message: string }

/**
 * A state posted to the worker arrives as a fresh copy, every array and object new. Fields equal
 * in value to the last state's keep the last state's objects, so the worker's scene sees what a
 * scene on the page sees: unchanged parts unchanged by reference (the lobby rebuilds its slides
 * when `slides` changes; SceneHost skips a state whose fields are all the same).
 */
export function shareUnchanged<S>(last: S | null, next: S): S {
  if (last === null || typeof last !== 'object' || typeof next !== 'object' || next === null) return next
  const out = { ...next } as Record<string, unknown>
  const before = last as Record<string, unknown>
  for (const [key, value] of Object.entries(out)) {
    const old = before[key]
    if (value !== null && typeof value === 'object' && old !== null && typeof old === 'object' && JSON.stringify(value) === JSON.stringify(old)) out[key] = old
  }
  return out as S
}
