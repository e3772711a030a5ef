import { Color, Container, FillGradient, Graphics, GraphicsContext, Rectangle, Texture, type GradientOptions, type Renderer } from 'pixi.js'
import type { Tuning } from '../../engine/types'
import type { MinesLayout } from './minesLayout'

/** The faces a tile can show. */
export type Face = 'hidden' | 'open' | 'gem' | 'hit'

/** The board's geometry for one layout: each shape is built once and shared by every tile that shows it. */
export interface MinesArt {
  plate: GraphicsContext
  faces: Record<Face, GraphicsContext>
  icons: { gem: GraphicsContext; bomb: GraphicsContext }
  ring: GraphicsContext
  card: GraphicsContext
  /** Unit shapes for particles, tinted per burst: a sparkle star and a round ember. */
  sparks: [GraphicsContext, GraphicsContext]
  /** The bomb's shock wave: a ring of the tile's size, scaled out as it fades. */
  shock: GraphicsContext
  destroy(): void
}

const scaled = (points: number[], k: number, dx: number, dy: number) => points.map((v, n) => v * k + (n % 2 ? dy : dx))

export function buildArt(layout: MinesLayout, tuning: Tuning): MinesArt {
  const col = (key: string) => String(tuning[key])
  const gradients: FillGradient[] = []
  const gradient = (options: GradientOptions) => {
    const g = new FillGradient({ textureSpace: 'local', ...options })
    gradients.push(g)
    return g
  }
  // A soft disc: the colour at the centre fading to nothing at the rim.
  const glow = (color: string, alpha: number) =>
    gradient({ type: 'radial', colorStops: [{ offset: 0, color: new Color(color).setAlpha(alpha).toRgbaString() }, { offset: 1, color: new Color(color).setAlpha(0).toRgbaString() }] })
  const s = layout.tileSize
  const h = s / 2
  const r = layout.tileRadius
  const d = Math.max(2, Math.round(s * 0.07))
  const { board, card } = layout

  const plate = new GraphicsContext()
    .roundRect(board.x, board.y, board.size, board.size, layout.boardRadius)
    .fill(col('boardColor'))
    .roundRect(board.x + 0.5, board.y + 0.5, board.size - 1, board.size - 1, layout.boardRadius)
    .stroke({ width: 1, color: 0xffffff, alpha: 0.05 })

  // A raised key: its darker side shows below the top face, which is lit from above.
  const top = gradient({ type: 'linear', start: { x: 0, y: 0 }, end: { x: 0, y: 1 }, colorStops: [{ offset: 0, color: col('tileLight') }, { offset: 1, color: col('tileColor') }] })
  const hidden = new GraphicsContext()
    .roundRect(-h, -h, s, s, r)
    .fill(col('tileSideColor'))
    .roundRect(-h, -h, s, s - d, r)
    .fill(top)
    .roundRect(-h + 0.5, -h + 0.5, s - 1, s - d - 1, r)
    .stroke({ width: 1, color: 0xffffff, alpha: 0.09 })
    .roundRect(-h + r * 0.6, -h + 1, s - r * 1.2, Math.max(1, s * 0.02), 1)
    .fill({ color: 0xffffff, alpha: 0.16 })
  // An opened tile sits lower, like a key pressed down into the plate.
  const open = (fill: string, edge: string, edgeAlpha: number) =>
    new GraphicsContext()
      .roundRect(-h, -h + d, s, s - d, r)
      .fill(fill)
      .roundRect(-h + 0.75, -h + d + 0.75, s - 1.5, s - d - 1.5, r)
      .stroke({ width: 1.5, color: edge, alpha: edgeAlpha })
  const cy = d / 2
  const gemFace = open(col('openColor'), col('gemColor'), 0.35).circle(0, cy, s * 0.44).fill(glow(col('gemColor'), 0.24))
  const hit = open(col('hitColor'), col('bombGlow'), 0.9).circle(0, cy, s * 0.5).fill(glow(col('bombGlow'), 0.55))

  // A brilliant-cut gem seen from the side: crown facets light, pavilion darker to the right.
  const g = s * 0.32
  const gy = cy + g * 0.05
  const gem = new GraphicsContext()
  const facet = (pts: number[], color: string, alpha = 1) => gem.poly(scaled(pts, g, 0, gy)).fill({ color, alpha })
  facet([-1, -0.25, -0.55, -0.72, 0.55, -0.72, 1, -0.25, 0, 0.9], col('gemColor'))
  facet([-1, -0.25, -0.55, -0.72, -0.32, -0.25], col('gemLight'), 0.8)
  facet([-0.55, -0.72, 0.55, -0.72, 0.32, -0.25, -0.32, -0.25], col('gemLight'))
  facet([0.55, -0.72, 1, -0.25, 0.32, -0.25], col('gemColor'))
  facet([-1, -0.25, -0.32, -0.25, 0, 0.9], col('gemColor'))
  facet([-0.32, -0.25, 0.32, -0.25, 0, 0.9], '#ffffff', 0.18)
  facet([0.32, -0.25, 1, -0.25, 0, 0.9], col('gemDark'))
  facet([-0.42, -0.64, -0.14, -0.64, -0.3, -0.38], '#ffffff', 0.85)
  gem.poly(scaled([-1, -0.25, -0.55, -0.72, 0.55, -0.72, 1, -0.25, 0, 0.9], g, 0, gy)).stroke({ width: Math.max(1, s * 0.02), color: col('gemDark'), join: 'round' })

  // A round bomb with a lit fuse and a red glow.
  const R = s * 0.23
  const bx = -R * 0.15
  const by = cy + R * 0.2
  const bomb = new GraphicsContext()
  bomb.circle(bx, by, R * 1.75).fill(glow(col('bombGlow'), 0.3))
  const capX = bx + R * 0.62
  const capY = by - R * 0.62
  const w = R * 0.28
  bomb
    .poly([capX - w, capY, capX, capY - w, capX + w * 1.3, capY + w * 0.3, capX + w * 0.3, capY + w * 1.3])
    .fill('#4d5363')
    .circle(bx, by, R)
    .fill(col('bombColor'))
    .circle(bx + R * 0.2, by + R * 0.2, R * 0.75)
    .fill({ color: 0x000000, alpha: 0.22 })
    .circle(bx - R * 0.35, by - R * 0.35, R * 0.3)
    .fill({ color: 0xffffff, alpha: 0.18 })
    .circle(bx - R * 0.42, by - R * 0.42, R * 0.11)
    .fill({ color: 0xffffff, alpha: 0.6 })
    .circle(bx, by, R)
    .stroke({ width: Math.max(1, s * 0.02), color: 0x000000, alpha: 0.5 })
    .moveTo(capX + w * 0.5, capY - w * 0.2)
    .quadraticCurveTo(capX + R * 0.2, capY - R * 0.75, capX + R * 0.65, capY - R * 0.6)
    .stroke({ width: Math.max(1.5, R * 0.12), color: '#c9a36b', cap: 'round' })
  const fx = capX + R * 0.65
  const fy = capY - R * 0.6
  bomb
    .circle(fx, fy, R * 0.3)
    .fill({ color: col('emberB'), alpha: 0.35 })
    .poly(scaled([0, -1, 0.22, -0.22, 1, 0, 0.22, 0.22, 0, 1, -0.22, 0.22, -1, 0, -0.22, -0.22], R * 0.32, fx, fy))
    .fill(col('emberB'))
    .circle(fx, fy, R * 0.08)
    .fill(0xffffff)

  const ring = new GraphicsContext()
    .roundRect(-h - 4, -h - 4, s + 8, s + 8, r + 4)
    .stroke({ width: 3, color: col('pendingColor'), alpha: 0.35 })
    .roundRect(-h - 1.5, -h - 1.5, s + 3, s + 3, r + 1.5)
    .stroke({ width: 2.5, color: col('pendingColor') })

  const cardArt = new GraphicsContext()
  for (const [k, a] of [[7, 0.06], [3.5, 0.1]] as const)
    cardArt.roundRect(-k, -k, card.w + k * 2, card.h + k * 2, card.r + k).fill({ color: col('accent'), alpha: a })
  cardArt
    .roundRect(0, 0, card.w, card.h, card.r)
    .fill({ color: '#0b1222', alpha: 0.96 })
    .roundRect(0, 0, card.w, card.h, card.r)
    .stroke({ width: 2, color: col('accent') })
    .rect(card.w * 0.2, card.h * 0.34, card.w * 0.6, 1)
    .fill({ color: 0xffffff, alpha: 0.08 })

  const star = new GraphicsContext().poly(scaled([0, -1, 0.25, -0.25, 1, 0, 0.25, 0.25, 0, 1, -0.25, 0.25, -1, 0, -0.25, -0.25], 6, 0, 0)).fill(0xffffff)
  const ember = new GraphicsContext().circle(0, 0, 3.5).fill(0xffffff)
  const shock = new GraphicsContext().circle(0, 0, h).stroke({ width: Math.max(1.5, s * 0.04), color: col('emberB') }).circle(0, 0, h * 0.8).stroke({ width: Math.max(1, s * 0.03), color: col('bombGlow'), alpha: 0.7 })
  const all = [plate, hidden, gemFace, hit, gem, bomb, ring, cardArt, star, ember, shock]
  const plain = open(col('openColor'), '#000000', 0.3)
  all.push(plain)
  return {
    plate,
    faces: { hidden, open: plain, gem: gemFace, hit },
    icons: { gem, bomb },
    ring,
    card: cardArt,
    sparks: [star, ember],
    shock,
    destroy: () => {
      all.forEach((c) => c.destroy())
      gradients.forEach((g) => g.destroy())
    },
  }
}

