import type { Container, Renderer } from 'pixi.js'

/** full: everything moves; reduced: prefers-reduced-motion (no drift, instant slides); none: the final frame at once (snapshots). */
export type Motion = 'full' | 'reduced' | 'none'

export interface Viewport {
  width: number
  height: number
}

/** Time in ms; scenes never read Date.now or performance.now directly. */
export interface Clock {
  now(): number
}

type TuningValue = number | string
interface TuningParam {
  value: TuningValue
  /** For numbers: the slider's range and step. Strings are colours. */
  min?: number
  max?: number
  step?: number
}
export type TuningSpec = Record<string, TuningParam>
export type Tuning = Record<string, TuningValue>

export interface TweenScope {
  /** Tweens `target` to `vars` over `seconds`; with motion 'none' it jumps to the end. */
  to(target: object, vars: Record<string, unknown>, seconds: number, ease?: string): void
  killAll(): void
}

/** The synthesised sounds in assets/public/sounds (scripts/make-sounds.mjs). */
export type SoundName = 'click' | 'win' | 'bet' | 'tick' | 'lose' | 'gem' | 'bomb'

export interface AudioService {
  play(name: SoundName): void
  readonly muted: boolean
}

export interface SceneContext {
  root: Container
  /** The stage's renderer (a scene may bake art into textures with it). */
  renderer: Renderer
  clock: Clock
  /** Seeded: the same seed draws the same scene. */
  random: () => number
  tweens: TweenScope
  audio: AudioService
  t: (key: string, params?: Record<string, unknown>) => string
  motion: Motion
  tuning: Tuning
  /** Registers a teardown run at unmount, in reverse order. */
  dispose(fn: () => void): void
}

/** The scene interface of DESIGN.md. */
export interface Scene<S> {
  readonly id: string
  readonly bundles: readonly string[]
  mount(ctx: SceneContext): void
  update(state: Readonly<S>, prev?: Readonly<S>): void
  resize(view: Viewport): void
  /** Advances the animation; returns false when nothing moved this frame (the host then draws no frame). */
  tick?(dtMs: number): boolean
  unmount(): void
}

/** What the registry knows of a scene: how to make it, its named states and its tunable parameters. */
export interface SceneDef<S = unknown> {
  id: string
  create(): Scene<S>
  fixtures: Record<string, S>
  tuning: TuningSpec
  /**
   * A frame-rate ceiling for decorative scenes (0 or absent: every frame). A background that
   * drifts slowly looks the same at 30 fps and costs half the main thread and battery.
   */
  maxFps?: number
}

/** What a page holds of its mounted scene, wherever it runs (this thread or a worker). */
export interface StageHandle<S> {
  /** Feeds a new state (the dev switcher's fixtures). */
  update(state: S): void
  /** Draws one frame now; with a worker, resolves once it is drawn. */
  render(): void | Promise<void>
  /** Stops or restarts the frame loop. */
  setActive(active: boolean): void
}
