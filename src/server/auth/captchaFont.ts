/**
 * The captcha's own stroke font: each glyph is a few polylines on a box `width` wide and 10
 * high (y grows downwards, 10 is the baseline). Drawing our own strokes into pixels, instead of
 * shipping a font's outlines, leaves nothing in the image a script could match against a font.
 */

export type Point = readonly [number, number]
export interface Glyph {
  width: number
  strokes: readonly (readonly Point[])[]
}

/** Points along an elliptic arc, angles in degrees (0 = right, 90 = down). */
function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number): Point[] {
  const steps = Math.max(4, Math.ceil(Math.abs(toDeg - fromDeg) / 15))
  const out: Point[] = []
  for (let i = 0; i <= steps; i++) {
    const a = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)])
  }
  return out
}

const P_BOWL: Point[] = [[0, 10], [0, 0], [3.3, 0], ...arc(3.3, 2.75, 2.7, 2.75, -90, 90), [0, 5.5]]

/**
 * Capitals and digits that stay apart when warped: no O/0/Q/D-like twins, I/1/J/L pairs are
 * cut down to L, and each of S/5, Z/2, B/8, G/6 and U/V keeps only one. Answers are compared
 * without case, so a player may type them in lower case.
 */
export const CAPTCHA_FONT: Readonly<Record<string, Glyph>> = {
  A: { width: 6, strokes: [[[0, 10], [3, 0], [6, 10]], [[1.2, 6.6], [4.8, 6.6]]] },
  C: { width: 6, strokes: [arc(3.3, 5, 3.1, 5, -45, -315)] },
  D: { width: 6, strokes: [[[0, 0], [2.4, 0], ...arc(2.4, 5, 3.6, 5, -90, 90), [0, 10], [0, 0]]] },
  E: { width: 5.5, strokes: [[[5.5, 0], [0, 0], [0, 10], [5.5, 10]], [[0, 5], [4.3, 5]]] },
  F: { width: 5.5, strokes: [[[5.5, 0], [0, 0], [0, 10]], [[0, 5], [4.3, 5]]] },
  H: { width: 6, strokes: [[[0, 0], [0, 10]], [[6, 0], [6, 10]], [[0, 5], [6, 5]]] },
  K: { width: 6, strokes: [[[0, 0], [0, 10]], [[6, 0], [0, 6.2]], [[2.1, 4.1], [6, 10]]] },
  L: { width: 5.5, strokes: [[[0, 0], [0, 10], [5.5, 10]]] },
  M: { width: 7, strokes: [[[0, 10], [0, 0], [3.5, 6.5], [7, 0], [7, 10]]] },
  N: { width: 6, strokes: [[[0, 10], [0, 0], [6, 10], [6, 0]]] },
  P: { width: 6, strokes: [P_BOWL] },
  R: { width: 6, strokes: [P_BOWL, [[2.8, 5.5], [6, 10]]] },
  T: { width: 6, strokes: [[[0, 0], [6, 0]], [[3, 0], [3, 10]]] },
  V: { width: 6, strokes: [[[0, 0], [3, 10], [6, 0]]] },
  W: { width: 8, strokes: [[[0, 0], [2, 10], [4, 2.5], [6, 10], [8, 0]]] },
  X: { width: 6, strokes: [[[0, 0], [6, 10]], [[6, 0], [0, 10]]] },
  Y: { width: 6, strokes: [[[0, 0], [3, 5], [6, 0]], [[3, 5], [3, 10]]] },
  '2': { width: 6, strokes: [[...arc(3, 3, 3, 3, -165, 25), [0, 10], [6, 10]]] },
  '3': { width: 6, strokes: [arc(3, 2.6, 2.8, 2.6, -155, 90), arc(3, 7.5, 3, 2.5, -90, 155)] },
  // Open at the top, so a slanted 4 is never taken for an A.
  '4': { width: 6, strokes: [[[3.4, 0], [0, 7], [6, 7]], [[4.4, 3.4], [4.4, 10]]] },
  '6': { width: 6, strokes: [arc(3, 7, 3, 3, 0, 360), arc(5.6, 7, 5.6, 7, 180, 258)] },
  '7': { width: 6, strokes: [[[0, 0], [6, 0], [2.2, 10]]] },
  '8': { width: 6, strokes: [arc(3, 2.5, 2.5, 2.5, 0, 360), arc(3, 7.4, 3, 2.6, 0, 360)] },
  '9': { width: 6, strokes: [arc(3, 3, 3, 3, 0, 360), arc(0.4, 3, 5.6, 7, 0, 78)] },
}

/** The characters a captcha is drawn from. */
export const CAPTCHA_ALPHABET = Object.keys(CAPTCHA_FONT).join('')
