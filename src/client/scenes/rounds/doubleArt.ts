/** What the Double wheel and the Row Double strip share: tile colours and the row of running totals. */
import { Container, Graphics, Text } from 'pixi.js'
import { DOUBLE_CHOICES, tileColor, type DoubleChoice } from '../../../shared/games/rounds/double'
import { planSpin, positionAt, restingPosition, type Spin } from './landing'
import type { Locale } from '../../../shared/locales'
import { colorOf } from '../../engine/renderCost'
import type { SceneContext, TuningSpec } from '../../engine/types'
import { FONT, RoundScene, TotalCounter } from './roundScene'
import type { RoundSceneState } from './types'

/** Knobs both Double scenes have (each adds its own). */
export const doubleColors: TuningSpec = {
  redColor: { value: '#f12c4c' },
  blackColor: { value: '#262f3c' },
  whiteColor: { value: '#ffffff' },
  rimColor: { value: '#0f1626' },
  ringColor: { value: '#ffc94d' },
  urgentColor: { value: '#ff5d6c' },
  winColor: { value: '#20c997' },
}

export function tileFill(ctx: SceneContext, tile: number): number {
  const c: DoubleChoice = tileColor(tile)
  return colorOf(String(ctx.tuning[c === 'red' ? 'redColor' : c === 'black' ? 'blackColor' : 'whiteColor']))
}

/** The number's colour on a tile: dark on white, white on the others. */
export const tileInk = (tile: number) => (tile === 0 ? 0xf12c4c : 0xffffff)

/** Three pills under the board: red, white, black, each with its running total. */
class DoubleTotals {
  readonly container = new Container({ label: 'totals' })
  private readonly pills = DOUBLE_CHOICES.map(() => new Graphics())
  private readonly labels = DOUBLE_CHOICES.map(() => new Text({ text: '', style: { fontFamily: FONT, fontSize: 11, fill: 0xc9d2e6 } }))
  private readonly counters = DOUBLE_CHOICES.map(() => new TotalCounter(14))
  private labelKey = ''

  constructor() {
    DOUBLE_CHOICES.forEach((_, i) => {
      const label = this.labels[i] as Text
      label.anchor.set(0, 0)
      this.container.addChild(this.pills[i] as Graphics, label, (this.counters[i] as TotalCounter).text)
    })
  }

  layout(ctx: SceneContext, x: number, y: number, width: number, height: number): void {
    const gap = 8
    const w = (width - gap * 2) / 3
    DOUBLE_CHOICES.forEach((choice, i) => {
      const left = x + i * (w + gap)
      const tile = choice === 'white' ? 0 : choice === 'red' ? 1 : 8
      const pill = this.pills[i] as Graphics
      pill.clear().roundRect(left, y, w, height, 8).fill({ color: 0x0b1222, alpha: 0.85 }).roundRect(left + 6, y + 6, 10, height - 12, 3).fill(tileFill(ctx, tile))
      const label = this.labels[i] as Text
      label.style.fontSize = Math.max(8, Math.min(11, height * 0.3))
      label.position.set(left + 22, y + height * 0.08)
      const counter = this.counters[i] as TotalCounter
      counter.setSize(Math.max(9, Math.min(15, height * 0.4)))
      counter.maxWidth = w - 28
      counter.text.position.set(left + 22, y + height * 0.46)
    })
    this.labelKey = ''
  }

  update(ctx: SceneContext, s: Readonly<RoundSceneState>, instant: boolean): void {
    const key = `${s.locale}|${s.bets}`
    if (key !== this.labelKey) {
      this.labelKey = key
      DOUBLE_CHOICES.forEach((c, i) => ((this.labels[i] as Text).text = ctx.t(`casino.round.choice.${c}`, { lng: s.locale })))
    }
    DOUBLE_CHOICES.forEach((c, i) => (this.counters[i] as TotalCounter).set(s.totals[c] ?? 0, instant))
  }

  step(dt: number, locale: Locale): boolean {
    let moving = false
    for (const c of this.counters) moving = c.step(dt, locale) || moving
    return moving
  }
}

/**
 * What the wheel and the strip do alike: a board position in tiles (landing.ts) that rests on the
 * last result, runs `turnsKnob` boards forward on a draw and lands on the result's tile, and the
 * running totals under it.
 */
export abstract class DoubleBoardScene extends RoundScene {
  protected readonly totals = new DoubleTotals()
  /** The board's position in tiles (see landing.ts). */
  protected position = 0
  private spin: Spin | null = null
  /** The board was placed at the last result (once, when the scene opens). */
  private placed = false
  /** The tuning knob of the whole boards a draw runs. */
  protected abstract readonly turnsKnob: string

  protected planDraw(roll: number, start: number, end: number): void {
    const reduced = this.ctx.motion === 'reduced'
    this.spin = planSpin(this.position, roll, reduced ? 0 : Number(this.ctx.tuning[this.turnsKnob]), start, end, reduced ? 2 : Number(this.ctx.tuning.easePower))
  }

  protected restBoard(): void {
    this.spin = null
    // Where the last result left it (a page opened between rounds shows it there).
    if (this.placed) return
    this.placed = true
    const last = this.state.recent[0]
    if (last !== undefined && last !== null) this.position = restingPosition(last)
  }

  protected onState(state: Readonly<RoundSceneState>): void {
    this.totals.update(this.ctx, state, this.ctx.motion === 'none')
  }

  /** The position at `now` (the draw's, or where it rests). */
  protected moveBoard(now: number): number {
    if (this.spin) this.position = positionAt(this.spin, now)
    return this.position
  }

  protected resultCaption(roll: number): string {
    return `${roll} · ${this.ctx.t(`casino.round.choice.${tileColor(roll)}`, { lng: this.state.locale })}`
  }
}
