import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { CAPTCHA_ALPHABET } from './captchaFont'
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha, seededRandom } from './drawCaptcha'

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const seed = (n: number) => new Uint8Array(16).fill(n)

/** The PNG's chunk types in order: pixels only (IHDR, IDAT..., IEND), no text chunks. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = []
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at)
    types.push(png.toString('latin1', at + 4, at + 8))
    at += 12 + length
  }
  return types
}

/** Markers of vector text (compressed pixels could hold a two-byte 'd=' by chance, so the path data's own start). */
const VECTOR_MARKERS = /<svg|<path|<text|\sd="[Mm]/

/** Share of pixels that differ between two decoded images. */
function difference(a: Buffer, b: Buffer): number {
  const x = PNG.sync.read(a).data
  const y = PNG.sync.read(b).data
  let changed = 0
  for (let i = 0; i < x.length; i += 4) if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2]) changed++
  return changed / (x.length / 4)
}

describe('drawCaptcha', () => {
  it('draws a 150x50 PNG with no vector text in it', () => {
    const png = drawCaptcha('AC7X')
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true)
    const decoded = PNG.sync.read(png)
    expect([decoded.width, decoded.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT])
    expect(png.toString('latin1')).not.toMatch(VECTOR_MARKERS)
    expect(new Set(pngChunks(png))).toEqual(new Set(['IHDR', 'IDAT', 'IEND']))
  })

  it('draws every character of its alphabet, and refuses one it has no glyph for', () => {
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z2-9]{20,}$/)
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IJ]/)
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) expect(drawCaptcha(CAPTCHA_ALPHABET.slice(i, i + 4)).length).toBeGreaterThan(1000)
    expect(() => drawCaptcha('AB0O')).toThrow(/no captcha glyph/)
  })

  it('never draws the same answer the same way twice', () => {
    const a = drawCaptcha('HK47')
    const b = drawCaptcha('HK47')
    expect(a.equals(b)).toBe(false)
    // Not a shifted copy either: most of the picture moves.
    expect(difference(a, b)).toBeGreaterThan(0.5)
  })

  it('is a function of its random stream alone', () => {
    expect(drawCaptcha('MNPR', seededRandom(seed(7))).equals(drawCaptcha('MNPR', seededRandom(seed(7))))).toBe(true)
    expect(drawCaptcha('MNPR', seededRandom(seed(7))).equals(drawCaptcha('MNPR', seededRandom(seed(8))))).toBe(false)
  })

  it('puts ink where the glyphs go: different answers on the same noise differ', () => {
    expect(difference(drawCaptcha('AAAA', seededRandom(seed(3))), drawCaptcha('TTTT', seededRandom(seed(3))))).toBeGreaterThan(0.02)
  })
})
