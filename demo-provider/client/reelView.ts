/**
 * The reels as the page uses them: drawn by a worker that owns their canvas where the browser
 * allows it (reelWorker.ts: a spin's frames then cost the page's main thread nothing), else by the
 * scene on the page's thread (reels.ts). A worker that fails, at start or later, hands over to the
 * page's thread with the reels where they were last told to stop. `?stage=page` keeps them on the
 * page (the fallback, tested). The page loads Pixi only for that fallback.
 */
import type { LineWin } from '../shared/slotMath'
import type { FromReels, ToReels } from './reelProtocol'
import type { ReelScene } from './reels'
import reelWorkerUrl from './reelWorker.ts?worker&url'

export interface ReelViewOptions {
  /** The box the canvas fills. */
  host: HTMLElement
  reelColor: number
  reelAlpha: number
  /** The symbol atlas (symbols.ts). */
  atlas: HTMLCanvasElement
  reduced: boolean
  stops: readonly number[]
}

/** A worker may own the canvas: OffscreenCanvas, workers and ImageBitmap are there. */
function offscreenPossible(): boolean {
  return (
    typeof OffscreenCanvas !== 'undefined' &&
    typeof Worker !== 'undefined' &&
    typeof createImageBitmap === 'function' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype &&
    new URLSearchParams(location.search).get('stage') !== 'page'
  )
}

/**
 * The reels' worker. The page runs sandboxed, in an origin of its own that matches no address (so
 * its scripts can never read the casino's storage), and a worker's script must be of the page's
 * origin: the worker is a blob of the page's own that loads the built worker file (one classic
 * script, demo-provider/vite.config.ts; the server lets any origin read the provider's files).
 * Chromium starts no module worker from such a page's blob, not even an empty one: a classic one.
 */
function newReelWorker(): Worker {
  const source = `importScripts(${JSON.stringify(new URL(reelWorkerUrl, location.href).href)})`
  const blob = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))
  try {
    return new Worker(blob)
  } finally {
    // The worker holds what it needs of the blob once made.
    setTimeout(() => URL.revokeObjectURL(blob), 60_000)
  }
}

const boxSize = (host: HTMLElement) => ({ width: Math.max(1, host.clientWidth), height: Math.max(1, host.clientHeight) })
const resolution = () => Math.min(window.devicePixelRatio || 1, 2)

export class ReelView {
  private worker: Worker | null = null
  private canvas: HTMLCanvasElement | null = null
  private page: ReelScene | null = null
  /** Where the reels were last told to stop (what a page scene taking over shows). */
  private stops: readonly number[]
  private wins: readonly LineWin[] = []
  private onStep: ((win: LineWin | null) => void) | null = null
  private readonly landings = new Map<number, () => void>()
  private nextLanding = 0

  private constructor(private readonly opts: ReelViewOptions) {
    this.stops = opts.stops
    new ResizeObserver(() => {
      const { width, height } = boxSize(opts.host)
      if (this.worker) this.send({ type: 'resize', width, height })
      else this.page?.resize(width, height)
    }).observe(opts.host)
  }

  /**
   * The reels, drawn once they are ready (by the worker, or on the page when it cannot). The host's
   * `data-thread` says which thread draws them (tests read it), a later takeover included.
   */
  static async start(opts: ReelViewOptions): Promise<ReelView> {
    const view = new ReelView(opts)
    if (offscreenPossible() && (await view.startWorker())) opts.host.dataset.thread = 'worker'
    else await view.startPage()
    return view
  }

  /** Starts the reels spinning (reduced motion: they only dim). */
  spin(): void {
    this.wins = []
    if (this.worker) this.send({ type: 'spin' })
    else this.page?.spin()
  }

  /** Brings the reels to rest on `stops`; resolves once every reel stands still. */
  land(stops: readonly number[]): Promise<void> {
    this.stops = stops
    if (this.page) return this.page.land(stops)
    if (!this.worker) return Promise.resolve()
    const id = this.nextLanding++
    return new Promise((resolve) => {
      this.landings.set(id, resolve)
      this.send({ type: 'land', id, stops })
    })
  }

