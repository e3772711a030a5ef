/**
 * The lobby tiles' art, drawn with Pixi Graphics (run by scripts/make-tile-art.ts in chromium,
 * which saves each as assets/public/tiles/<game>.webp). The lower quarter stays dark: the tile's
 * name is written over it by the page.
 */
import { Application, Container, FillGradient, Graphics, Text } from 'pixi.js'

const W = 240
const H = 320
const FONT = 'DejaVu Sans, sans-serif'

function backdrop(top: string, bottom: string): Graphics {
  const g = new FillGradient({ type: 'linear', start: { x: 0, y: 0 }, end: { x: 0.35, y: 1 }, colorStops: [{ offset: 0, color: top }, { offset: 1, color: bottom }], textureSpace: 'local' })
  const shade = new FillGradient({ type: 'linear', start: { x: 0, y: 0 }, end: { x: 0, y: 1 }, colorStops: [{ offset: 0, color: 'rgba(0,0,0,0)' }, { offset: 0.62, color: 'rgba(0,0,0,0)' }, { offset: 1, color: 'rgba(0,0,0,0.55)' }], textureSpace: 'local' })
  return new Graphics().rect(0, 0, W, H).fill(g).rect(0, 0, W, H).fill(shade)
}

/** Soft round glows, and small stars, seeded so every run draws the same. */
function sparkle(seed: number, color: number, count: number): Graphics {
  let s = seed
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647)
  const g = new Graphics()
  for (let i = 0; i < count; i++) {
    const x = rnd() * W
    const y = rnd() * H * 0.7
    const r = 0.8 + rnd() * 1.8
    g.star(x, y, 4, r * 2.2, r * 0.6).fill({ color, alpha: 0.5 + rnd() * 0.5 })
  }
  return g
}

function glow(x: number, y: number, r: number, color: string): Graphics {
  const g = new FillGradient({ type: 'radial', center: { x: 0.5, y: 0.5 }, innerRadius: 0, outerCenter: { x: 0.5, y: 0.5 }, outerRadius: 0.5, colorStops: [{ offset: 0, color }, { offset: 1, color: 'rgba(0,0,0,0)' }], textureSpace: 'local' })
  return new Graphics().rect(x - r, y - r, r * 2, r * 2).fill(g)
}

function mines(): Container {
  const c = new Container()
  c.addChild(backdrop('#23a27a', '#0b2e24'), glow(120, 120, 120, 'rgba(120,255,200,0.35)'))
  const board = new Graphics()
  const size = 52
  const x0 = (W - size * 3 - 16) / 2
  const y0 = 40
  const gems = new Set([0, 2, 4, 6, 7])
  for (let i = 0; i < 9; i++) {
    const x = x0 + (i % 3) * (size + 8)
    const y = y0 + Math.floor(i / 3) * (size + 8)
    board.roundRect(x, y + 4, size, size, 10).fill({ color: 0x06140f, alpha: 0.6 })
    board.roundRect(x, y, size, size, 10).fill(gems.has(i) ? 0x0f3a2f : 0x2f4a78).stroke({ color: 0xffffff, alpha: 0.15, width: 2 })
    const cx = x + size / 2
    const cy = y + size / 2
    if (gems.has(i)) {
      board.poly([cx, cy - 16, cx + 14, cy - 4, cx, cy + 17, cx - 14, cy - 4]).fill(0x2ef2b5)
      board.poly([cx, cy - 16, cx + 14, cy - 4, cx, cy - 1, cx - 14, cy - 4]).fill(0xa8ffe4)
    } else if (i === 8) {
      board.circle(cx, cy + 3, 13).fill(0x1b1e27).stroke({ color: 0xff4d4f, width: 2 })
      board.moveTo(cx + 7, cy - 8).quadraticCurveTo(cx + 14, cy - 18, cx + 20, cy - 14).stroke({ color: 0xffc94d, width: 3 })
      board.star(cx + 20, cy - 14, 6, 6, 2).fill(0xffe27a)
    }
  }
  c.addChild(board, sparkle(7, 0xd9fff2, 18))
  return c
}

