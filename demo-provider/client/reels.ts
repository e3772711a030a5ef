/**
 * The reels: a Pixi scene of five columns of symbol sprites over the theme's reel backs, the win
 * lines and the frames of winning cells on top. The scene renders only while something moves
 * (spinning reels, pulsing wins); a still scene is rendered once after each change. It runs where
 * its canvas is: in the reels' worker (reelWorker.ts) on the canvas the page handed over, or on the
 * page's own thread (reelView.ts chooses); it never touches the DOM.
 */
// Before any renderer exists: shaders built without eval, as the page's policy forbids it.
import 'pixi.js/unsafe-eval'
import { Application, Container, ExtensionType, extensions, GlLimitsSystem, Graphics, Rectangle, Sprite, Texture } from 'pixi.js'
import { LINES, REELS, ROWS, type LineWin } from '../shared/slotMath'
import { lineColor } from './format'
import { cruiseAfter, planStop, reelWindow, SPIN_TIMING, startTravel, stopTravel, wrap, type StopPlan } from './reelMath'
import type { SymbolTextures } from './atlas'
import { TEXTURE_SIZE } from './atlasLayout'

/** Least spin time before the reels may start stopping (s). */
const MIN_SPIN = 0.3
/** Stop plan length of the first reel, and how much later each next reel stops (s). */
const FIRST_STOP = 1.0
const STOP_STAGGER = 0.16
/** Delay between the reels' starts (s). */
const START_STAGGER = 0.06
/** How long the win cycle shows all lines together, and then each line (ms). */
const ALL_LINES_MS = 1800
const ONE_LINE_MS = 1400

/** A cell's key in the set of lit cells. */
const litKey = (reel: number, row: number) => reel * 8 + row

type ReelState =
  | { kind: 'still' }
  | { kind: 'spinning'; started: number; from: number }
  | { kind: 'stopping'; started: number; from: number; plan: StopPlan; stop: number }

/** A sprite of a reel, with a texture of its own: a frame of the symbol atlas, cut to the reel window. */
interface Cell {
  sprite: Sprite
  texture: Texture
  /** What the texture shows now: the atlas picture's x and y, and the rows cut from it. */
  shows: { x: number; y: number; top: number; bottom: number }
}

interface Reel {
  strip: (typeof REELS)[number]
  pos: number
  cells: Cell[]
  state: ReelState
  fast: boolean
}

export interface SceneOptions {
  /** The canvas to draw on (the one a worker was handed); none: Pixi makes one (`ReelScene.canvas`). */
  canvas?: OffscreenCanvas
  /** The reel box's size in CSS pixels, and device pixels per CSS pixel. */
  width: number
  height: number
  resolution: number
  /** The colour behind each reel, and its opacity (the theme's). */
  reelColor: number
  reelAlpha: number
  textures: SymbolTextures
  reduced: boolean
  stops: readonly number[]
}

/**
 * One texture per draw call: Pixi's batch shader picks a pixel's texture with an if-chain over up to
 * 32 samplers, and GPUs that run every branch (SwiftShader, some phones) then sample them all for
 * each pixel. The reels draw a few sprites, so a few more draw calls cost less (the app's scenes do
 * the same: src/client/engine/batchTextures.ts). Its priority puts it after every other system of
 * the renderer: a new context reaches it once the context system has handed the context to the
 * renderer (in the worker's bundle, Pixi's WebGL systems are listed after it otherwise).
 */
class OneTexturePerDraw extends GlLimitsSystem {
  static override extension = { type: [ExtensionType.WebGLSystem], name: 'limits', priority: -100 } as const
  override contextChange(): void {
    super.contextChange()
    this.maxBatchableTextures = 1
  }
}

export class ReelScene {
  private readonly reels: Reel[]
  private readonly backs = new Graphics()
  private readonly board = new Container()
  private readonly lineLayer = new Graphics()
  private readonly frameLayer = new Graphics()
  private cell = 0
  private gap = 0
  private originX = 0
  private originY = 0
  private busy = 0
  private renderQueued = false
  /** Seconds since the scene started, advanced by the ticker. */
  private now = 0
  private pending: { stops: readonly number[]; done: () => void } | null = null
  /** Called once the planned stops are all reached. */
  private afterStop: (() => void) | null = null
  private spinStarted = 0
  /** Winning cells currently highlighted (litKey), and the wins on show. */
  private lit = new Set<number>()
  private wins: readonly LineWin[] = []
  private shown: readonly LineWin[] = []
  private cycleTimer: ReturnType<typeof setTimeout> | undefined
  private pulsing = false
  private width: number
  private height: number

