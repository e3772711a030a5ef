/**
 * What every shared-round scene (Double, Row Double, Lucky Color) shares: its state, the phase of
 * the round at a moment, the countdown, the running totals, the win's payout counter and sparks,
 * and the sounds. A game's scene draws its own board (the wheel, the strip, the balls) over it.
 * Worker-safe: no DOM, no store; times are this device's clock (the page turns the server's
 * times into it).
 */
import { Container, Graphics, GraphicsContext, Text } from 'pixi.js'
import type { Locale } from '../../../shared/locales'
import { easeOutCubic } from '../../engine/easing'
import { GlyphText } from '../../engine/GlyphText'
import { pick } from '../../engine/random'
import { colorOf, counterElapsed, isolated, setTint } from '../../engine/renderCost'
import { SparkPool } from '../../engine/sparks'
import type { Scene, SceneContext, Viewport } from '../../engine/types'
import { formatMoney } from '../../format/format'
import { phaseAt, secondsLeft, type RoundPhase } from './roundPhase'
import type { RoundSceneState } from './types'


export const FONT = 'DejaVu Sans, sans-serif'
const POOL = 36
/** The countdown ring redraws at this step (its geometry is rebuilt each time). */
const RING_STEP_MS = 100

/** The base of a round scene: a subclass draws its board in `drawBoard` and places things in `layoutBoard`. */
export abstract class RoundScene implements Scene<RoundSceneState> {
  abstract readonly id: string
  readonly bundles = [] as const
  protected ctx!: SceneContext
  protected state!: RoundSceneState
  protected view: Viewport = { width: 0, height: 0 }
  /** The board (the subclass's), under the countdown and the texts. */
  protected readonly board = new Container({ label: 'board' })
  protected readonly ring = new Graphics()
  protected readonly countdown = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 40, anchorX: 0.5 })
  protected readonly payoutText = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 22, anchorX: 0.5 })
  /** A word under the countdown: "Apostas abertas", "Sorteando...", the result's name. */
  protected readonly caption = new Text({ text: '', style: { fontFamily: FONT, fontSize: 13, fill: 0xffffff, fontWeight: 'bold' } })
  private sparks!: SparkPool
  private readonly sparkArt = new GraphicsContext().star(0, 0, 5, 6, 3).fill(0xffffff)
  /** When the draw started for this device (clock ms), planned when the roll arrived. */
  protected drawStart = 0
  /** The round whose win was celebrated (once). */
  private celebrated: string | null = null
  private payoutAt: number | null = null
  private payoutKey = ''
  private ringKey = ''
  private seconds = -1
  private captionKey = ''
  private lastFrame: number | null = null
  /** The phase the last frame drew: a frame that enters a new phase is drawn, even if nothing moves in it. */
  private lastPhase: RoundPhase | null = null

  mount(ctx: SceneContext): void {
    this.ctx = ctx
    this.caption.anchor.set(0.5, 0)
    this.payoutText.visible = false
    this.sparks = new SparkPool(POOL, () => this.sparkArt)
    ctx.root.addChild(this.board, isolated(this.ring), this.countdown, this.caption, this.payoutText, this.sparks.container)
    this.mountBoard()
    ctx.dispose(() => this.sparks.destroy())
  }

  update(state: Readonly<RoundSceneState>, prev?: Readonly<RoundSceneState>): void {
    this.state = state
    const newRound = prev?.roundId !== state.roundId
    const rollArrived = state.roll !== null && (newRound || prev?.roll === null || prev === undefined)
    if (newRound) {
      this.payoutAt = null
      this.payoutText.visible = false
    }
    if (newRound) this.restBoard()
    if (rollArrived) {
      const now = this.ctx.clock.now()
      // Opened mid-draw (or a snapshot): the draw runs on the round's own clock, as everyone sees it.
      this.drawStart = prev === undefined || newRound ? state.bettingEndsAt : Math.max(state.bettingEndsAt, Math.min(now, state.drawEndsAt))
      this.planDraw(state.roll as number, this.drawStart, state.drawEndsAt)
      if (this.ctx.motion !== 'none' && now < state.drawEndsAt) this.ctx.audio.play('click')
    }
    this.onState(state)
    if (this.view.width > 0) this.frame(this.ctx.clock.now())
  }

  resize(view: Viewport): void {
    this.view = view
    this.layoutBoard(view)
    this.ringKey = ''
    this.payoutKey = ''
    if (this.state) this.frame(this.ctx.clock.now())
  }

  tick(): boolean {
    return this.frame(this.ctx.clock.now())
  }

  unmount(): void {}

  /** Draws the frame at `now`; says whether anything moves. */
  private frame(now: number): boolean {
    const s = this.state
    const phase = phaseAt(s, now)
    const dt = this.lastFrame === null || this.ctx.motion === 'none' ? 1e6 : Math.min(100, Math.max(0, now - this.lastFrame))
    this.lastFrame = now
    // The draw's end turns the caption to the result and the hub to its colour, with nothing moving after.
    const entered = phase !== this.lastPhase
    this.lastPhase = phase
    let moving = entered || phase === 'betting' || phase === 'drawing'
    this.drawCountdown(phase, now)
    moving = this.drawBoard(phase, now, dt) || moving
    if (phase === 'result' && s.payout > 0 && this.celebrated !== s.roundId && s.roundId !== null) {
      this.celebrated = s.roundId
      this.payoutAt = this.ctx.motion === 'none' ? null : now
      if (this.ctx.motion !== 'none') this.ctx.audio.play('win')
      if (this.ctx.motion === 'full') this.burst(now)
    }
    moving = this.drawPayout(phase, now) || moving
    if (this.ctx.motion !== 'none') moving = this.sparks.pose(now, 300, 0.5) || moving
    return moving
  }

  private drawCountdown(phase: RoundPhase, now: number): void {
    const s = this.state
    const { cx, cy, r } = this.ringPlace()
    const betting = phase === 'betting'
    this.ring.visible = betting && r > 0
    this.countdown.visible = betting
    if (betting) {
      const left = secondsLeft(s, now)
      if (left !== this.seconds) {
        if (this.seconds !== -1 && left <= 5 && left > 0 && this.ctx.motion !== 'none') this.ctx.audio.play('tick')
        this.seconds = left
        this.countdown.text = String(left)
      }
      this.countdown.size = Math.max(14, r * 0.9)
      this.countdown.position.set(cx, cy - this.countdown.size * 0.62)
      const stepped = s.bettingEndsAt - Math.ceil((s.bettingEndsAt - now) / RING_STEP_MS) * RING_STEP_MS
      const k = Math.min(1, Math.max(0, (s.bettingEndsAt - stepped) / Math.max(1, s.bettingMs)))
      const key = `${k.toFixed(3)}|${cx}|${cy}|${r}`
      if (key !== this.ringKey) {
        this.ringKey = key
        const urgent = s.bettingEndsAt - now < 5000
        const color = urgent ? String(this.ctx.tuning.urgentColor) : String(this.ctx.tuning.ringColor)
        const width = Math.max(3, r * 0.14)
        this.ring.clear().circle(cx, cy, r).stroke({ color: 0xffffff, alpha: 0.12, width })
        if (k > 0) this.ring.moveTo(cx, cy - r).arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + Math.PI * 2 * k).stroke({ color, width, cap: 'round' })
      }
    } else this.seconds = -1
    const captionKey = `${phase}|${s.locale}|${s.roll}|${this.view.width}`
    if (captionKey !== this.captionKey) {
      this.captionKey = captionKey
      const lng = s.locale
      this.caption.text =
        phase === 'betting'
          ? this.ctx.t('casino.round.sceneBetting', { lng })
          : phase === 'drawing'
            ? this.ctx.t('casino.round.sceneDrawing', { lng })
            : phase === 'result' && s.roll !== null
              ? this.resultCaption(s.roll)
              : this.ctx.t('casino.round.sceneWaiting', { lng })
      const place = this.captionPlace()
      this.caption.anchor.set(place.anchor ?? 0.5, 0)
      this.caption.position.set(place.x, place.y)
      this.caption.style.fontSize = place.size
    }
  }

  /** '+R$ 19,60': counted up once the result shows, at once without motion. */
  private drawPayout(phase: RoundPhase, now: number): boolean {
    const s = this.state
    const show = phase === 'result' && s.payout > 0
    this.payoutText.visible = show
    if (!show) return false
    let k = 1
    if (this.payoutAt !== null) {
      const duration = this.ctx.motion === 'reduced' ? 120 : Number(this.ctx.tuning.payoutMs)
      k = Math.min(1, counterElapsed(now - this.payoutAt) / duration)
      if (k >= 1) this.payoutAt = null
    }
    const cents = Math.round(s.payout * 100 * easeOutCubic(k))
    const place = this.payoutPlace()
    const key = `${s.locale}|${cents}|${place.x}|${place.y}|${place.size}`
    if (key !== this.payoutKey) {
      this.payoutKey = key
      this.payoutText.text = this.ctx.t('casino.winAmount', { value: formatMoney(cents / 100, s.locale), lng: s.locale })
      this.payoutText.size = place.size
      // A board may give the amount a width to stay within (Double: inside the hub's ring); a longer one is drawn smaller.
      const width = this.payoutText.textWidth
      if (place.maxWidth !== undefined && width > place.maxWidth) this.payoutText.size = (place.size * place.maxWidth) / width
      this.payoutText.position.set(place.x, place.y)
      setTint(this.payoutText, colorOf(String(this.ctx.tuning.winColor)))
    }
    return k < 1
  }

  private burst(at: number): void {
    const { tuning, random } = this.ctx
    const count = Math.min(POOL, Number(tuning.sparkles))
    const place = this.payoutPlace()
    const colors = [String(tuning.winColor), '#ffc94d', '#ffffff'] as const
    for (let n = 0; n < count; n++) {
      const angle = random() * Math.PI * 2
      const speed = 60 + random() * 160
      this.sparks.emit(at, {
        x: place.x + (random() - 0.5) * 60,
        y: place.y + place.size / 2,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed - 80,
        life: 450 + random() * 450,
        spin: (random() - 0.5) * 10,
        size: 0.6 + random() * 0.8,
        tint: colorOf(pick(random, colors)),
      })
    }
  }

  /** The subclass: build the board once. */
  protected abstract mountBoard(): void
  /** The subclass: place the board for a size. */
  protected abstract layoutBoard(view: Viewport): void
  /** The subclass: plan the draw onto `roll` from `start` to `end` (clock ms). */
  protected abstract planDraw(roll: number, start: number, end: number): void
  /** The subclass: a new round without a result yet; the board rests where it is. */
  protected abstract restBoard(): void
  /** The subclass: draw the board at `now` (`dt` ms since the last frame); says whether it moves. */
  protected abstract drawBoard(phase: RoundPhase, now: number, dt: number): boolean
  /** The subclass: the result's words ("7 · Vermelho"). */
  protected abstract resultCaption(roll: number): string
  /** Where the countdown ring sits (r 0: no ring). */
  protected abstract ringPlace(): { cx: number; cy: number; r: number }
  /** Where the caption sits (`anchor`: 0 left-aligned, 0.5 centred, the default). */
  protected abstract captionPlace(): { x: number; y: number; size: number; anchor?: number }
  /** Where the win's amount sits (x its centre, y its top); `maxWidth`: the widest it may draw. */
  protected abstract payoutPlace(): { x: number; y: number; size: number; maxWidth?: number }
  /** The subclass: follow the other fields (totals, the period's id). */
  protected abstract onState(state: Readonly<RoundSceneState>): void
}

