import { FillGradient, Graphics, GraphicsContext, Text } from 'pixi.js'
import { colorOf, setTint, counterElapsed, isolated } from '../../engine/renderCost'
import { easeOutCubic } from '../../engine/easing'
import { GlyphText } from '../../engine/GlyphText'
import { SparkPool } from '../../engine/sparks'
import { pick } from '../../engine/random'
import type { Scene, SceneContext, SceneDef, TuningSpec, Viewport } from '../../engine/types'
import { formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import { limboFixtures } from './LimboScene.fixtures'
import { countDuration, countValue, curvePoint, fitFontSize, limboLayout, limboProgress, limboScaleTop, type LimboLayout, type Point } from './limboLayout'
import { withSavedValues } from '../../engine/tuning'
import saved from './limbo.tuning.json'
import type { LimboState } from './types'


const limboTuning: TuningSpec = {
  countMs: { value: 1000, min: 200, max: 4000, step: 50 },
  easePower: { value: 3, min: 1, max: 6, step: 0.5 },
  tickMs: { value: 80, min: 30, max: 300, step: 10 },
  flashMs: { value: 450, min: 100, max: 1500, step: 25 },
  payoutMs: { value: 600, min: 100, max: 2000, step: 50 },
  pulseMs: { value: 520, min: 200, max: 1500, step: 20 },
  sparkles: { value: 22, min: 0, max: 40, step: 1 },
  winColor: { value: '#20c997' },
  loseColor: { value: '#ff5d6c' },
  numberColor: { value: '#ffffff' },
  mutedColor: { value: '#9aa6bf' },
  trackColor: { value: '#26314d' },
  cometColor: { value: '#ffc94d' },
  pillColor: { value: '#0b1222' },
}

const FONT = 'DejaVu Sans, sans-serif'
const POOL = 40
const REDUCED_MS = 120
/** Segments of the trail over the whole curve. */
const TRAIL_STEPS = 48

/** One result's animation, in clock ms. `landed` once the count reached the result. */
interface Run {
  at: number
  dur: number
  result: number
  won: boolean
  payout: number
  landed: boolean
  landAt: number
  /** A page opened on an old result replays it without sound. */
  silent: boolean
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v))

/**
 * Limbo: the result multiplier counts up from 1.00 while a comet climbs a trajectory past (or
 * short of) the target's mark, then flashes the outcome's colour; a win adds a burst and a
 * payout counter. It only animates a result already in the store.
 */
class LimboScene implements Scene<LimboState> {
  readonly id = 'limbo'
  readonly bundles = [] as const
  private ctx!: SceneContext
  private layout: LimboLayout | null = null
  private state: Readonly<LimboState> | null = null
  private run: Run | null = null
  /** Clock ms when the pending pulse started; -1 when not pending. */
  private pendingAt = -1
  /** Whether the last frame still moves: when false, tick does nothing until the next update. */
  private moving = false

