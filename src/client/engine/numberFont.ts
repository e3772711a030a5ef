import { BitmapFont } from 'pixi.js'

const installed = new Set<string>()

/**
 * A bitmap font of digits and the few signs a counter shows, drawn once: a number that changes
 * every frame (a roll, a count-up) then costs no canvas re-rasterise and texture upload per frame.
 * Returns the font's name for a BitmapText style.
 */
export function numberFont(fontFamily = 'DejaVu Sans, sans-serif'): string {
  const name = `numbers:${fontFamily}`
  if (!installed.has(name)) {
    installed.add(name)
    BitmapFont.install({
      name,
      style: { fontFamily, fontWeight: 'bold', fontSize: 96, fill: 0xffffff },
      chars: [['0', '9'], '.', ',', '×', '%', '+', '-'],
      resolution: Math.min(2, typeof devicePixelRatio === 'number' ? devicePixelRatio : 1),
    })
  }
  return name
}
