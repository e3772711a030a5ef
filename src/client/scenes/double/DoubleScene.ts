import { Container, Graphics, Text } from 'pixi.js'
import { WHEEL_ORDER } from '../../../shared/games/rounds/double'
import { colorOf } from '../../engine/renderCost'
import { withSavedValues } from '../../engine/tuning'
import type { SceneDef, TuningSpec, Viewport } from '../../engine/types'
import { DoubleBoardScene, doubleColors, tileFill, tileInk } from '../rounds/doubleArt'
import type { RoundPhase } from '../rounds/roundPhase'
import { FONT } from '../rounds/roundScene'
import type { RoundSceneState } from '../rounds/types'
import { doubleFixtures } from './DoubleScene.fixtures'
import saved from './double.tuning.json'

const doubleTuning: TuningSpec = {
  spinTurns: { value: 4, min: 1, max: 10, step: 1 },
  easePower: { value: 4, min: 2, max: 7, step: 0.5 },
  payoutMs: { value: 900, min: 100, max: 3000, step: 50 },
  sparkles: { value: 24, min: 0, max: 36, step: 1 },
  ...doubleColors,
}

const STEP = (Math.PI * 2) / WHEEL_ORDER.length

/**
 * Double: the wheel of 15 tiles in WHEEL_ORDER under a pointer at the top. Betting shows the
 * countdown ring in its hub; the draw spins it (a pure function of the round's clock) to land
 * on the centre of the result's tile; the hub then shows the result's colour.
 */
class DoubleScene extends DoubleBoardScene {
  protected readonly turnsKnob = 'spinTurns'
  readonly id = 'double'
  /** The wheel turns as one render group: a frame changes only its rotation. */
  private readonly wheel = new Container({ label: 'wheel', isRenderGroup: true })
  private readonly wedges = new Graphics()
  private readonly numbers = new Container()
  private readonly hub = new Graphics()
  private readonly pointer = new Graphics()
  private geometry = { cx: 0, cy: 0, r: 0 }
  private hubKey = ''

  protected mountBoard(): void {
    this.wheel.addChild(this.wedges, this.numbers)
    this.board.addChild(this.wheel, this.hub, this.pointer, this.totals.container)
  }

  protected layoutBoard(view: Viewport): void {
    const totalsH = Math.min(44, view.height * 0.14)
    const r = Math.max(10, Math.min(view.width * 0.42, (view.height - totalsH - 26) / 2))
    const cx = view.width / 2
    const cy = 10 + r + 6
    this.geometry = { cx, cy, r }
    this.wheel.position.set(cx, cy)
    const inner = r * 0.6
    this.wedges.clear().circle(0, 0, r + 6).fill(colorOf(String(this.ctx.tuning.rimColor)))
    this.numbers.removeChildren().forEach((c) => c.destroy())
    WHEEL_ORDER.forEach((tile, i) => {
      const a0 = -Math.PI / 2 + (i - 0.5) * STEP
      const a1 = a0 + STEP
      this.wedges
        .moveTo(Math.cos(a0) * inner, Math.sin(a0) * inner)
        .arc(0, 0, r, a0, a1)
        .arc(0, 0, inner, a1, a0, true)
        .closePath()
        .fill(tileFill(this.ctx, tile))
        .stroke({ color: colorOf(String(this.ctx.tuning.rimColor)), width: 2 })
      const label = new Text({ text: String(tile), style: { fontFamily: FONT, fontSize: Math.max(9, r * 0.13), fontWeight: 'bold', fill: tileInk(tile) } })
      label.anchor.set(0.5)
      const mid = -Math.PI / 2 + i * STEP
      label.position.set(Math.cos(mid) * r * 0.8, Math.sin(mid) * r * 0.8)
      label.rotation = mid + Math.PI / 2
      this.numbers.addChild(label)
    })
    this.pointer
      .clear()
      .poly([cx - 11, cy - r - 12, cx + 11, cy - r - 12, cx, cy - r + 12])
      .fill(0xffffff)
      .stroke({ color: colorOf(String(this.ctx.tuning.rimColor)), width: 2 })
    this.totals.layout(this.ctx, 12, view.height - totalsH - 8, view.width - 24, totalsH)
    this.hubKey = ''
  }




  protected drawBoard(phase: RoundPhase, now: number, dt: number): boolean {
    this.moveBoard(now)
    this.wheel.rotation = -this.position * STEP
    const { cx, cy, r } = this.geometry
    const result = phase === 'result' && this.state.roll !== null ? this.state.roll : null
    const key = `${result}|${cx}|${cy}|${r}`
    if (key !== this.hubKey) {
      this.hubKey = key
      const rim = colorOf(String(this.ctx.tuning.rimColor))
      this.hub.clear().circle(cx, cy, r * 0.58).fill(rim)
      // The result's colour as a ring round the hub; the texts stay on the dark centre.
      if (result !== null) this.hub.circle(cx, cy, r * 0.5).stroke({ color: tileFill(this.ctx, result), width: r * 0.08 })
    }
    const counting = this.totals.step(dt, this.state.locale)
    return phase === 'drawing' || counting
  }


  protected ringPlace() {
    const { cx, cy, r } = this.geometry
    return { cx, cy, r: r * 0.4 }
  }

  protected captionPlace() {
    const { cx, cy, r } = this.geometry
    return { x: cx, y: cy + r * 0.2, size: Math.max(10, r * 0.1) }
  }

  /**
   * The win's amount on the hub's dark centre, inside the result's ring (its inner edge at 0.46 r):
   * its top at 0.13 r above the centre, as wide as the ring's chord there allows, less a margin.
   */
  protected payoutPlace() {
    const { cx, cy, r } = this.geometry
    const top = r * 0.13
    const inner = r * 0.45
    return { x: cx, y: cy - top, size: Math.max(12, r * 0.17), maxWidth: 2 * Math.sqrt(inner * inner - top * top) - r * 0.1 }
  }
}

export const doubleSceneDef: SceneDef<RoundSceneState> = {
  id: 'double',
  create: () => new DoubleScene(),
  fixtures: doubleFixtures,
  tuning: withSavedValues(doubleTuning, saved),
}
