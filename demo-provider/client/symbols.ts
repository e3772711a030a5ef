/**
 * The theme's symbol pictures as Pixi textures: each SVG of themes.ts rasterised once (sharp, and
 * vertically smeared for a spinning reel) when the page starts, all into one atlas canvas, so the
 * reels draw every symbol from one texture source: one draw call for the board, and a reel that
 * swaps a sprite's symbol never changes what the batch binds. Nothing is drawn again afterwards.
 * The page draws the atlas here (SVG pictures need the DOM's images; no Pixi is loaded for it);
 * atlas.ts cuts the textures from it, in the reels' worker from an ImageBitmap of it, or on the page.
 */
import { SYMBOLS } from '../shared/slotMath'
import { GUTTER, PITCH, TEXTURE_SIZE } from './atlasLayout'
import { symbolSvg, svgUrl, type Theme } from './themes'

function loadSvg(svg: string, size: number): Promise<HTMLImageElement> {
  const image = new Image(size, size)
  // onload rather than decode(): some Safari versions reject decode() for SVG images.
  return new Promise<HTMLImageElement>((resolve, reject) => {
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('a symbol picture did not load'))
    image.src = svgUrl(svg)
  })
}

/** The atlas: one row of sharp pictures, one of smeared ones, GUTTER empty pixels around each. */
export async function drawAtlas(theme: Theme, wildMark: string): Promise<HTMLCanvasElement> {
  const canvas = document.createElement('canvas')
  canvas.width = SYMBOLS.length * PITCH
  canvas.height = 2 * PITCH
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d canvas')
  const rows = [false, true] as const
  const images = await Promise.all(rows.flatMap((blur) => SYMBOLS.map((s) => loadSvg(symbolSvg(theme, s, wildMark, blur), TEXTURE_SIZE))))
  images.forEach((image, i) => context.drawImage(image, (i % SYMBOLS.length) * PITCH + GUTTER, Math.floor(i / SYMBOLS.length) * PITCH + GUTTER, TEXTURE_SIZE, TEXTURE_SIZE))
  return canvas
}
