import { Container, UPDATE_PRIORITY, type Application, type Ticker } from 'pixi.js'
import { TEST_BUILD } from './determinism'
import { seededRandom } from './random'
import { sameFields } from './sameFields'
import { createTweens } from './tweens'
import type { AudioService, Clock, Motion, Scene, SceneContext, SceneDef, Tuning, Viewport } from './types'

export interface HostOptions<S> {
  def: SceneDef<S>
  motion: Motion
  seed: number
  clock: Clock
  t: SceneContext['t']
  /** The page's sounds (a scene in a worker asks the page to play them). */
  audio: AudioService
  tuning?: Tuning
  /** Where the state comes from: returns the first state and calls `apply` on each change; returns the unsubscribe. */
  source(apply: (state: S) => void): { initial: S; stop(): void }
}

/** Two scene states with the same value in every field (states are flat records of primitives and snapshots). */

/**
 * Mounts one scene on a Pixi application: gives it its context, feeds it state, resizes it with
 * the canvas and ticks it; unmount tears down whatever mount set up.
 */
export class SceneHost<S> {
  private scene: Scene<S> | null = null
  private root: Container | null = null
  private disposers: (() => void)[] = []
  private last: S | undefined
  /** A state or size arrived since the last drawn frame. */
  private dirty = true
  /** Test builds: main-thread ms of each frame's ticker work (scene tick + render), newest last. */
  readonly frameTimes: number[] = []

  constructor(private readonly app: Application) {}

  mount(options: HostOptions<S>): void {
    this.unmount()
    const tweens = createTweens(options.motion)
    const root = new Container({ label: options.def.id })
    this.app.stage.addChild(root)
    this.root = root
    const tuning: Tuning = { ...Object.fromEntries(Object.entries(options.def.tuning).map(([k, p]) => [k, p.value])), ...options.tuning }
    const ctx: SceneContext = {
      root,
      renderer: this.app.renderer,
      clock: options.clock,
      random: seededRandom(options.seed),
      tweens,
      audio: options.audio,
      t: options.t,
      motion: options.motion,
      tuning,
      dispose: (fn) => this.disposers.push(fn),
    }
    this.disposers.push(() => tweens.revert())
    const scene = options.def.create()
    this.scene = scene
    scene.mount(ctx)
    scene.resize(this.viewport())
    const { initial, stop } = options.source((state) => {
      // The store changed in a part this scene does not show (a bet's pending flag, the history): no update, no frame.
      if (this.last !== undefined && sameFields(state, this.last)) return
      scene.update(state, this.last)
      this.last = state
      this.dirty = true
    })
    this.disposers.push(stop)
    scene.update(initial)
    this.last = initial

    const onResize = () => {
      scene.resize(this.viewport())
      this.dirty = true
    }
    this.app.renderer.on('resize', onResize)
    this.disposers.push(() => this.app.renderer?.off('resize', onResize))
    this.app.ticker.maxFPS = options.def.maxFps ?? 0
    if (options.motion !== 'none') this.renderOnDemand(scene, tweens)
    if (TEST_BUILD && options.motion !== 'none') this.measureFrames()
    if (options.motion === 'none') {
      // Snapshot mode: one frame, then nothing moves.
      this.app.ticker.stop()
      this.app.render()
    }
  }

  /**
   * Draws a frame only when something may have moved: a new state or size, a running tween, or a
   * scene tick that did not say it was idle (returned false). A game between bets then costs the
   * main thread nothing; the canvas keeps showing its last frame.
   */
  private renderOnDemand(scene: Scene<S>, tweens: { active(): boolean }): void {
    const app = this.app
    // Pixi's own per-frame render goes; this one decides.
    app.ticker.remove(app.render, app)
    this.dirty = true
    const frame = (ticker: Ticker) => {
      const moved = scene.tick?.(ticker.deltaMS) !== false
      if (moved || this.dirty || tweens.active()) {
        this.dirty = false
        app.render()
      }
    }
    app.ticker.add(frame, undefined, UPDATE_PRIORITY.LOW)
    this.disposers.push(() => {
      app.ticker?.remove(frame)
      app.ticker?.add(app.render, app, UPDATE_PRIORITY.LOW)
    })
  }

  /** The bench reads frameTimes: from the first ticker callback of a frame to the last, after the render. */
  private measureFrames(): void {
    let start = 0
    const begin = () => {
      start = performance.now()
    }
    const end = () => {
      this.frameTimes.push(performance.now() - start)
      if (this.frameTimes.length > 5000) this.frameTimes.splice(0, 1000)
    }
    this.app.ticker.add(begin, undefined, UPDATE_PRIORITY.INTERACTION + 1)
    this.app.ticker.add(end, undefined, UPDATE_PRIORITY.UTILITY - 1)
    this.disposers.push(() => {
      this.app.ticker?.remove(begin)
      this.app.ticker?.remove(end)
    })
  }

  /** Stops or restarts the frame loop (a kept-alive page that is hidden costs nothing). */
  setActive(active: boolean): void {
    if (active && !this.app.ticker.started && this.scene) this.app.ticker.start()
    else if (!active && this.app.ticker.started) this.app.ticker.stop()
  }

  /** Draws one frame now (snapshot mode renders only on demand). */
  render(): void {
    this.app.render()
  }

  /** Feeds a new state (the dev switcher's fixtures). */
  update(state: S): void {
    this.scene?.update(state, this.last)
    this.last = state
    this.dirty = true
  }

  unmount(): void {
    for (const fn of this.disposers.reverse()) fn()
    this.disposers = []
    this.scene?.unmount()
    this.scene = null
    if (this.root) {
      this.root.destroy({ children: true })
      this.root = null
    }
    this.last = undefined
  }

  private viewport(): Viewport {
    return { width: this.app.screen.width, height: this.app.screen.height }
  }
}
