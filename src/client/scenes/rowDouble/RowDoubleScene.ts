import { Container, Graphics, Text } from 'pixi.js'
import { WHEEL_ORDER } from '../../../shared/games/rounds/double'
import { colorOf } from '../../engine/renderCost'
import { withSavedValues } from '../../engine/tuning'
import type { SceneDef, TuningSpec, Viewport } from '../../engine/types'
import { DoubleBoardScene, doubleColors, tileFill, tileInk } from '../rounds/doubleArt'
import type { RoundPhase } from '../rounds/roundPhase'
import { FONT } from '../rounds/roundScene'
import type { RoundSceneState } from '../rounds/types'
import { rowDoubleFixtures } from './RowDoubleScene.fixtures'
import saved from './rowDouble.tuning.json'

const rowDoubleTuning: TuningSpec = {
  slideTurns: { value: 3, min: 1, max: 8, step: 1 },
  easePower: { value: 4, min: 2, max: 7, step: 0.5 },
  payoutMs: { value: 900, min: 100, max: 3000, step: 50 },
  sparkles: { value: 24, min: 0, max: 36, step: 1 },
  markerColor: { value: '#ffc94d' },
  ...doubleColors,
}

const SIZE = WHEEL_ORDER.length
/** The strip holds the board three times over: any position's neighbours are on it. */
const COPIES = 3

/**
 * Row Double: the 15 tiles in a horizontal strip (WHEEL_ORDER, repeated) sliding under a fixed
 * marker; the slide is a pure function of the round's clock and settles on the result's tile.
 */
class RowDoubleScene extends DoubleBoardScene {
  protected readonly turnsKnob = 'slideTurns'
  readonly id = 'rowDouble'
  /** The strip slides as one render group: a frame changes only its x. */
  private readonly strip = new Container({ label: 'strip', isRenderGroup: true })
  private readonly tiles = new Graphics()
  private readonly labels = new Container()
  private readonly marker = new Graphics()
  private readonly glow = new Graphics()
  private geometry = { cx: 0, y: 0, size: 0 }
  private glowKey = ''

  protected mountBoard(): void {
    this.strip.addChild(this.tiles, this.labels)
    this.board.addChild(this.strip, this.glow, this.marker, this.totals.container)
  }

  protected layoutBoard(view: Viewport): void {
    const totalsH = Math.min(44, view.height * 0.16)
    const size = Math.max(24, Math.min(64, view.width / 6.2))
    const cx = view.width / 2
    const y = Math.max(8, view.height * 0.42 - size / 2)
    this.geometry = { cx, y, size }
    this.tiles.clear()
    this.labels.removeChildren().forEach((c) => c.destroy())
    for (let j = 0; j < SIZE * COPIES; j++) {
      const tile = WHEEL_ORDER[j % SIZE] as number
      this.tiles.roundRect(j * size + 3, 0, size - 6, size, 8).fill(tileFill(this.ctx, tile))
      const label = new Text({ text: String(tile), style: { fontFamily: FONT, fontSize: size * 0.36, fontWeight: 'bold', fill: tileInk(tile) } })
      label.anchor.set(0.5)
      label.position.set(j * size + size / 2, size / 2)
      this.labels.addChild(label)
    }
    this.strip.y = y
    const marker = String(this.ctx.tuning.markerColor)
    this.marker
      .clear()
      .poly([cx - 10, y - 16, cx + 10, y - 16, cx, y - 2])
      .fill(marker)
      .poly([cx - 10, y + size + 16, cx + 10, y + size + 16, cx, y + size + 2])
      .fill(marker)
    this.totals.layout(this.ctx, 12, view.height - totalsH - 8, view.width - 24, totalsH)
    this.glowKey = ''
  }




  protected drawBoard(phase: RoundPhase, now: number, dt: number): boolean {
    this.moveBoard(now)
    const { cx, y, size } = this.geometry
    // Position p sits under the marker: the strip's copy in the middle carries it.
    const p = ((this.position % SIZE) + SIZE) % SIZE
    this.strip.x = cx - (p + SIZE) * size - size / 2
    const result = phase === 'result' && this.state.roll !== null ? this.state.roll : null
    const key = `${result}|${cx}|${y}|${size}`
    if (key !== this.glowKey) {
      this.glowKey = key
      this.glow.clear()
      if (result !== null) this.glow.roundRect(cx - size / 2 - 2, y - 5, size + 4, size + 10, 10).stroke({ color: colorOf(String(this.ctx.tuning.markerColor)), width: 4 })
    }
    const counting = this.totals.step(dt, this.state.locale)
    return phase === 'drawing' || counting
  }


  protected ringPlace() {
    const { cx, y } = this.geometry
    const r = Math.max(0, Math.min(24, (y - 26) / 2))
    return { cx: cx, cy: y - 22 - r, r }
  }

  protected captionPlace() {
    const { cx, y, size } = this.geometry
    return { x: cx, y: y + size + 20, size: 13 }
  }

  protected payoutPlace() {
    const { cx, y } = this.geometry
    return { x: cx, y: Math.max(4, y - 52), size: 24 }
  }
}

export const rowDoubleSceneDef: SceneDef<RoundSceneState> = {
  id: 'rowDouble',
  create: () => new RowDoubleScene(),
  fixtures: rowDoubleFixtures,
  tuning: withSavedValues(rowDoubleTuning, saved),
}