function die(x: number, y: number, size: number, rotation: number, pips: number[]): Container {
  const c = new Container({ x, y, rotation })
  const g = new Graphics()
  g.roundRect(-size / 2 + 5, -size / 2 + 7, size, size, size * 0.2).fill({ color: 0x000000, alpha: 0.35 })
  g.roundRect(-size / 2, -size / 2, size, size, size * 0.2).fill(0xfdf6f0).stroke({ color: 0xe4d3c6, width: 3 })
  const q = size * 0.27
  const spots: Record<number, [number, number]> = { 0: [-q, -q], 1: [0, -q], 2: [q, -q], 3: [-q, 0], 4: [0, 0], 5: [q, 0], 6: [-q, q], 7: [0, q], 8: [q, q] }
  for (const p of pips) g.circle(spots[p]![0], spots[p]![1], size * 0.085).fill(0xb3262a)
  c.addChild(g)
  return c
}

function dice(): Container {
  const c = new Container()
  c.addChild(backdrop('#d1553a', '#3f140c'), glow(130, 110, 120, 'rgba(255,190,120,0.35)'))
  c.addChild(die(90, 100, 78, -0.3, [0, 2, 4, 6, 8]), die(160, 160, 70, 0.35, [0, 3, 6, 2, 5, 8]))
  c.addChild(sparkle(3, 0xfff0d0, 16))
  return c
}

function limbo(): Container {
  const c = new Container()
  c.addChild(backdrop('#7b48e8', '#1c0c45'), glow(170, 70, 110, 'rgba(255,210,120,0.35)'))
  const g = new Graphics()
  g.moveTo(20, 230).bezierCurveTo(90, 225, 150, 180, 190, 70).stroke({ color: 0xffc94d, width: 6, cap: 'round' })
  g.moveTo(20, 230).bezierCurveTo(90, 225, 150, 180, 190, 70).stroke({ color: 0xffffff, width: 2, cap: 'round', alpha: 0.8 })
  g.circle(190, 70, 12).fill(0xfff3c4).circle(190, 70, 20).fill({ color: 0xffc94d, alpha: 0.35 })
  c.addChild(g, sparkle(11, 0xffffff, 26))
  const label = new Text({ text: '100×', style: { fontFamily: FONT, fontSize: 40, fontWeight: 'bold', fill: 0xffffff } })
  label.anchor.set(0.5)
  label.position.set(96, 130)
  label.rotation = -0.12
  c.addChild(label)
  return c
}

const LUCKY = { green: 0x20c997, red: 0xf12c4c, violet: 0x9b5de5 }
function ball(g: Graphics, x: number, y: number, r: number, a: number, b?: number) {
  g.circle(x + 3, y + 5, r).fill({ color: 0x000000, alpha: 0.3 })
  if (b === undefined) g.circle(x, y, r).fill(a)
  else {
    g.moveTo(x, y - r).arc(x, y, r, -Math.PI / 2, Math.PI / 2, true).closePath().fill(a)
    g.moveTo(x, y - r).arc(x, y, r, -Math.PI / 2, Math.PI / 2).closePath().fill(b)
  }
  g.circle(x - r * 0.35, y - r * 0.35, r * 0.28).fill({ color: 0xffffff, alpha: 0.45 })
}

function luckyColor(): Container {
  const c = new Container()
  c.addChild(backdrop('#e0a92c', '#4a3208'), glow(120, 120, 120, 'rgba(255,240,180,0.4)'))
  const g = new Graphics()
  ball(g, 70, 80, 30, LUCKY.green)
  ball(g, 160, 70, 26, LUCKY.red)
  ball(g, 118, 145, 40, LUCKY.green, LUCKY.violet)
  ball(g, 60, 175, 22, LUCKY.red, LUCKY.violet)
  ball(g, 185, 160, 24, LUCKY.green)
  c.addChild(g)
  const five = new Text({ text: '5', style: { fontFamily: FONT, fontSize: 40, fontWeight: 'bold', fill: 0xffffff } })
  five.anchor.set(0.5)
  five.position.set(118, 145)
  c.addChild(five, sparkle(5, 0xfffbe6, 14))
  return c
}