  private constructor(
    private readonly app: Application,
    private readonly opts: SceneOptions,
  ) {
    this.width = opts.width
    this.height = opts.height
    this.reels = REELS.map((strip, i) => ({
      strip,
      pos: opts.stops[i] ?? 0,
      cells: Array.from({ length: ROWS + 1 }, () => {
        const texture = new Texture({
          source: opts.textures.source,
          frame: new Rectangle(0, 0, TEXTURE_SIZE, TEXTURE_SIZE),
          orig: new Rectangle(0, 0, TEXTURE_SIZE, TEXTURE_SIZE),
          trim: new Rectangle(0, 0, TEXTURE_SIZE, TEXTURE_SIZE),
          dynamic: true,
        })
        const sprite = new Sprite(texture)
        sprite.anchor.set(0.5)
        return { sprite, texture, shows: { x: -1, y: -1, top: 0, bottom: 0 } }
      }),
      state: { kind: 'still' },
      fast: false,
    }))
    for (const reel of this.reels) this.board.addChild(...reel.cells.map((c) => c.sprite))
    app.stage.addChild(this.backs, this.board, this.frameLayer, this.lineLayer)
    app.ticker.add((ticker) => this.update(ticker.deltaMS / 1000))
    this.layout()
  }

  static async create(opts: SceneOptions): Promise<ReelScene> {
    extensions.remove(GlLimitsSystem)
    extensions.add(OneTexturePerDraw)
    const app = new Application()
    await app.init({
      ...(opts.canvas ? { canvas: opts.canvas } : {}),
      preference: 'webgl',
      width: Math.max(1, opts.width),
      height: Math.max(1, opts.height),
      // No multisampling: the reels are sprites with smooth textures, and MSAA costs phones' GPUs every frame.
      antialias: false,
      backgroundAlpha: 0,
      resolution: opts.resolution,
      // The page sizes the canvas element by CSS (a worker's canvas has no style to set).
      autoDensity: false,
      autoStart: false,
      sharedTicker: false,
      // Not Pixi's optional browser extensions (accessibility, events, DOM, filters): the scene needs
      // none, and Pixi's accessibility layer would add its own English, focusable "hook" button on
      // phones; the page's DOM twin (main.ts) is what assistive technology reads.
      skipExtensionImports: true,
    })
    return new ReelScene(app, opts)
  }

  /** The canvas drawn on (a page's scene: to put in the page). */
  get canvas(): HTMLCanvasElement | OffscreenCanvas {
    return this.app.canvas
  }

  /** The reel box's new size in CSS pixels. */
  resize(width: number, height: number): void {
    this.width = width
    this.height = height
    this.layout()
  }

  /** Puts the reels on `stops` at once (no motion). */
  setStops(stops: readonly number[]): void {
    this.reels.forEach((reel, i) => {
      reel.pos = stops[i] ?? 0
      reel.state = { kind: 'still' }
      reel.fast = false
    })
    this.placeSprites()
    this.requestRender()
  }

  /** Starts the reels spinning (left to right). With reduced motion they stay and only dim. */
  spin(): void {
    this.clearWins()
    if (this.opts.reduced) {
      this.board.alpha = 0.55
      this.requestRender()
      return
    }
    this.spinStarted = this.now
    this.reels.forEach((reel, i) => {
      reel.state = { kind: 'spinning', started: this.now + i * START_STAGGER, from: reel.pos }
    })
    this.hold()
  }

