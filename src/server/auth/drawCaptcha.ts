import { randomBytes } from 'node:crypto'
import { PNG } from 'pngjs'
import { CAPTCHA_FONT, type Point } from './captchaFont'

/** The size the spec's client shows it at (it scales to 120x40). */
export const CAPTCHA_WIDTH = 150
export const CAPTCHA_HEIGHT = 50

export type Random = () => number

/**
 * sfc32 seeded from the CSPRNG: a fresh, unguessable stream per image (Math.random's state can
 * be recovered from enough outputs), and a fixed one when a test passes its own seed.
 */
export function seededRandom(seed: Uint8Array = randomBytes(16)): Random {
  const view = new DataView(seed.buffer, seed.byteOffset, 16)
  let a = view.getUint32(0) | 0
  let b = view.getUint32(4) | 0
  let c = view.getUint32(8) | 0
  let d = view.getUint32(12) | 1
  return () => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4_294_967_296
  }
}

type Rgb = [number, number, number]

/** `from` and `to` mixed: at t = 0 all `from`, at t = 1 all `to`. */
const mix = (from: Rgb, to: Rgb, t: number): Rgb => [
  from[0] * (1 - t) + to[0] * t,
  from[1] * (1 - t) + to[1] * t,
  from[2] * (1 - t) + to[2] * t,
]

/**
 * Reads a plane of the raster; an index outside it reads as 0 (no ink, black), though every
 * caller stays inside the plane.
 */
const read = (plane: Float32Array, at: number): number => plane[at] ?? 0

/** Lays `color` at `alpha` over the pixel whose red channel is at `at`. */
function blend(rgb: Float32Array, at: number, color: Rgb, alpha: number): void {
  color.forEach((c, ch) => {
    rgb[at + ch] = read(rgb, at + ch) * (1 - alpha) + c * alpha
  })
}

/** Each point with the one before it: the segments of a polyline. */
function segments(points: readonly Point[]): [Point, Point][] {
  const out: [Point, Point][] = []
  let previous: Point | undefined
  for (const point of points) {
    if (previous) out.push([previous, point])
    previous = point
  }
  return out
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)))
  return [f(0), f(8), f(4)]
}

