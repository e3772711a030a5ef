/// <reference lib="webworker" />
/**
 * The reels' worker: it owns the canvas the page handed over (an OffscreenCanvas) and runs the
 * reel scene (reels.ts) there, so a spin's frames never use the page's main thread, which keeps
 * the controls, the texts and the win count-up. The page posts what the reels must do
 * (reelProtocol.ts); a worker that cannot draw says 'failed' and the page draws the reels itself.
 */
// Before any renderer exists: shaders built without eval, as the page's policy forbids it.
import 'pixi.js/unsafe-eval'
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js'
import { atlasSource, atlasTextures } from './atlas'
import type { FromReels, ToReels } from './reelProtocol'
import { ReelScene } from './reels'

declare const self: DedicatedWorkerGlobalScope

DOMAdapter.set(WebWorkerAdapter)

const post = (message: FromReels) => self.postMessage(message)

let scene: ReelScene | null = null
/** Messages that came while the scene was being made, played once it is there. */
let waiting: ToReels[] | null = null

async function mount(m: Extract<ToReels, { type: 'mount' }>): Promise<void> {
  // The scene's ticker and its one-off renders run on animation frames.
  if (typeof self.requestAnimationFrame !== 'function') throw new Error('no requestAnimationFrame in workers')
  waiting = []
  scene = await ReelScene.create({
    canvas: m.canvas,
    width: m.width,
    height: m.height,
    resolution: m.resolution,
    reelColor: m.reelColor,
    reelAlpha: m.reelAlpha,
    textures: atlasTextures(atlasSource(m.atlas)),
    reduced: m.reduced,
    stops: m.stops,
  })
  const queued = waiting
  waiting = null
  post({ type: 'ready' })
  for (const q of queued) handle(q)
}

function handle(m: ToReels): void {
  if (m.type === 'mount') {
    mount(m).catch((err: unknown) => post({ type: 'failed', message: String(err) }))
    return
  }
  if (waiting) {
    waiting.push(m)
    return
  }
  if (!scene) return
  switch (m.type) {
    case 'resize':
      scene.resize(m.width, m.height)
      return
    case 'spin':
      scene.spin()
      return
    case 'land':
      void scene.land(m.stops).then(() => post({ type: 'landed', id: m.id }))
      return
    case 'showWins':
      scene.showWins(m.wins, (win) => post({ type: 'step', index: win === null ? null : m.wins.indexOf(win) }))
      return
    case 'clearWins':
      scene.clearWins()
      return
  }
}

self.onmessage = (e: MessageEvent<ToReels>) => handle(e.data)