  /** A soft radial falloff (one layer of overdraw, no filter), tinted per outcome. */
  private readonly glowFill = new FillGradient({
    type: 'radial',
    center: { x: 0.5, y: 0.5 },
    innerRadius: 0,
    outerCenter: { x: 0.5, y: 0.5 },
    outerRadius: 0.5,
    colorStops: [
      { offset: 0, color: 'rgba(255,255,255,0.9)' },
      { offset: 0.45, color: 'rgba(255,255,255,0.4)' },
      { offset: 1, color: 'rgba(255,255,255,0)' },
    ],
    textureSpace: 'local',
    textureSize: 64,
  })
  /** The area under the climb fades out downwards. */
  private readonly areaFill = new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: 'rgba(255,255,255,0.16)' },
      { offset: 1, color: 'rgba(255,255,255,0)' },
    ],
    textureSpace: 'local',
    textureSize: 64,
  })
  private readonly glowArt = new GraphicsContext()
  private readonly cometArt = new GraphicsContext()
  private readonly markArt = new GraphicsContext()
  private readonly ringArt = new GraphicsContext()
  private readonly sparkArts: [GraphicsContext, GraphicsContext] = [new GraphicsContext(), new GraphicsContext()]
  private readonly track = new Graphics()
  private readonly trail = new Graphics()
  private readonly glow = new Graphics(this.glowArt)
  private readonly ring = new Graphics(this.ringArt)
  private readonly mark = new Graphics(this.markArt)
  private readonly comet = new Graphics(this.cometArt)
  private readonly pill = new Graphics()
  private sparks!: SparkPool
  /** Atlas glyphs: the count changes the number every frame, and a canvas Text would re-rasterise and re-upload each time. */
  private readonly number = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 48, anchorX: 0.5, anchorY: 0.5 })
  private targetText!: Text
  private readonly payoutText = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 20, anchorX: 0.5, anchorY: 0.5 })
  /** The value and language the number's text was last formatted for. */
  private numberFor = ''
  private readonly point: Point = { x: 0, y: 0 }
  private trailDrawn = -1
  private payoutCents = -1
  private numberSizeFor = ''
  private lastTick = -Infinity
  private pillDrawn = ''

  mount(ctx: SceneContext): void {
    this.ctx = ctx
    ctx.root.eventMode = 'none'
    const style = { fontFamily: FONT, fontWeight: 'bold' as const, fill: 0xffffff }
    this.targetText = new Text({ text: '', style: { ...style, fontSize: 14 } })
    this.targetText.anchor.set(0.5)
    this.targetText.tint = String(ctx.tuning.mutedColor)
    this.payoutText.tint = String(ctx.tuning.winColor)
    this.payoutText.visible = false
    this.ring.visible = false

    // Unit shapes, tinted per burst: a four-point sparkle and a round spark.
    this.sparkArts[0].poly([0, -5, 1.2, -1.2, 5, 0, 1.2, 1.2, 0, 5, -1.2, 1.2, -5, 0, -1.2, -1.2]).fill(0xffffff)
    this.sparkArts[1].circle(0, 0, 2.6).fill(0xffffff)
    this.sparks = new SparkPool(POOL, (i) => (i % 2 === 0 ? this.sparkArts[0] : this.sparkArts[1]))
    ctx.root.addChild(this.track, this.glow, isolated(this.trail), this.mark, this.comet, this.ring, this.number, this.pill, this.targetText, this.payoutText, this.sparks.container)
  }

  update(state: Readonly<LimboState>, prev?: Readonly<LimboState>): void {
    this.state = state
    const now = this.ctx.clock.now()
    const fresh = state.result !== null && state.rollId !== (prev?.rollId ?? null)
    if (state.result === null) this.run = null
    else if (fresh || !this.run) {
      const settled = this.ctx.motion === 'none'
      const dur = this.reduced ? REDUCED_MS : countDuration(state.result, Number(this.ctx.tuning.countMs))
      // Snapshot mode: the run ended long ago, so every decay is over and nothing moves.
      const at = settled ? now - 1e7 : now
      this.run = { at, dur, result: state.result, won: !!state.won, payout: state.payout, landed: settled, landAt: at + dur, silent: settled || !prev }
      this.payoutCents = -1
    } else if (this.run) {
      // The same result again (a store write elsewhere in the slice): keep its animation.
      this.run.won = !!state.won
      this.run.payout = state.payout
    }
    if (state.pending && this.pendingAt < 0) this.pendingAt = now
    if (!state.pending) this.pendingAt = -1
    this.setTexts()
    this.moving = true
    this.pose(now)
  }

  resize(view: Viewport): void {
    const layout = limboLayout(view)
    this.layout = layout
    this.buildArt(layout)
    this.numberSizeFor = ''
    this.trailDrawn = -1
    this.setTexts()
    this.moving = true
    if (this.state) this.pose(this.ctx.clock.now())
  }

  tick(): boolean {
    if (!this.moving) return false
    this.pose(this.ctx.clock.now())
    return true
  }

  unmount(): void {
    this.ctx.root.removeChildren()
    for (const d of [this.track, this.trail, this.glow, this.ring, this.mark, this.comet, this.pill, this.number, this.targetText, this.payoutText]) d.destroy()
    this.sparks.destroy()
    for (const c of [this.glowArt, this.cometArt, this.markArt, this.ringArt, ...this.sparkArts]) c.destroy()
    this.glowFill.destroy()
    this.areaFill.destroy()
  }

  private get reduced(): boolean {
    return this.ctx.motion === 'reduced'
  }

  private ms(key: string): number {
    return this.reduced ? REDUCED_MS : Number(this.ctx.tuning[key])
  }

  /** Shapes that depend only on the layout: drawn once per resize, then moved, scaled and tinted. */
  private buildArt(l: LimboLayout): void {
    const { tuning } = this.ctx
    const u = l.unit
    const { rx, ry } = l.glow
    this.glowArt.clear()
    this.glowArt.ellipse(0, 0, rx, ry).fill(this.glowFill)
    this.glow.position.set(l.glow.x, l.glow.y)

    this.ringArt.clear().ellipse(0, 0, rx * 0.7, ry * 0.9).stroke({ width: 3 * u, color: 0xffffff })
    this.ring.position.set(l.glow.x, l.glow.y)

    this.cometArt.clear()
    for (const [r, a] of [[11, 0.12], [7, 0.25], [4.5, 0.6]] as const) this.cometArt.circle(0, 0, r * u).fill({ color: 0xffffff, alpha: a })
    this.cometArt.circle(0, 0, 2.6 * u).fill(0xffffff)

    this.markArt.clear().circle(0, 0, 6 * u).stroke({ width: 2 * u, color: 0xffffff }).circle(0, 0, 2.2 * u).fill(0xffffff)

    // The whole trajectory, faint, with a dotted baseline: the way the comet can go.
    const c = l.curve
    this.track.clear()
    for (let x = c.x0; x <= c.x1; x += 10 * u) this.track.circle(x, c.y0, 1 * u)
    this.track.fill({ color: String(tuning.trackColor), alpha: 0.9 })
    this.track.moveTo(c.x0, c.y0).quadraticCurveTo(c.cx, c.cy, c.x1, c.y1).stroke({ width: 2 * u, color: String(tuning.trackColor), cap: 'round' })
  }

  /** Texts that change only with the state (the number changes per frame in pose). */
  private setTexts(): void {
    const l = this.layout
    const s = this.state
    if (!l || !s) return
    const label = this.ctx.t('casino.limbo.targetLabel', { value: `${formatDecimal(s.target, s.locale, 2, false)}×`, lng: s.locale })
    if (this.targetText.text !== label) this.targetText.text = label
    const size = fitFontSize(label, l.target.maxWidth, l.target.size, 9)
    if (this.targetText.style.fontSize !== size) this.targetText.style.fontSize = size
    this.targetText.position.set(l.target.x, l.target.y)
    const w = Math.ceil(this.targetText.width + l.target.h * 0.9)
    const h = l.target.h
    const key = `${w}:${l.target.x}:${l.target.y}:${h}`
    if (key === this.pillDrawn) return
    this.pillDrawn = key
    this.pill
      .clear()
      .roundRect(l.target.x - w / 2, l.target.y - h / 2, w, h, h / 2)
      .fill({ color: String(this.ctx.tuning.pillColor), alpha: 0.85 })
      .roundRect(l.target.x - w / 2 + 0.5, l.target.y - h / 2 + 0.5, w - 1, h - 1, h / 2)
      .stroke({ width: 1, color: 0xffffff, alpha: 0.1 })
  }

  /** The number's font size for a run (fitted to its final text, so it holds still while counting). */
  private sizeNumber(l: LimboLayout, finalText: string): void {
    if (this.numberSizeFor === finalText) return
    this.numberSizeFor = finalText
    const size = fitFontSize(finalText, l.number.maxWidth, l.number.maxSize, 18)
    this.number.size = size
  }

  private pose(now: number): void {
    const l = this.layout
    const s = this.state
    if (!l || !s) return
    const { tuning } = this.ctx
    const { locale } = s
    const run = this.run
    const waiting = s.pending && (!run || run.landed)
    let moving = false

    // The value on show, and how far the landing flash has decayed (1: over).
    let shown = 1
    let shownText = 1
    let counting = false
    let flash = 1
    if (run && !waiting) {
      const k = clamp01((now - run.at) / run.dur)
      shown = countValue(run.result, k, Number(tuning.easePower))
      // The comet climbs every frame; the number steps (a new text rebuilds its glyph geometry).
      shownText = k >= 1 ? shown : countValue(run.result, clamp01(counterElapsed(now - run.at) / run.dur), Number(tuning.easePower))
      counting = k < 1
      if (!counting && !run.landed) this.land(run)
      if (!counting) flash = clamp01((now - run.landAt) / this.ms('flashMs'))
      moving ||= counting || flash < 1
      this.sizeNumber(l, `${formatDecimal(run.result, locale, 2, false)}×`)
    } else this.sizeNumber(l, `${formatDecimal(1, locale, 2, false)}×`)

    const numberFor = `${shownText}|${locale}`
    if (numberFor !== this.numberFor) {
      this.numberFor = numberFor
      const text = `${formatDecimal(shownText, locale, 2, false)}×`
      if (this.number.text !== text) {
        this.number.text = text
        if (counting && run) this.tickSound(run, now)
      }
    }
    const landed = !!run && !waiting && !counting
    const outcome = landed ? String(run.won ? tuning.winColor : tuning.loseColor) : null
    const neutral = String(tuning.numberColor)
    setTint(this.number, colorOf(outcome ?? neutral))

    // Win: a pop and an expanding ring; loss: a short shake.
    let scale = 1
    let dx = 0
    let alpha = 1
    if (landed && flash < 1) {
      if (run.won) scale = 1 + 0.16 * (1 - easeOutCubic(flash))
      else dx = 6 * l.unit * (1 - flash) * Math.sin(flash * Math.PI * 6)
    }
    if (waiting) {
      // Answered at once: the number drops back to 1.00 and breathes until the result arrives.
      const t = this.ctx.motion === 'full' ? now - this.pendingAt : 0
      alpha = 0.5 - 0.2 * Math.cos((t / Number(tuning.pulseMs)) * Math.PI * 2)
      scale = 0.94
      moving ||= this.ctx.motion === 'full'
    }
    this.number.alpha = alpha
    this.number.scale.set(scale)
    this.number.position.set(l.number.x + dx, l.number.y)

    this.ring.visible = landed && run.won && flash < 1 && this.ctx.motion === 'full'
    if (this.ring.visible && outcome !== null) {
      setTint(this.ring, colorOf(outcome))
      this.ring.scale.set(0.7 + 0.6 * easeOutCubic(flash))
      this.ring.alpha = 0.7 * (1 - flash)
    }
    setTint(this.glow, colorOf(outcome ?? (counting ? String(tuning.cometColor) : String(tuning.trackColor))))
    this.glow.alpha = landed ? 0.2 + 0.35 * (1 - flash) ** 2 : counting ? 0.16 : waiting ? alpha * 0.3 : 0.2

    this.poseTrajectory(l, s, shown, outcome, waiting, now)
    this.posePayout(l, s, run, landed, now)
    moving ||= this.sparks.pose(now, 320 * l.unit, 0.5)
    if (landed && run.won && clamp01((now - run.landAt) / this.ms('payoutMs')) < 1) moving = true
    this.moving = moving
  }

  private poseTrajectory(l: LimboLayout, s: Readonly<LimboState>, shown: number, outcome: string | null, waiting: boolean, now: number): void {
    const { tuning } = this.ctx
    const top = limboScaleTop(s.target)
    const p = limboProgress(shown, top)
    curvePoint(l.curve, limboProgress(s.target, top), this.point)
    this.mark.position.set(this.point.x, this.point.y)
    setTint(this.mark, colorOf(outcome ?? String(tuning.mutedColor)))

    curvePoint(l.curve, p, this.point)
    this.comet.position.set(this.point.x, this.point.y)
    setTint(this.comet, colorOf(outcome ?? String(tuning.cometColor)))
    const pulse = waiting && this.ctx.motion === 'full' ? 0.5 + 0.5 * Math.sin(((now - this.pendingAt) / Number(tuning.pulseMs)) * Math.PI * 2) : 0
    this.comet.scale.set(1 + 0.35 * pulse)

    // Redrawn only when the comet moved a segment's worth: a few dozen line segments.
    const steps = Math.round(p * TRAIL_STEPS)
    setTint(this.trail, colorOf(outcome ?? String(tuning.cometColor)))
    if (steps === this.trailDrawn) return
    this.trailDrawn = steps
    this.trail.clear()
    if (steps === 0) return
    const c = l.curve
    // The area under the climb, faint, then the line itself on top.
    this.trail.moveTo(c.x0, c.y0)
    for (let i = 1; i <= steps; i++) {
      curvePoint(c, (i / steps) * p, this.point)
      this.trail.lineTo(this.point.x, this.point.y)
    }
    this.trail.lineTo(this.point.x, c.y0).closePath().fill(this.areaFill)
    this.trail.moveTo(c.x0, c.y0)
    for (let i = 1; i <= steps; i++) {
      curvePoint(c, (i / steps) * p, this.point)
      this.trail.lineTo(this.point.x, this.point.y)
    }
    this.trail.stroke({ width: 3 * l.unit, color: 0xffffff, alpha: 0.9, cap: 'round', join: 'round' })
  }

  private posePayout(l: LimboLayout, s: Readonly<LimboState>, run: Run | null, landed: boolean, now: number): void {
    const show = landed && !!run && run.won && run.payout > 0
    this.payoutText.visible = show
    if (!show) return
    const k = clamp01((now - run.landAt) / this.ms('payoutMs'))
    // The text steps (counterElapsed); the fade-in below stays smooth.
    const kText = clamp01(counterElapsed(now - run.landAt) / this.ms('payoutMs'))
    const cents = kText >= 1 ? Math.round(run.payout * 100) : Math.round(run.payout * 100 * easeOutCubic(kText))
    if (cents !== this.payoutCents) {
      this.payoutCents = cents
      const text = this.ctx.t('casino.limbo.payout', { value: formatMoney(cents / 100, s.locale), lng: s.locale })
      this.payoutText.text = text
      // Sized for the final amount, so the counter does not grow as it runs.
      const final = this.ctx.t('casino.limbo.payout', { value: formatMoney(run.payout, s.locale), lng: s.locale })
      const size = fitFontSize(final, l.payout.maxWidth, l.payout.size, 10)
      this.payoutText.size = size
    }
    setTint(this.payoutText, colorOf(String(this.ctx.tuning.winColor)))
    this.payoutText.position.set(l.payout.x, l.payout.y)
    this.payoutText.alpha = 0.4 + 0.6 * easeOutCubic(Math.min(1, k * 3))
  }

  /** The count reached the result: its sound, and on a win a burst. */
  private land(run: Run): void {
    run.landed = true
    if (!run.silent) this.ctx.audio.play(run.won ? 'win' : 'lose')
    if (run.won && this.ctx.motion === 'full') this.burst(run.landAt)
  }

  /** A tick as the digits run, at most one per tickMs. */
  private tickSound(run: Run, now: number): void {
    if (run.silent || now - this.lastTick < Number(this.ctx.tuning.tickMs)) return
    this.lastTick = now
    this.ctx.audio.play('tick')
  }

  private burst(at: number): void {
    const l = this.layout
    if (!l) return
    const { tuning, random } = this.ctx
    const count = Math.min(POOL, Number(tuning.sparkles))
    const half = Math.min(this.number.width / 2, l.glow.rx)
    const colors = [String(tuning.winColor), String(tuning.cometColor), '#ffffff'] as const
    const u = l.unit
    for (let n = 0; n < count; n++) {
      const angle = random() * Math.PI * 2
      const speed = (70 + random() * 170) * u
      const life = 450 + random() * 450
      const x = l.number.x + (random() - 0.5) * half * 1.6
      const y = l.number.y + (random() - 0.5) * l.number.maxSize * 0.4
      const spin = (random() - 0.5) * 10
      const size = (0.6 + random() * 0.8) * u
      const tint = pick(random, colors)
      this.sparks.emit(at, { x, y, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed - 90 * u, life, spin, size, tint })
    }
  }
}

export const limboSceneDef: SceneDef<LimboState> = {
  id: 'limbo',
  create: () => new LimboScene(),
  fixtures: limboFixtures,
  tuning: withSavedValues(limboTuning, saved),
}