/** Colour planes in floats, plus a coverage layer that collects one shape before it is painted. */
class Raster {
  readonly rgb: Float32Array
  private readonly cover: Float32Array
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3)
    this.cover = new Float32Array(width * height)
  }

  /** Adds a polyline `lineWidth` px thick to the coverage, anti-aliased by distance to each segment. */
  stroke(points: readonly Point[], lineWidth: number): void {
    const half = lineWidth / 2
    for (const [[x0, y0], [x1, y1]] of segments(points)) {
      const dx = x1 - x0
      const dy = y1 - y0
      const len2 = dx * dx + dy * dy || 1e-9
      const left = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1))
      const right = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + half + 1))
      const top = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1))
      const bottom = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + half + 1))
      for (let y = top; y <= bottom; y++) {
        for (let x = left; x <= right; x++) {
          const px = x + 0.5 - x0
          const py = y + 0.5 - y0
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2))
          const ex = px - t * dx
          const ey = py - t * dy
          const coverage = half + 0.5 - Math.sqrt(ex * ex + ey * ey)
          if (coverage <= 0) continue
          const at = y * this.width + x
          // The max, not a sum: where a polyline's own segments meet, the ink is not doubled.
          if (coverage > read(this.cover, at)) this.cover[at] = Math.min(1, coverage)
        }
      }
    }
  }

  /** Paints the collected coverage in `color` at `opacity`, and clears it. */
  paint(color: Rgb, opacity = 1): void {
    for (let at = 0; at < this.cover.length; at++) {
      const alpha = read(this.cover, at) * opacity
      if (alpha <= 0) continue
      blend(this.rgb, at * 3, color, alpha)
      this.cover[at] = 0
    }
  }

  /** Moves every pixel along two crossed sine waves (bilinear sampling), bending glyphs and noise alike. */
  warp(random: Random): void {
    const ampX = 1.5 + random() * 1.5
    const ampY = 2 + random() * 1.5
    const freqX = (2 * Math.PI) / (30 + random() * 25)
    const freqY = (2 * Math.PI) / (70 + random() * 60)
    const phaseX = random() * 2 * Math.PI
    const phaseY = random() * 2 * Math.PI
    const source = this.rgb.slice()
    const { width, height } = this
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const sx = Math.max(0, Math.min(width - 1.001, x + ampX * Math.sin(y * freqX + phaseX)))
        const sy = Math.max(0, Math.min(height - 1.001, y + ampY * Math.sin(x * freqY + phaseY)))
        const x0 = Math.floor(sx)
        const y0 = Math.floor(sy)
        const fx = sx - x0
        const fy = sy - y0
        const i00 = (y0 * width + x0) * 3
        const i10 = i00 + 3
        const i01 = i00 + width * 3
        const i11 = i01 + 3
        for (let ch = 0; ch < 3; ch++) {
          const top = read(source, i00 + ch) * (1 - fx) + read(source, i10 + ch) * fx
          const bottom = read(source, i01 + ch) * (1 - fx) + read(source, i11 + ch) * fx
          this.rgb[(y * width + x) * 3 + ch] = top * (1 - fy) + bottom * fy
        }
      }
    }
  }

  toPng(): Buffer {
    const png = new PNG({ width: this.width, height: this.height })
    for (let at = 0; at < this.width * this.height; at++) {
      for (let ch = 0; ch < 3; ch++) png.data[at * 4 + ch] = Math.max(0, Math.min(255, Math.round(read(this.rgb, at * 3 + ch))))
      png.data[at * 4 + 3] = 255
    }
    return PNG.sync.write(png, { colorType: 2 })
  }
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min)

/**
 * A saturated ink of a random hue. Glyphs and noise share hues, so colour alone cannot split
 * them; the noise is a little lighter and thinner, which a person reads past at a glance.
 */
const ink = (random: Random, lightness: [number, number] = [0.16, 0.34], hue = random() * 360): Rgb =>
  hsl(hue, between(random, 0.45, 0.8), between(random, ...lightness))
const NOISE_LIGHTNESS: [number, number] = [0.3, 0.5]

function paintBackground(raster: Raster, random: Random): void {
  const from = hsl(random() * 360, between(random, 0.3, 0.6), between(random, 0.88, 0.95))
  const to = hsl(random() * 360, between(random, 0.3, 0.6), between(random, 0.88, 0.95))
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const t = (x + y) / (raster.width + raster.height)
      raster.rgb.set(mix(from, to, t), (y * raster.width + x) * 3)
    }
  }
}

/** A curve from one side to the other through the text band (a cubic Bézier), as points. */
function crossingCurve(raster: Raster, random: Random): Point[] {
  const { width, height } = raster
  const p = [
    [between(random, -10, 15), between(random, 5, height - 5)],
    [between(random, 30, 70), between(random, -15, height + 15)],
    [between(random, 80, 120), between(random, -15, height + 15)],
    [between(random, width - 15, width + 10), between(random, 5, height - 5)],
  ] as const
  const out: Point[] = []
  for (let i = 0; i <= 40; i++) {
    const t = i / 40
    const u = 1 - t
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const
    const along = (axis: 0 | 1) => w[0] * p[0][axis] + w[1] * p[1][axis] + w[2] * p[2][axis] + w[3] * p[3][axis]
    out.push([along(0), along(1)])
  }
  return out
}

/** A short stroke somewhere over the image. */
function shortLine(raster: Raster, random: Random): Point[] {
  const x = between(random, 0, raster.width)
  const y = between(random, 0, raster.height)
  const angle = random() * Math.PI
  const length = between(random, 10, 30)
  return [
    [x, y],
    [x + Math.cos(angle) * length, y + Math.sin(angle) * length],
  ]
}

