/**
 * Messages between the page (reelView.ts) and the reels' worker (reelWorker.ts). The page sends
 * what the reels must do; the worker answers when they have landed and which win is on show.
 */
import type { LineWin } from '../shared/slotMath'

export type ToReels =
  | {
      type: 'mount'
      canvas: OffscreenCanvas
      width: number
      height: number
      resolution: number
      reelColor: number
      reelAlpha: number
      /** The symbol atlas (symbols.ts), drawn by the page. */
      atlas: ImageBitmap
      reduced: boolean
      stops: readonly number[]
    }
  | { type: 'resize'; width: number; height: number }
  | { type: 'spin' }
  /** `id` comes back in the 'landed' answer. */
  | { type: 'land'; id: number; stops: readonly number[] }
  | { type: 'showWins'; wins: readonly LineWin[] }
  | { type: 'clearWins' }

export type FromReels =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'landed'; id: number }
  /** The win now on show: its index in the wins shown (null: all of them). */
  | { type: 'step'; index: number | null }