/** The tiles' faces and icons as sub-textures of one baked texture (bakeTiles). */
export interface TileTextures {
  faces: Record<Face, Texture>
  icons: { gem: Texture; bomb: Texture }
  destroy(): void
}

/**
 * Bakes every tile face and icon into one texture, side by side, so the 25 tiles draw as sprites
 * of one texture: one batch, one texture read per pixel. Drawn as shapes, each tile was four to
 * ten layered fills, a batch break at each gradient, and the GPU work of the board (SwiftShader
 * on these machines, a phone's GPU elsewhere) took most of a frame while the tiles moved.
 */
export function bakeTiles(renderer: Renderer, art: MinesArt, tileSize: number): TileTextures {
  // Each cell holds one tile-sized shape centred in it, with room for the bomb's glow, which
  // reaches 0.535 of a tile below the centre (the rest stays within half a tile).
  const cell = 2 * Math.ceil(tileSize * 0.54) + 2
  const faces = Object.keys(art.faces) as Face[]
  const shapes = [...faces.map((f) => art.faces[f]), art.icons.gem, art.icons.bomb]
  const sheet = new Container()
  shapes.forEach((context, n) => sheet.addChild(new Graphics(context)).position.set(n * cell + cell / 2, cell / 2))
  const baked = renderer.generateTexture({ target: sheet, frame: new Rectangle(0, 0, shapes.length * cell, cell), resolution: renderer.resolution, antialias: true })
  sheet.destroy({ children: true })
  const parts = shapes.map((_, n) => new Texture({ source: baked.source, frame: new Rectangle(n * cell, 0, cell, cell) }))
  const part = (n: number) => parts[n] as Texture
  return {
    faces: Object.fromEntries(faces.map((f, n) => [f, part(n)])) as Record<Face, Texture>,
    icons: { gem: part(faces.length), bomb: part(faces.length + 1) },
    destroy: () => {
      parts.forEach((t) => t.destroy())
      baked.destroy(true)
    },
  }
}