/** One glyph's strokes around (0, 0): its own scale, slant, rotation and a slight wobble of each vertex. */
function shapeGlyph(char: string, random: Random): Point[][] {
  const glyph = CAPTCHA_FONT[char]
  if (!glyph) throw new Error(`no captcha glyph for "${char}"`)
  const scaleY = between(random, 2.6, 3)
  const scaleX = scaleY * between(random, 1.1, 1.4)
  const shear = between(random, -0.25, 0.25)
  const angle = between(random, -0.25, 0.25)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return glyph.strokes.map((stroke) =>
    stroke.map(([gx, gy]): Point => {
      const lx = (gx - glyph.width / 2 + between(random, -0.2, 0.2)) * scaleX
      const ly = (gy - 5 + between(random, -0.2, 0.2)) * scaleY
      const sx = lx + shear * ly
      return [sx * cos - ly * sin, sx * sin + ly * cos]
    }),
  )
}

function bounds(strokes: Point[][]) {
  const points = strokes.flat()
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) }
}

const moved = (strokes: Point[][], dx: number, dy: number) => strokes.map((stroke) => stroke.map(([x, y]): Point => [x + dx, y + dy]))

/**
 * The captcha as a 150x50 PNG: `text` in the stroke font, each glyph with its own colour, size,
 * slant and rotation, close enough to touch; curves and short lines in the same inks behind and
 * over the text; the whole picture bent by a sine warp, then speckled.
 */
export function drawCaptcha(text: string, random: Random = seededRandom()): Buffer {
  const raster = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT)
  paintBackground(raster, random)

  for (let i = 0; i < 5; i++) {
    raster.stroke(shortLine(raster, random), between(random, 1, 2))
    raster.paint(ink(random, NOISE_LIGHTNESS), between(random, 0.3, 0.6))
  }
  raster.stroke(crossingCurve(raster, random), between(random, 1.4, 2.2))
  raster.paint(ink(random, NOISE_LIGHTNESS), 0.8)

  // Laid out by their drawn extents: neighbours' boxes overlap by up to 1.5 px or stand 4 px apart,
  // so slanted glyphs touch and cross without hiding one another.
  const glyphs = [...text].map((char) => {
    const strokes = shapeGlyph(char, random)
    return { strokes, box: bounds(strokes) }
  })
  const gaps = glyphs.slice(1).map(() => between(random, -1.5, 4))
  const total = glyphs.reduce((s, { box }) => s + box.right - box.left, 0) + gaps.reduce((s, g) => s + g, 0)
  // Each glyph's hue a third of the wheel or more from the last, so touching glyphs part by colour.
  let hue = random() * 360
  let x = 6 + between(random, 0.2, 0.8) * Math.max(0, CAPTCHA_WIDTH - total - 12)
  glyphs.forEach(({ strokes, box }, i) => {
    // Inside the picture even after the warp moves it a few pixels.
    const room = Math.max(0, CAPTCHA_HEIGHT - 10 - (box.bottom - box.top))
    const y = 5 + between(random, 0.15, 0.85) * room - box.top
    const stroke = between(random, 2.6, 3.3)
    for (const line of moved(strokes, x - box.left, y)) raster.stroke(line, stroke)
    hue = (hue + between(random, 100, 260)) % 360
    raster.paint(ink(random, undefined, hue))
    x += box.right - box.left + (gaps[i] ?? 0)
  })

  for (let i = 0; i < 2; i++) {
    raster.stroke(crossingCurve(raster, random), between(random, 1.1, 1.8))
    raster.paint(ink(random, NOISE_LIGHTNESS), 0.85)
  }
  raster.warp(random)

  const { width, height, rgb } = raster
  for (let i = 0; i < 320; i++) {
    const at = Math.floor(random() * width * height) * 3
    const shade = random() < 0.5 ? between(random, 0, 90) : between(random, 200, 255)
    const alpha = between(random, 0.4, 0.9)
    blend(rgb, at, [shade, shade, shade], alpha)
  }
  return raster.toPng()
}
