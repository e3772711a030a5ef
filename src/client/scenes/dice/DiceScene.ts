import { Container, Graphics, Text } from 'pixi.js'
import { easeOutCubic } from '../../engine/easing'
import { GlyphText } from '../../engine/GlyphText'
import { colorOf, setTint, counterElapsed } from '../../engine/renderCost'
import { formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import type { Scene, SceneContext, SceneDef, TuningSpec, Viewport } from '../../engine/types'
import { diceFixtures } from './DiceScene.fixtures'
import { diceLayout, type DiceLayout } from './diceLayout'
import { withSavedValues } from '../../engine/tuning'
import saved from './dice.tuning.json'
import type { DiceState } from './types'


/** The payout counter runs this long after the marker lands (ms). */
const PAYOUT_MS = 600

const FONT = 'DejaVu Sans, sans-serif'

const diceTuning: TuningSpec = {
  rollMs: { value: 650, min: 150, max: 2000, step: 50 },
  winColor: { value: '#20c997' },
  loseColor: { value: '#ff5d6c' },
  trackColor: { value: '#26314d' },
  markerColor: { value: '#ffffff' },
}

/**
 * The dice slider: the win zone and the lose zone of the target, and a marker that runs up to
 * each new roll while the number counts to it, then flashes the outcome's colour.
 */
class DiceScene implements Scene<DiceState> {
  readonly id = 'dice'
  readonly bundles = [] as const
  private ctx!: SceneContext
  private layout!: DiceLayout
  private state!: DiceState
  private readonly track = new Graphics()
  private readonly ticks = new Container()
  private readonly marker = new Graphics()
  /** Atlas glyphs: the roll changes the number every frame while it runs. */
  private readonly number = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 48, anchorX: 0.5 })
  private readonly payoutText = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 18, anchorX: 0.5 })
  /** The value and language the number's text was last formatted for. */
  private numberFor = ''
  /** When the payout counter started (clock ms), or null when none is running. */
  private payoutAt: number | null = null
  /** The animation: from -> to over rollMs, started at `at` (clock ms). */
  private anim = { from: 50, to: 50, at: 0, running: false }
  private shown = 50
  /** The number on show: it follows `shown` in COUNTER_STEP_MS steps. */
  private shownText = 50
  /** What the track and the marker were last drawn for (their geometry is rebuilt only when it changes). */
  private trackKey = ''
  private payoutKey = ''
  private markerKey = ''

  mount(ctx: SceneContext): void {
    this.ctx = ctx
    this.payoutText.visible = false
    ctx.root.addChild(this.track, this.ticks, this.marker, this.number, this.payoutText)
  }

  update(state: Readonly<DiceState>, prev?: Readonly<DiceState>): void {
    this.state = state
    if (state.roll !== null && state.rollId !== prev?.rollId) {
      const from = prev?.roll ?? 50
      this.payoutAt = null
      if (this.ctx.motion === 'none') {
        this.anim = { from: state.roll, to: state.roll, at: 0, running: false }
        this.shown = this.shownText = state.roll
      } else {
        this.anim = { from, to: state.roll, at: this.ctx.clock.now(), running: true }
        this.ctx.audio.play('click')
      }
    }
    if (this.layout) this.draw()
  }

  resize(view: Viewport): void {
    this.layout = diceLayout(view)
    this.drawTicks()
    if (this.state) this.draw()
  }

  tick(): boolean {
    if (!this.anim.running) {
      const counting = this.payoutAt !== null
      if (counting) this.drawPayout()
      if (this.state.pending) this.drawPending()
      // Settled and nothing in flight: the last frame stands.
      return counting || this.state.pending
    }
    const duration = this.ctx.motion === 'reduced' ? 120 : Number(this.ctx.tuning.rollMs)
    const k = Math.min(1, (this.ctx.clock.now() - this.anim.at) / duration)
    const eased = easeOutCubic(k)
    this.shown = this.anim.from + (this.anim.to - this.anim.from) * eased
    // The marker glides every frame; the number steps (a new text rebuilds its glyph geometry).
    const kText = Math.min(1, counterElapsed(this.ctx.clock.now() - this.anim.at) / duration)
    this.shownText = this.anim.from + (this.anim.to - this.anim.from) * easeOutCubic(kText)
    if (k >= 1) {
      this.anim.running = false
      this.shown = this.shownText = this.anim.to
      if (this.state.won) {
        this.ctx.audio.play('win')
        this.payoutAt = this.ctx.clock.now()
      } else this.ctx.audio.play('lose')
    }
    this.drawMarker()
    return true
  }

  unmount(): void {}

  private drawTicks(): void {
    this.ticks.removeChildren().forEach((c) => c.destroy())
    const { track, ticks } = this.layout
    for (const t of ticks) {
      const label = new Text({ text: String(t.value), style: { fontFamily: FONT, fontSize: 12, fill: 0x9aa6bf } })
      label.anchor.set(0.5, 0)
      label.position.set(t.x, track.y + track.h + 8)
      this.ticks.addChild(label)
    }
  }

  /** '+R$ 1,96' under the ticks on a win: counted up after the landing, at once without motion. */
  private drawPayout(): void {
    const { payout: place, track } = this.layout
    const s = this.state
    const show = s.won === true && s.payout > 0 && !this.anim.running
    this.payoutText.visible = show
    if (!show) return
    let k = 1
    if (this.payoutAt !== null && this.ctx.motion !== 'none') {
      const duration = this.ctx.motion === 'reduced' ? 120 : PAYOUT_MS
      k = Math.min(1, counterElapsed(this.ctx.clock.now() - this.payoutAt) / duration)
      if (k >= 1) this.payoutAt = null
    }
    const cents = Math.round(s.payout * 100 * easeOutCubic(k))
    const key = `${s.locale}|${cents}`
    if (key !== this.payoutKey) {
      this.payoutKey = key
      const text = this.ctx.t('casino.winAmount', { value: formatMoney(cents / 100, s.locale), lng: s.locale })
      this.payoutText.text = text
    }
    this.payoutText.size = place.size
    setTint(this.payoutText, colorOf(String(this.ctx.tuning.winColor)))
    this.payoutText.position.set(track.x + track.w / 2, place.y)
  }

  /** Answers the tap at once: the shown result fades and, with motion, breathes. */
  private drawPending(): void {
    const pending = this.state.pending && !this.anim.running
    const breathe = pending && this.ctx.motion === 'full' ? 0.15 * Math.sin(this.ctx.clock.now() / 120) : 0
    const alpha = pending ? 0.4 + breathe : 1
    this.number.alpha = alpha
    this.marker.alpha = alpha
    if (pending) this.payoutText.visible = false
  }

  /** Everything from the state: the track when its inputs changed, then the marker and texts. */
  private draw(): void {
    this.drawTrack()
    this.drawMarker()
  }

  /** The zones: rebuilt only when the target, the condition, the size or the colours change (a roll only moves the marker). */
  private drawTrack(): void {
    const { track, xOf } = this.layout
    const { target, condition } = this.state
    const { win, lose } = this.colors()
    const key = `${target}|${condition}|${track.x}|${track.y}|${track.w}|${track.h}|${win}|${lose}|${String(this.ctx.tuning.trackColor)}`
    if (key === this.trackKey) return
    this.trackKey = key
    const split = xOf(target)
    const [leftColor, rightColor] = condition === 'under' ? [win, lose] : [lose, win]
    this.track
      .clear()
      .roundRect(track.x - 6, track.y - 6, track.w + 12, track.h + 12, track.r + 6)
      .fill(String(this.ctx.tuning.trackColor))
      .roundRect(track.x, track.y, split - track.x, track.h, track.r)
      .fill(leftColor)
      .roundRect(split, track.y, track.x + track.w - split, track.h, track.r)
      .fill(rightColor)
      .rect(split - 1.5, track.y - 8, 3, track.h + 16)
      .fill(0xffffff)
  }

  private colors() {
    return { win: String(this.ctx.tuning.winColor), lose: String(this.ctx.tuning.loseColor) }
  }

  /**
   * The marker is drawn once per size in white around x = 0; a frame only moves and tints it,
   * so a roll rebuilds no geometry.
   */
  private drawMarker(): void {
    const { track, xOf, label } = this.layout
    const { win, lose } = this.colors()
    const markerKey = `${track.y}|${track.h}`
    if (markerKey !== this.markerKey) {
      this.markerKey = markerKey
      this.marker
        .clear()
        .poly([0, track.y - 6, -12, track.y - 30, 12, track.y - 30])
        .fill(0xffffff)
        .circle(0, track.y + track.h / 2, track.h * 0.9)
        .fill({ color: 0xffffff, alpha: 0.35 })
    }
    const settled = !this.anim.running
    const hasRoll = this.state.roll !== null
    this.marker.visible = hasRoll
    this.number.visible = hasRoll
    this.drawPayout()
    this.drawPending()
    if (!hasRoll) return
    const color = settled ? (this.state.won ? win : lose) : String(this.ctx.tuning.markerColor)
    this.marker.x = xOf(this.shown)
    setTint(this.marker, colorOf(color))
    const numberFor = `${this.shownText}|${this.state.locale}`
    if (numberFor !== this.numberFor) {
      this.numberFor = numberFor
      this.number.text = formatDecimal(this.shownText, this.state.locale, 2, false)
    }
    this.number.size = label.size
    setTint(this.number, settled ? colorOf(color) : 0xffffff)
    this.number.position.set(track.x + track.w / 2, label.y)
  }
}

export const diceSceneDef: SceneDef<DiceState> = {
  id: 'dice',
  create: () => new DiceScene(),
  fixtures: diceFixtures,
  tuning: withSavedValues(diceTuning, saved),
}
