/**
 * The theme's symbol pictures as Pixi textures: each SVG of themes.ts rasterised once (sharp, and
 * vertically smeared for a spinning reel) when the page starts, all into one atlas canvas, so the
 * reels draw every symbol from one texture source: one draw call for the board, and a reel that
 * swaps a sprite's symbol never changes what the batch binds. Nothing is drawn again afterwards.
 */
import { CanvasSource, Rectangle, Texture } from 'pixi.js'
import { SYMBOLS, type SlotSymbol } from '../shared/slotMath'
import { symbolSvg, svgUrl, type Theme } from './themes'

/** Texture edge in pixels: a cell is at most about 90 CSS px wide, drawn at up to 2 device px each. */
export const TEXTURE_SIZE = 256
/** Empty pixels around each picture in the atlas: the smaller mipmap levels must not bleed a neighbour in. */
const GUTTER = 16

export interface SymbolTextures {
  /** The atlas every texture below is a frame of. */
  source: CanvasSource
  sharp: Record<SlotSymbol, Texture>
  blur: Record<SlotSymbol, Texture>
}

function loadSvg(svg: string, size: number): Promise<HTMLImageElement> {
  const image = new Image(size, size)
  // onload rather than decode(): some Safari versions reject decode() for SVG images.
  return new Promise<HTMLImageElement>((resolve, reject) => {
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('a symbol picture did not load'))
    image.src = svgUrl(svg)
  })
}

export async function symbolTextures(theme: Theme, wildMark: string): Promise<SymbolTextures> {
  const pitch = TEXTURE_SIZE + 2 * GUTTER
  // One row of sharp pictures, one of smeared ones.
  const canvas = document.createElement('canvas')
  canvas.width = SYMBOLS.length * pitch
  canvas.height = 2 * pitch
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d canvas')
  const rows = [false, true] as const
  const images = await Promise.all(rows.flatMap((blur) => SYMBOLS.map((s) => loadSvg(symbolSvg(theme, s, wildMark, blur), TEXTURE_SIZE))))
  images.forEach((image, i) => context.drawImage(image, (i % SYMBOLS.length) * pitch + GUTTER, Math.floor(i / SYMBOLS.length) * pitch + GUTTER, TEXTURE_SIZE, TEXTURE_SIZE))
  const source = new CanvasSource({ resource: canvas, autoGenerateMipmaps: true, scaleMode: 'linear' })
  const row = (r: number) =>
    Object.fromEntries(SYMBOLS.map((s, i) => [s, new Texture({ source, frame: new Rectangle(i * pitch + GUTTER, r * pitch + GUTTER, TEXTURE_SIZE, TEXTURE_SIZE) })])) as unknown as Record<SlotSymbol, Texture>
  return { source, sharp: row(0), blur: row(1) }
}
