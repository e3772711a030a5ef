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
  | { type: 'ready' }
  | { type: 'rendered'; id: number }
  | { type: 'audio'; name: SoundName }
  | { type: 'failed'; message: string }
