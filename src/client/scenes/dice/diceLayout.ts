import type { Viewport } from '../../engine/types'

export interface DiceLayout {
  track: { x: number; y: number; w: number; h: number; r: number }
  /** The x of a roll (0..100) on the track. */
  xOf(value: number): number
  label: { y: number; size: number }
  /** The win's payout counter, under the tick labels. */
  payout: { y: number; size: number }
  ticks: { x: number; value: number }[]
}

/** The dice slider's geometry for a viewport; pure, tested without a canvas. */
export function diceLayout(view: Viewport): DiceLayout {
  const pad = Math.max(16, Math.round(view.width * 0.06))
  const w = Math.max(1, view.width - pad * 2)
  const h = Math.max(8, Math.round(view.height * 0.09))
  const y = Math.round(view.height * 0.58)
  const xOf = (value: number) => pad + (Math.min(100, Math.max(0, value)) / 100) * w
  return {
    track: { x: pad, y, w, h, r: h / 2 },
    xOf,
    // The number sits above the marker (which reaches 34px above the track), never under it.
    label: { y: Math.round(view.height * 0.08), size: Math.max(20, Math.min(64, Math.round(view.width / 7), y - 44 - Math.round(view.height * 0.08))) },
    ticks: [0, 25, 50, 75, 100].map((value) => ({ x: xOf(value), value })),
    payout: { y: y + h + 28, size: Math.max(12, Math.min(22, Math.round(view.height * 0.09))) },
  }
}
