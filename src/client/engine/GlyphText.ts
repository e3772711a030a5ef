import { CanvasSource, Container, DOMAdapter, Rectangle, Sprite, Text, Texture, type ICanvas, type ICanvasRenderingContext2D } from 'pixi.js'

/**
 * The size glyphs are drawn at in the atlas (px): above every size a scene shows them at, so a
 * glyph is only ever scaled down (mipmaps keep the small sizes smooth).
 */
const ATLAS_PX = 96
const ATLAS_WIDTH = 1024
/** What a counter or an amount shows in any of the app's languages (Intl puts NBSP or NNBSP inside amounts). */
const CHARS = '0123456789.,+-−×%R$ \u00a0\u202f'

interface Glyph {
  texture: Texture
  /** Advance in atlas px. */
  advance: number
}

interface Atlas {
  glyphs: Map<string, Glyph>
  /** An empty frame of the same source: an unused sprite shows it, so the pool never changes the draw list. */
  blank: Texture
  /** Cell height in atlas px (ascent + descent). */
  height: number
}

const atlases = new Map<string, Atlas>()

function context2d(canvas: ICanvas): ICanvasRenderingContext2D {
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('GlyphText: no 2d canvas context')
  return ctx
}

/** One canvas per font with every glyph of CHARS in white, drawn once and shared by every GlyphText of that font. */
function atlasFor(fontFamily: string, fontWeight: string): Atlas {
  const key = `${fontWeight}|${fontFamily}`
  let atlas = atlases.get(key)
  if (atlas) return atlas
  const font = `${fontWeight} ${ATLAS_PX}px ${fontFamily}`
  const measure = context2d(DOMAdapter.get().createCanvas(1, 1))
  measure.font = font
  const m = measure.measureText('0')
  const ascent = Math.ceil(m.fontBoundingBoxAscent || ATLAS_PX * 0.93)
  const height = ascent + Math.ceil(m.fontBoundingBoxDescent || ATLAS_PX * 0.24)
  const pad = 4
  // Lay the glyphs out in rows; the first cell stays empty (the blank frame).
  const cells: { char: string; x: number; y: number; w: number; advance: number }[] = []
  let x = pad + 8
  let y = pad
  for (const char of CHARS) {
    const advance = measure.measureText(char).width
    const w = Math.ceil(advance) + 2
    if (x + w + pad > ATLAS_WIDTH) {
      x = pad
      y += height + pad
    }
    cells.push({ char, x, y, w, advance })
    x += w + pad
  }
  const canvas = DOMAdapter.get().createCanvas(ATLAS_WIDTH, y + height + pad)
  const ctx = context2d(canvas)
  ctx.font = font
  ctx.fillStyle = '#ffffff'
  ctx.textBaseline = 'alphabetic'
  for (const c of cells) ctx.fillText(c.char, c.x + 1, c.y + ascent)
  const source = new CanvasSource({ resource: canvas, resolution: 1, autoGenerateMipmaps: true, scaleMode: 'linear' })
  const glyphs = new Map<string, Glyph>()
  for (const c of cells) glyphs.set(c.char, { texture: new Texture({ source, frame: new Rectangle(c.x, c.y, c.w, height) }), advance: c.advance })
  atlas = { glyphs, blank: new Texture({ source, frame: new Rectangle(0, 0, 1, 1) }), height }
  atlases.set(key, atlas)
  return atlas
}

export interface GlyphTextOptions {
  fontFamily: string
  fontWeight?: 'normal' | 'bold'
  /** Font size in CSS px. */
  size: number
  /** 0 left, 0.5 centre, 1 right (of the text's width); 0 top, 1 bottom (of its line). */
  anchorX?: number
  anchorY?: number
}

/**
 * A line of text for values that change while a scene moves (a roll, a count-up, an amount):
 * one sprite per character, each a frame of a shared glyph atlas. A new value only swaps frames
 * and moves sprites, so unlike Text (re-rasterise and upload a texture) or BitmapText (rebuild its
 * geometry and the draw list) it costs a frame almost nothing. Characters outside the atlas (a
 * label in another script) fall back to a plain Text, drawn as Text always is.
 */
export class GlyphText extends Container {
  private readonly atlas: Atlas
  private readonly sprites: Sprite[] = []
  private fallback: Text | null = null
  private value = ''
  private fontSize: number
  private readonly anchorX: number
  private readonly anchorY: number
  private readonly fontFamily: string
  private readonly fontWeight: 'normal' | 'bold'

  constructor(options: GlyphTextOptions) {
    super()
    this.fontFamily = options.fontFamily
    this.fontWeight = options.fontWeight ?? 'normal'
    this.fontSize = options.size
    this.anchorX = options.anchorX ?? 0
    this.anchorY = options.anchorY ?? 0
    this.atlas = atlasFor(this.fontFamily, this.fontWeight)
  }

  get text(): string {
    return this.value
  }

  set text(value: string) {
    if (value === this.value) return
    this.value = value
    this.layout()
  }

  get size(): number {
    return this.fontSize
  }

  set size(size: number) {
    if (size === this.fontSize) return
    this.fontSize = size
    this.layout()
  }

  /** The line's width in CSS px (its advances, without the pool's unused sprites). */
  get textWidth(): number {
    if (this.fallback?.visible) return this.fallback.width
    let width = 0
    for (const c of this.value) width += this.atlas.glyphs.get(c)?.advance ?? 0
    return (width * this.fontSize) / ATLAS_PX
  }

  private layout(): void {
    const { glyphs, blank, height } = this.atlas
    const line: Glyph[] = []
    for (const c of this.value) {
      const glyph = glyphs.get(c)
      if (!glyph) return this.layoutFallback()
      line.push(glyph)
    }
    if (this.fallback) this.fallback.visible = false
    const scale = this.fontSize / ATLAS_PX
    let width = 0
    for (const glyph of line) width += glyph.advance
    let x = -this.anchorX * width * scale
    const y = -this.anchorY * height * scale
    while (this.sprites.length < line.length) this.sprites.push(this.addChild(new Sprite(blank)))
    this.sprites.forEach((sprite, i) => {
      const glyph = line[i]
      sprite.texture = glyph ? glyph.texture : blank
      sprite.scale.set(scale)
      sprite.position.set(x, y)
      if (glyph) x += glyph.advance * scale
    })
  }

  private layoutFallback(): void {
    for (const sprite of this.sprites) sprite.texture = this.atlas.blank
    if (!this.fallback) {
      this.fallback = this.addChild(new Text({ text: '', style: { fontFamily: this.fontFamily, fontWeight: this.fontWeight, fill: 0xffffff } }))
    }
    this.fallback.visible = true
    this.fallback.text = this.value
    this.fallback.style.fontSize = this.fontSize
    this.fallback.anchor.set(this.anchorX, this.anchorY)
  }
}