  /**
   * Brings the reels to rest on `stops`, left to right, along their real strips. Resolves once
   * every reel stands still. Without a spin under way (or with reduced motion) the reels swap at once.
   */
  land(stops: readonly number[]): Promise<void> {
    const spinning = this.reels.some((r) => r.state.kind !== 'still')
    if (this.opts.reduced || !spinning) {
      this.board.alpha = 1
      this.setStops(stops)
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      this.pending = { stops, done: resolve }
    })
  }

  /**
   * Shows the wins of a spin: all winning lines at once, then each line in turn, over and over
   * until the next spin; `onStep` hears which line is on show (null: all of them).
   */
  showWins(wins: readonly LineWin[], onStep: (win: LineWin | null) => void): void {
    this.clearWins()
    if (wins.length === 0) return
    this.wins = wins
    const steps: (LineWin | null)[] = wins.length > 1 ? [null, ...wins] : [null]
    let index = 0
    const show = () => {
      const step = steps[index % steps.length] ?? null
      this.highlight(step === null ? wins : [step])
      onStep(step)
      if (steps.length > 1) this.cycleTimer = setTimeout(show, step === null ? ALL_LINES_MS : ONE_LINE_MS)
      index++
    }
    show()
    if (!this.opts.reduced) {
      this.pulsing = true
      this.hold()
    }
  }

  /** Removes the win lines and frames. */
  clearWins(): void {
    clearTimeout(this.cycleTimer)
    this.cycleTimer = undefined
    this.wins = []
    this.highlight([])
    if (this.pulsing) {
      this.pulsing = false
      this.release()
    }
  }

  // -------------------------------------------------------------------------------------------

  private highlight(shown: readonly LineWin[]): void {
    this.shown = shown
    this.lit = new Set(shown.flatMap((w) => (LINES[w.line - 1] ?? []).slice(0, w.count).map((row, reel) => litKey(reel, row))))
    this.drawOverlay()
    this.placeSprites()
    this.requestRender()
  }

  private layout(): void {
    const w = Math.max(1, this.width)
    const h = Math.max(1, this.height)
    if (this.app.renderer.width !== w || this.app.renderer.height !== h) this.app.renderer.resize(w, h)
    const pad = Math.max(4, Math.round(w * 0.025))
    this.gap = Math.max(2, Math.round(w * 0.012))
    const cols = REELS.length
    this.cell = Math.max(1, Math.min((w - 2 * pad - (cols - 1) * this.gap) / cols, (h - 2 * pad) / ROWS))
    const gridW = cols * this.cell + (cols - 1) * this.gap
    const gridH = ROWS * this.cell
    this.originX = (w - gridW) / 2
    this.originY = (h - gridH) / 2

    const radius = this.cell * 0.16
    this.backs.clear()
    this.reels.forEach((_, i) => {
      this.backs.roundRect(this.reelX(i) - 2, this.originY - 3, this.cell + 4, gridH + 6, radius).fill({ color: this.opts.reelColor, alpha: this.opts.reelAlpha })
    })
    // A soft shade at the window's top and bottom edge, where symbols enter and leave.
    this.backs.rect(this.originX - this.gap, this.originY - 3, gridW + 2 * this.gap, this.cell * 0.08).fill({ color: 0x000000, alpha: 0.25 })
    this.backs.rect(this.originX - this.gap, this.originY + gridH + 3 - this.cell * 0.08, gridW + 2 * this.gap, this.cell * 0.08).fill({ color: 0x000000, alpha: 0.25 })
    this.placeSprites()
    this.drawOverlay()
    this.app.render()
  }

  private reelX(reel: number): number {
    return this.originX + reel * (this.cell + this.gap)
  }

  private cellCentre(reel: number, row: number): [number, number] {
    return [this.reelX(reel) + this.cell / 2, this.originY + (row + 0.5) * this.cell]
  }

  private drawOverlay(): void {
    const lines = this.lineLayer.clear()
    const frames = this.frameLayer.clear()
    const c = this.cell
    for (const win of this.shown) {
      const rows = LINES[win.line - 1]
      if (!rows) continue
      const color = lineColor(win.line)
      for (let reel = 0; reel < win.count; reel++) {
        const [x, y] = this.cellCentre(reel, rows[reel] ?? 0)
        frames.roundRect(x - c / 2 + 1.5, y - c / 2 + 1.5, c - 3, c - 3, c * 0.17).stroke({ width: Math.max(2, c * 0.045), color, alignment: 1 })
      }
      const points = rows.map((row, reel) => this.cellCentre(reel, row))
      const first = points[0]
      const last = points[points.length - 1]
      if (!first || !last) continue
      const path = (g: Graphics) => {
        g.moveTo(first[0] - c * 0.5, first[1])
        for (const [x, y] of points) g.lineTo(x, y)
        g.lineTo(last[0] + c * 0.5, last[1])
      }
      path(lines)
      lines.stroke({ width: Math.max(6, c * 0.16), color, alpha: 0.28, cap: 'round', join: 'round' })
      path(lines)
      lines.stroke({ width: Math.max(2.5, c * 0.055), color, alpha: 0.95, cap: 'round', join: 'round' })
      path(lines)
      lines.stroke({ width: Math.max(1, c * 0.018), color: 0xffffff, alpha: 0.7, cap: 'round', join: 'round' })
      lines.circle(first[0] - c * 0.5, first[1], Math.max(4, c * 0.085)).fill(color).stroke({ width: 1.5, color: 0xffffff })
    }
  }

  /**
   * Places and skins every sprite from its reel's position (and the win highlight and pulse). A
   * symbol half out of the reel window shows only its part inside: its texture's frame is cut to
   * the window (no mask: a stencil mask splits the board's one draw call into several).
   */
  private placeSprites(): void {
    const scale = this.cell / TEXTURE_SIZE
    const pulse = this.pulsing ? 1 + 0.06 * (0.5 - 0.5 * Math.cos(this.now * Math.PI * 2.4)) : 1
    const dimOthers = this.lit.size > 0
    this.reels.forEach((reel, i) => {
      const window = reelWindow(reel.strip, reel.pos)
      const x = this.reelX(i) + this.cell / 2
      window.forEach((cell, j) => {
        const slot = reel.cells[j]
        if (!slot) return
        const { sprite, texture, shows } = slot
        const picture = (reel.fast ? this.opts.textures.blur : this.opts.textures.sharp)[cell.symbol].frame
        // The part of the cell inside rows 0..ROWS, in texture pixels from the picture's top.
        const top = Math.min(TEXTURE_SIZE, Math.max(0, -cell.row * TEXTURE_SIZE))
        const bottom = Math.max(top, Math.min(TEXTURE_SIZE, (ROWS - cell.row) * TEXTURE_SIZE))
        // A cell whose picture and cut stay as they were keeps its texture untouched.
        if (shows.x !== picture.x || shows.y !== picture.y || shows.top !== top || shows.bottom !== bottom) {
          const shown = Math.max(1, bottom - top)
          texture.frame.copyFrom(picture)
          texture.frame.y += top
          texture.frame.height = shown
          texture.trim.y = top
          texture.trim.height = shown
          texture.update()
          shows.x = picture.x
          shows.y = picture.y
          shows.top = top
          shows.bottom = bottom
        }
        sprite.position.set(x, this.originY + (cell.row + 0.5) * this.cell)
        const lit = reel.state.kind === 'still' && this.lit.has(litKey(i, Math.round(cell.row)))
        sprite.scale.set(scale * (lit ? pulse : 1))
        // A cell wholly out of the window stays in the board's draw call, unseen.
        sprite.alpha = bottom <= top ? 0 : dimOthers && !lit ? 0.35 : 1
        // The lit cells draw above their neighbours, so a pulse is never covered.
        sprite.zIndex = lit ? 1 : 0
      })
    })
    this.board.sortableChildren = this.lit.size > 0
  }

  private update(dt: number): void {
    // A long pause (a hidden tab) must not jump the reels: a frame counts at most 1/20 s.
    this.now += Math.min(dt, 0.05)
    if (this.pending && this.now - this.spinStarted >= MIN_SPIN && this.reels.every((r) => r.state.kind !== 'spinning' || this.now - r.state.started >= cruiseAfter())) {
      const { stops, done } = this.pending
      this.pending = null
      this.reels.forEach((reel, i) => {
        const stop = stops[i] ?? 0
        const plan = planStop(reel.pos, stop, reel.strip.length, FIRST_STOP + i * STOP_STAGGER)
        reel.state = { kind: 'stopping', started: this.now, from: reel.pos, plan, stop }
      })
      this.afterStop = done
    }
    let moving = false
    for (const reel of this.reels) {
      const s = reel.state
      if (s.kind === 'spinning') {
        const t = this.now - s.started
        reel.pos = s.from - startTravel(t)
        reel.fast = t > SPIN_TIMING.liftTime + SPIN_TIMING.accelTime / 2
        moving = true
      } else if (s.kind === 'stopping') {
        const r = stopTravel(s.plan, this.now - s.started)
        reel.fast = r.fast
        if (r.done) {
          reel.pos = s.stop
          reel.state = { kind: 'still' }
        } else {
          reel.pos = s.from - r.travel
          moving = true
        }
      }
    }
    // Keep positions small (they only matter modulo the strip).
    for (const reel of this.reels) if (reel.state.kind === 'still') reel.pos = wrap(Math.round(reel.pos), reel.strip.length)
    this.placeSprites()
    if (!moving && this.afterStop) {
      const done = this.afterStop
      this.afterStop = null
      this.release()
      done()
    }
  }

  /** Keeps the ticker (and so rendering) running while anything moves. */
  private hold(): void {
    if (this.busy++ === 0) this.app.ticker.start()
  }

  private release(): void {
    if (this.busy > 0 && --this.busy === 0) {
      this.app.ticker.stop()
      this.placeSprites()
      this.app.render()
    }
  }

  private requestRender(): void {
    if (this.busy > 0 || this.renderQueued) return
    this.renderQueued = true
    requestAnimationFrame(() => {
      this.renderQueued = false
      if (this.busy === 0) this.app.render()
    })
  }
}
