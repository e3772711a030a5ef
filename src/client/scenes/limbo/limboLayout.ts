import type { Viewport } from '../../engine/types'

/** Pure geometry and count maths of the limbo scene; no Pixi, tested without a canvas. */

export interface Point {
  x: number
  y: number
}

/** A quadratic Bézier: the rocket's trajectory, from the bottom-left up to the top-right. */
export interface Curve {
  x0: number
  y0: number
  cx: number
  cy: number
  x1: number
  y1: number
}

export interface LimboLayout {
  width: number
  height: number
  /** The big multiplier: its centre, the largest font size and the widest it may be. */
  number: { x: number; y: number; maxSize: number; maxWidth: number }
  /** The target pill under the number: its centre, font size, height and widest text. */
  target: { x: number; y: number; size: number; h: number; maxWidth: number }
  /** The payout counter under the pill (its centre). */
  payout: { x: number; y: number; size: number; maxWidth: number }
  /** The glow behind the number (an ellipse). */
  glow: { x: number; y: number; rx: number; ry: number }
  curve: Curve
  /** A length unit for strokes, the comet and particles: 1 on a 390 x 260 stage. */
  unit: number
}

/** Line height of DejaVu Sans as Pixi lays it out (ascent + descent), in ems. */
export const LINE_HEIGHT = 1.17

// Advance widths of DejaVu Sans Bold, in ems; anything not listed counts as a wide letter.
const ADVANCE: Record<string, number> = { '.': 0.38, ',': 0.38, ' ': 0.35, '×': 0.84, '+': 0.84, '-': 0.42, $: 0.7, i: 0.34, l: 0.34, I: 0.37, j: 0.34, f: 0.44, t: 0.48, r: 0.49 }
const DIGIT = 0.7
const LETTER = 0.74

/** The width of a one-line text in DejaVu Sans Bold at `size` px: an estimate on the generous side. */
export function textWidth(text: string, size: number): number {
  let em = 0
  for (const ch of text) em += ch >= '0' && ch <= '9' ? DIGIT : (ADVANCE[ch] ?? LETTER)
  return em * size
}

/** The largest whole font size, at most `maxSize` and at least `minSize`, at which `text` fits `maxWidth`. */
export function fitFontSize(text: string, maxWidth: number, maxSize: number, minSize: number): number {
  const perPx = textWidth(text, 1)
  if (perPx <= 0) return maxSize
  return Math.max(minSize, Math.min(maxSize, Math.floor(maxWidth / perPx)))
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * The stage's layout: the number, the target pill and the payout stacked in the middle, a glow
 * behind the number, and the trajectory curve across the whole stage behind everything.
 */
export function limboLayout(view: Viewport): LimboLayout {
  const width = Math.max(1, view.width)
  const height = Math.max(1, view.height)
  const unit = clamp(Math.min(width / 390, height / 260), 0.6, 2)
  const pad = Math.max(10, Math.round(Math.min(width, height) * 0.05))
  const maxWidth = Math.max(1, width - pad * 2)

  const maxSize = Math.round(clamp(Math.min(height * 0.3, width * 0.19), 24, 104))
  const targetSize = Math.round(clamp(height * 0.065, 12, 18))
  const pillH = Math.round(targetSize * 1.9)
  const payoutSize = Math.round(clamp(height * 0.085, 13, 28))
  // Digits fill about 0.73 em; the number's slot keeps a little air round them.
  const numberSlot = maxSize * 0.8
  const gapA = Math.round(maxSize * 0.2)
  const gapB = Math.round(targetSize * 0.6)
  const stack = numberSlot + gapA + pillH + gapB + payoutSize * LINE_HEIGHT
  // High on the stage: the trajectory climbs through the space left below and to the right.
  const top = Math.max(0, Math.round((height - stack) * 0.3))
  const cx = Math.round(width / 2)

  const numberY = Math.round(top + numberSlot / 2)
  const targetY = Math.round(top + numberSlot + gapA + pillH / 2)
  const payoutY = Math.round(targetY + pillH / 2 + gapB + (payoutSize * LINE_HEIGHT) / 2)

  // From the bottom-left (inset so the comet's glow clears the stage's rounded corner) up to the
  // right edge just under the number: a full-width number never has the curve through it.
  const inset = pad + Math.round(6 * unit)
  const x0 = inset
  const y0 = height - inset
  const x1 = width - pad
  const y1 = Math.min(y0, Math.round(numberY + maxSize * 0.5 + 6 * unit))
  return {
    width,
    height,
    number: { x: cx, y: numberY, maxSize, maxWidth },
    target: { x: cx, y: targetY, size: targetSize, h: pillH, maxWidth: Math.max(1, maxWidth - targetSize * 2) },
    payout: { x: cx, y: payoutY, size: payoutSize, maxWidth },
    glow: { x: cx, y: numberY, rx: Math.round(Math.min(width * 0.42, maxSize * 3.2)), ry: Math.round(maxSize * 0.8) },
    // The control point far to the right: the curve hugs the floor under the texts, then shoots up.
    curve: { x0, y0, cx: x0 + (x1 - x0) * 0.85, cy: y0, x1, y1 },
    unit,
  }
}

/** The point at parameter t (0..1) of the curve, written into `out` (no allocation per frame). */
export function curvePoint(c: Curve, t: number, out: Point = { x: 0, y: 0 }): Point {
  const k = clamp(t, 0, 1)
  const a = (1 - k) * (1 - k)
  const b = 2 * k * (1 - k)
  const d = k * k
  out.x = a * c.x0 + b * c.cx + d * c.x1
  out.y = a * c.y0 + b * c.cy + d * c.y1
  return out
}

/**
 * The multiplier at the end of the trajectory for a target: fixed per target (the target's mark
 * never jumps when a result arrives), with room past it; larger results run off the end.
 */
export function limboScaleTop(target: number): number {
  return Math.max(10, target * 4)
}

/** Where a multiplier sits on the trajectory (0..1), in log space: 1.00 at the start. */
export function limboProgress(value: number, top: number): number {
  if (!(value > 1) || !(top > 1)) return 0
  return clamp(Math.log(value) / Math.log(top), 0, 1)
}

/**
 * How long the count from 1.00 to `result` lasts: a small result settles quickly, large ones
 * get up to the full `countMs` (the count runs in log space, so 1000x is not 1000 times longer).
 */
export function countDuration(result: number, countMs: number): number {
  const decades = Math.log10(Math.max(1, result))
  return Math.round(countMs * clamp(0.35 + 0.22 * decades, 0.35, 1))
}

/**
 * The number shown at `k` (0..1) of the count: 1.00 up to `result` along an ease-out of power
 * `power` in log space; exactly `result` at k >= 1 and never above it before.
 */
export function countValue(result: number, k: number, power: number): number {
  if (k >= 1) return result
  if (k <= 0 || !(result > 1)) return 1
  const eased = 1 - (1 - k) ** Math.max(1, power)
  return Math.min(result, Math.exp(Math.log(result) * eased))
}
