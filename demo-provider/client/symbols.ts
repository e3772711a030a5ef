/**
 * The theme's symbol pictures as Pixi textures: each SVG of themes.ts rasterised once (sharp, and
 * vertically smeared for a spinning reel) when the page starts. Nothing is drawn again afterwards.
 */
import { CanvasSource, Texture } from 'pixi.js'
import { SYMBOLS, type SlotSymbol } from '../shared/slotMath'
import { symbolSvg, svgUrl, type Theme } from './themes'

/** Texture edge in pixels: a cell is at most about 90 CSS px wide, drawn at up to 2 device px each. */
export const TEXTURE_SIZE = 256

export interface SymbolTextures {
  sharp: Record<SlotSymbol, Texture>
  blur: Record<SlotSymbol, Texture>
}

async function rasterise(svg: string, size: number): Promise<HTMLCanvasElement> {
  const image = new Image(size, size)
  // onload rather than decode(): some Safari versions reject decode() for SVG images.
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve()
    image.onerror = () => reject(new Error('a symbol picture did not load'))
    image.src = svgUrl(svg)
  })
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d canvas')
  context.drawImage(image, 0, 0, size, size)
  return canvas
}

const textureOf = (canvas: HTMLCanvasElement) => new Texture({ source: new CanvasSource({ resource: canvas, autoGenerateMipmaps: true, scaleMode: 'linear' }) })

export async function symbolTextures(theme: Theme, wildMark: string): Promise<SymbolTextures> {
  const make = async (blur: boolean) => {
    const canvases = await Promise.all(SYMBOLS.map((s) => rasterise(symbolSvg(theme, s, wildMark, blur), TEXTURE_SIZE)))
    return Object.fromEntries(SYMBOLS.map((s, i) => [s, textureOf(canvases[i] as HTMLCanvasElement)])) as unknown as Record<SlotSymbol, Texture>
  }
  const [sharp, blur] = await Promise.all([make(false), make(true)])
  return { sharp, blur }
}
