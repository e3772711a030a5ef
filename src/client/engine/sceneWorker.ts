/// <reference lib="webworker" />
/**
 * The scene layer off the page's main thread: a dedicated worker owns the canvas (an
 * OffscreenCanvas the page transferred), runs Pixi and the scene's SceneHost, and draws; the
 * page only posts state, sizes and locale tables (engine/WorkerStage.tsx) and plays the sounds
 * the scene asks for. A bet's React renders, layout and paint then never share a thread with the
 * scene's frames, and the page's main thread does no per-frame drawing at all.
 */
// Before any renderer exists: shaders and uniforms built without eval, as the page's policy forbids it.
import 'pixi.js/unsafe-eval'
import i18next from 'i18next'
import { Application, DOMAdapter, WebWorkerAdapter } from 'pixi.js'
import { capBatchTextures } from './batchTextures'
import { DEFAULT_LOCALE } from '../../shared/locales'
import { fixedClock, realClock } from './clock'
import { loadScene } from './registry'
import { SceneHost } from './SceneHost'
import { shareUnchanged, type FromWorker, type ToWorker } from './stageProtocol'
import type { AudioService } from './types'

declare const self: DedicatedWorkerGlobalScope

DOMAdapter.set(WebWorkerAdapter)
capBatchTextures()

const post = (message: FromWorker) => self.postMessage(message)
const i18n = i18next.createInstance()
const audio: AudioService = { play: (name) => post({ type: 'audio', name }), muted: false }

let app: Application | null = null
let host: SceneHost<unknown> | null = null
/** The newest state and size, kept while the scene mounts (messages keep coming meanwhile). */
let latest: unknown = null
let size = { width: 1, height: 1 }
let feed: ((state: unknown) => void) | null = null

async function mount(m: Extract<ToWorker, { type: 'mount' }>): Promise<void> {
  latest = m.state
  size = { width: m.width, height: m.height }
  await i18n.init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: Object.fromEntries(Object.entries(m.tables).map(([lng, table]) => [lng, { translation: table }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  const def = await loadScene(m.sceneId)
  if (!def) throw new Error(`no scene ${m.sceneId}`)
  const pixi = new Application()
  await pixi.init({ canvas: m.canvas, width: size.width, height: size.height, resolution: m.resolution, autoDensity: false, preference: 'webgl', antialias: false, backgroundAlpha: 0 })
  app = pixi
  const clock = m.fixedTime === null ? realClock : fixedClock(m.fixedTime)
  host = new SceneHost(pixi)
  host.mount({
    def,
    motion: m.motion,
    seed: m.seed,
    clock,
    t: (key, params) => i18n.t(key, params),
    audio,
    tuning: m.tuning,
    source: (apply) => {
      feed = apply
      return { initial: latest, stop: () => (feed = null) }
    },
  })
  // A size or state that arrived while mounting.
  if (pixi.screen.width !== size.width || pixi.screen.height !== size.height) pixi.renderer.resize(size.width, size.height)
  if (latest !== m.state) feed?.(latest)
  post({ type: 'ready', batchTextures: pixi.renderer.limits.maxBatchableTextures })
}

function handle(m: ToWorker): void {
  switch (m.type) {
    case 'mount':
      mount(m).catch((err: unknown) => post({ type: 'failed', message: String(err) }))
      return
    case 'state':
      latest = shareUnchanged(latest, m.state)
      feed?.(latest)
      return
    case 'resize':
      size = { width: m.width, height: m.height }
      app?.renderer.resize(m.width, m.height)
      return
    case 'table':
      i18n.addResourceBundle(m.lng, 'translation', m.table, true, true)
      return
    case 'active':
      host?.setActive(m.active)
      return
    case 'render':
      host?.render()
      post({ type: 'rendered', id: m.id })
      return
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => handle(e.data)