const TILE_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4]
const tileColour = (t: number) => (t === 0 ? 0xffffff : t <= 7 ? 0xf12c4c : 0x262f3c)

function rowDouble(): Container {
  const c = new Container()
  c.addChild(backdrop('#2f86e0', '#0b2442'), glow(120, 110, 120, 'rgba(160,210,255,0.35)'))
  const g = new Graphics()
  const size = 46
  const y = 88
  for (let i = -1; i < 6; i++) {
    const tile = TILE_ORDER[(i + 15 + 5) % 15]!
    const x = 120 - size / 2 + i * (size + 6) - 2 * (size + 6)
    g.roundRect(x, y + 4, size, size, 8).fill({ color: 0x000000, alpha: 0.35 })
    g.roundRect(x, y, size, size, 8).fill(tileColour(tile))
  }
  g.poly([108, y - 20, 132, y - 20, 120, y - 4]).fill(0xffc94d)
  g.poly([108, y + size + 20, 132, y + size + 20, 120, y + size + 4]).fill(0xffc94d)
  g.roundRect(120 - size / 2 - 3, y - 3, size + 6, size + 6, 10).stroke({ color: 0xffc94d, width: 4 })
  c.addChild(g, sparkle(13, 0xe6f3ff, 14))
  return c
}

function double(): Container {
  const c = new Container()
  c.addChild(backdrop('#d2488a', '#3f0b25'), glow(120, 150, 130, 'rgba(255,170,210,0.35)'))
  const g = new Graphics()
  const cx = 120
  const cy = 150
  const r = 96
  const inner = 56
  const step = (Math.PI * 2) / 15
  g.circle(cx + 4, cy + 6, r + 8).fill({ color: 0x000000, alpha: 0.35 })
  g.circle(cx, cy, r + 8).fill(0x0f1626)
  TILE_ORDER.forEach((tile, i) => {
    const a0 = -Math.PI / 2 + (i - 0.5) * step + 0.35
    g.moveTo(cx + Math.cos(a0) * inner, cy + Math.sin(a0) * inner)
      .arc(cx, cy, r, a0, a0 + step)
      .arc(cx, cy, inner, a0 + step, a0, true)
      .closePath()
      .fill(tileColour(tile))
      .stroke({ color: 0x0f1626, width: 2 })
  })
  g.circle(cx, cy, inner - 4).fill(0x0f1626).circle(cx, cy, inner - 14).stroke({ color: 0xffc94d, width: 5 })
  g.poly([cx - 12, cy - r - 16, cx + 12, cy - r - 16, cx, cy - r + 10]).fill(0xffffff)
  c.addChild(g)
  const fourteen = new Text({ text: '14×', style: { fontFamily: FONT, fontSize: 24, fontWeight: 'bold', fill: 0xffffff } })
  fourteen.anchor.set(0.5)
  fourteen.position.set(cx, cy)
  c.addChild(fourteen, sparkle(17, 0xffe6f2, 12))
  return c
}

const ART: Record<string, () => Container> = { mines, dice, limbo, luckyColor, rowDouble, double }

declare global {
  interface Window {
    tileArt?: Record<string, string>
  }
}

const app = new Application()
await app.init({ width: W, height: H, antialias: true, backgroundAlpha: 0, preference: 'webgl' })
await document.fonts.ready
const out: Record<string, string> = {}
for (const [name, draw] of Object.entries(ART)) {
  const scene = draw()
  const canvas = app.renderer.extract.canvas({ target: scene, frame: undefined, resolution: 1 }) as HTMLCanvasElement
  out[name] = canvas.toDataURL('image/webp', 0.82)
  scene.destroy({ children: true })
}
window.tileArt = out
