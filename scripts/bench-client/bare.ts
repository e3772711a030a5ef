// The bench's baseline (scripts/bench-client.ts): the project's own pixi.js 8 with the app's
// renderer options, 200 sprites of 10 px moving every frame, and nothing else on the page.
import 'pixi.js/unsafe-eval'
import { Application, Sprite, Texture } from 'pixi.js'

const SPRITES = 200
async function start() {
const app = new Application()
await app.init({ resizeTo: window, preference: 'webgl', antialias: false, backgroundAlpha: 0, autoDensity: true, resolution: Math.min(window.devicePixelRatio || 1, 2) })
document.body.appendChild(app.canvas)

// A fixed pseudo-random walk (no Math.random: the same frames on every run).
let seed = 7
const next = () => ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff)
const movers = Array.from({ length: SPRITES }, () => {
  const s = new Sprite(Texture.WHITE)
  s.width = 10
  s.height = 10
  s.tint = Math.floor(next() * 0xffffff)
  s.position.set(next() * app.screen.width, next() * app.screen.height)
  app.stage.addChild(s)
  return { s, vx: (next() - 0.5) * 0.3, vy: (next() - 0.5) * 0.3 }
})
app.ticker.add((ticker) => {
  const { width, height } = app.screen
  for (const m of movers) {
    m.s.x += m.vx * ticker.deltaMS
    m.s.y += m.vy * ticker.deltaMS
    if (m.s.x < 0 || m.s.x > width - 10) m.vx = -m.vx
    if (m.s.y < 0 || m.s.y > height - 10) m.vy = -m.vy
  }
})
;(window as unknown as { __bareReady: boolean }).__bareReady = true
}
void start()