  /** Shows a spin's wins (all lines, then each in turn, until the next spin); `onStep` hears which one shows. */
  showWins(wins: readonly LineWin[], onStep: (win: LineWin | null) => void): void {
    this.wins = wins
    this.onStep = onStep
    if (this.worker) this.send({ type: 'showWins', wins })
    else this.page?.showWins(wins, onStep)
  }

  /** Whether wins are on show. */
  get hasWins(): boolean {
    return this.wins.length > 0
  }

  clearWins(): void {
    this.wins = []
    if (this.worker) this.send({ type: 'clearWins' })
    else this.page?.clearWins()
  }

  // -------------------------------------------------------------------------------------------

  private send(message: ToReels, transfer: Transferable[] = []): void {
    this.worker?.postMessage(message, transfer)
  }

  /** Hands the canvas to a worker; resolves whether it draws (false: nothing of it is left). */
  private async startWorker(): Promise<boolean> {
    const { host } = this.opts
    let atlas: ImageBitmap
    try {
      atlas = await createImageBitmap(this.opts.atlas)
    } catch {
      return false
    }
    let worker: Worker
    try {
      worker = newReelWorker()
    } catch {
      return false
    }
    const canvas = this.placeCanvas(document.createElement('canvas'))
    const offscreen = canvas.transferControlToOffscreen()
    this.worker = worker
    this.canvas = canvas
    // Until it is ready a failure means "draw on the page"; after, the page takes the reels over.
    let settle: ((ok: boolean) => void) | null = null
    const ready = new Promise<boolean>((resolve) => (settle = resolve))
    const failed = (reason: string) => {
      // Said in the console: a fallback in the field shows why.
      console.warn('reels worker:', reason)
      if (settle) return settle(false)
      this.dropWorker()
      void this.startPage()
    }
    worker.onerror = (e) => failed(e.message)
    worker.onmessage = (e: MessageEvent<FromReels>) => {
      const m = e.data
      if (m.type === 'ready') settle?.(true)
      else if (m.type === 'failed') failed(m.message)
      else if (m.type === 'landed') {
        this.landings.get(m.id)?.()
        this.landings.delete(m.id)
      } else if (m.type === 'step') this.onStep?.(m.index === null ? null : (this.wins[m.index] ?? null))
    }
    const { width, height } = boxSize(host)
    this.send({ type: 'mount', canvas: offscreen, width, height, resolution: resolution(), reelColor: this.opts.reelColor, reelAlpha: this.opts.reelAlpha, atlas, reduced: this.opts.reduced, stops: this.stops }, [offscreen, atlas])
    const ok = await ready
    settle = null
    if (!ok) this.dropWorker()
    return ok
  }

  private dropWorker(): void {
    this.worker?.terminate()
    this.worker = null
    this.canvas?.remove()
    this.canvas = null
    // Whoever waits for the reels to land is not left waiting.
    for (const done of this.landings.values()) done()
    this.landings.clear()
  }

  /** The scene on the page's thread, on the stops last asked for. */
  private async startPage(): Promise<void> {
    const [{ ReelScene }, { atlasSource, atlasTextures }] = await Promise.all([import('./reels'), import('./atlas')])
    const { width, height } = boxSize(this.opts.host)
    const scene = await ReelScene.create({
      width,
      height,
      resolution: resolution(),
      reelColor: this.opts.reelColor,
      reelAlpha: this.opts.reelAlpha,
      textures: atlasTextures(atlasSource(this.opts.atlas)),
      reduced: this.opts.reduced,
      stops: this.stops,
    })
    this.placeCanvas(scene.canvas as HTMLCanvasElement)
    this.page = scene
    this.opts.host.dataset.thread = 'page'
  }

  private placeCanvas(canvas: HTMLCanvasElement): HTMLCanvasElement {
    canvas.setAttribute('aria-hidden', 'true')
    this.opts.host.appendChild(canvas)
    return canvas
  }
}