/** Money figures that count toward new totals; one GlyphText each, reformatted only when the shown cents change. */
export class TotalCounter {
  readonly text: GlyphText
  private shown = 0
  private target = 0
  private key = ''
  private size: number
  /** The widest the figure may draw (px); a longer one is drawn smaller. */
  maxWidth = Infinity

  constructor(size: number) {
    this.size = size
    this.text = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size, anchorX: 0 })
  }

  /** The figure's full size (it shrinks below it to fit maxWidth). */
  setSize(size: number): void {
    this.size = size
    this.key = ''
  }

  set(value: number, instant: boolean): void {
    this.target = value
    if (instant) this.shown = value
  }

  /** Moves toward the target; returns whether it is still moving. */
  step(dtMs: number, locale: Locale): boolean {
    const gap = this.target - this.shown
    if (Math.abs(gap) < 0.005) this.shown = this.target
    else this.shown += gap * Math.min(1, dtMs / 160)
    const cents = Math.round(this.shown * 100)
    const key = `${locale}|${cents}`
    if (key !== this.key) {
      this.key = key
      this.text.text = formatMoney(cents / 100, locale)
      this.text.size = this.size
      const width = this.text.textWidth
      if (width > this.maxWidth) this.text.size = (this.size * this.maxWidth) / width
    }
    return this.shown !== this.target
  }
}
