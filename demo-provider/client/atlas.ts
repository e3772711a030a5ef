/**
 * The symbol atlas's textures (symbols.ts draws the atlas on the page): no DOM here, so the reels'
 * worker cuts the same textures from an ImageBitmap of the atlas.
 */
import { CanvasSource, ImageSource, Rectangle, Texture, type TextureSource } from 'pixi.js'
import { SYMBOLS, type SlotSymbol } from '../shared/slotMath'
import { GUTTER, PITCH, TEXTURE_SIZE } from './atlasLayout'

export interface SymbolTextures {
  /** The atlas every texture below is a frame of. */
  source: TextureSource
  sharp: Record<SlotSymbol, Texture>
  blur: Record<SlotSymbol, Texture>
}

/** Each symbol's sharp and smeared texture: frames of one source holding the atlas. */
export function atlasTextures(source: TextureSource): SymbolTextures {
  const row = (r: number) =>
    Object.fromEntries(SYMBOLS.map((s, i) => [s, new Texture({ source, frame: new Rectangle(i * PITCH + GUTTER, r * PITCH + GUTTER, TEXTURE_SIZE, TEXTURE_SIZE) })])) as unknown as Record<SlotSymbol, Texture>
  return { source, sharp: row(0), blur: row(1) }
}

/** The atlas as a texture source: a canvas on the page, an ImageBitmap in the worker. */
export function atlasSource(atlas: HTMLCanvasElement | ImageBitmap): TextureSource {
  const options = { autoGenerateMipmaps: true, scaleMode: 'linear' as const }
  return typeof ImageBitmap !== 'undefined' && atlas instanceof ImageBitmap ? new ImageSource({ ...options, resource: atlas }) : new CanvasSource({ ...options, resource: atlas as HTMLCanvasElement })
}
