import { Container, Graphics, Text } from 'pixi.js'
import { luckyColors } from '../../../shared/games/rounds/luckyColor'
import { GlyphText } from '../../engine/GlyphText'
import { colorOf } from '../../engine/renderCost'
import { withSavedValues } from '../../engine/tuning'
import type { SceneContext, SceneDef, TuningSpec, Viewport } from '../../engine/types'
import type { RoundPhase } from '../rounds/roundPhase'
import { FONT, RoundScene } from '../rounds/roundScene'
import type { RoundSceneState } from '../rounds/types'
import { luckyColorFixtures } from './LuckyColorScene.fixtures'
import saved from './luckyColor.tuning.json'

const luckyTuning: TuningSpec = {
  orbitTurns: { value: 3, min: 1, max: 8, step: 0.5 },
  dropShare: { value: 0.35, min: 0.1, max: 0.8, step: 0.05 },
  trendPeriods: { value: 20, min: 10, max: 30, step: 1 },
  payoutMs: { value: 900, min: 100, max: 3000, step: 50 },
  sparkles: { value: 24, min: 0, max: 36, step: 1 },
  greenColor: { value: '#20c997' },
  redColor: { value: '#f12c4c' },
  violetColor: { value: '#9b5de5' },
  ringColor: { value: '#ffc94d' },
  urgentColor: { value: '#ff5d6c' },
  winColor: { value: '#20c997' },
  lineColor: { value: '#c9d2e6' },
}

const COLOR_KEY = { green: 'greenColor', red: 'redColor', violet: 'violetColor' } as const

/** A ball of number n: its colour, or its two colours split down the middle (0 and 5). */
function drawBall(g: Graphics, ctx: SceneContext, n: number, x: number, y: number, r: number): Graphics {
  const colors = luckyColors(n).map((c) => colorOf(String(ctx.tuning[COLOR_KEY[c]])))
  if (colors.length === 1) return g.circle(x, y, r).fill(colors[0] as number)
  g.moveTo(x, y - r).arc(x, y, r, -Math.PI / 2, Math.PI / 2, true).closePath().fill(colors[0] as number)
  return g.moveTo(x, y - r).arc(x, y, r, -Math.PI / 2, Math.PI / 2).closePath().fill(colors[1] as number)
}

/**
 * Lucky Color: the period's id and countdown; the draw spins ten balls around the hub and drops
 * the drawn one into it (a pure function of the period's clock); a trend of the last periods
 * (one column each, the number's row) under it.
 */
class LuckyColorScene extends RoundScene {
  readonly id = 'luckyColor'
  private readonly period = new Text({ text: '', style: { fontFamily: FONT, fontSize: 12, fill: 0x9aa6bf } })
  private readonly orbit = new Container({ label: 'orbit', isRenderGroup: true })
  /** Each ball: its disc and its number (a Graphics holds no children in Pixi 8, so a Container holds both). */
  private readonly orbitBalls: { ball: Container; disc: Graphics; label: Text }[] = []
  private readonly hub = new Graphics()
  private readonly drawn = new Graphics()
  private readonly drawnNumber = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 32, anchorX: 0.5 })
  private readonly trend = new Graphics()
  private readonly trendLabels = new Container()
  private geometry = { cx: 0, cy: 0, orbitR: 0, ballR: 0, hubR: 0, trend: { x: 0, y: 0, w: 0, h: 0 } }
  private hubKey = ''
  private trendKey = ''
  private periodKey = ''

  protected mountBoard(): void {
    for (let n = 0; n < 10; n++) {
      const disc = new Graphics()
      const label = new Text({ text: String(n), style: { fontFamily: FONT, fontSize: 12, fontWeight: 'bold', fill: 0xffffff } })
      label.anchor.set(0.5)
      const ball = new Container()
      ball.addChild(disc, label)
      this.orbitBalls.push({ ball, disc, label })
      this.orbit.addChild(ball)
    }
    this.board.addChild(this.period, this.hub, this.orbit, this.drawn, this.drawnNumber, this.trend, this.trendLabels)
  }

  protected layoutBoard(view: Viewport): void {
    const top = 58
    const trendH = Math.max(60, view.height * 0.3)
    const ballArea = view.height - top - trendH - 14
    const orbitR = Math.max(20, Math.min(view.width * 0.3, ballArea / 2 - 14))
    const ballR = Math.max(8, orbitR * 0.2)
    const cx = view.width / 2
    const cy = top + ballArea / 2
    this.geometry = { cx, cy, orbitR, ballR, hubR: orbitR * 0.55, trend: { x: 34, y: view.height - trendH - 6, w: view.width - 46, h: trendH } }
    this.period.position.set(12, 10)
    this.orbit.position.set(cx, cy)
    this.orbitBalls.forEach(({ disc, label }, n) => {
      disc.clear()
      drawBall(disc, this.ctx, n, 0, 0, ballR)
      label.style.fontSize = ballR * 1.1
    })
    this.trendLabels.removeChildren().forEach((c) => c.destroy())
    for (let n = 0; n < 10; n++) {
      const label = new Text({ text: String(n), style: { fontFamily: FONT, fontSize: 9, fill: 0x9aa6bf } })
      label.anchor.set(1, 0.5)
      label.position.set(this.geometry.trend.x - 8, this.rowY(n))
      this.trendLabels.addChild(label)
    }
    this.hubKey = this.trendKey = this.periodKey = ''
  }

  private rowY(n: number): number {
    const t = this.geometry.trend
    return t.y + (n + 0.5) * (t.h / 10)
  }

  protected planDraw(): void {}
  protected restBoard(): void {}

  protected onState(state: Readonly<RoundSceneState>): void {
    const key = `${state.locale}|${state.roundId}`
    if (key !== this.periodKey) {
      this.periodKey = key
      this.period.text = state.roundId === null ? '' : this.ctx.t('casino.round.period', { id: state.roundId, lng: state.locale })
    }
  }

  /** The orbit's angle and the drop's progress (0..1) at `now`, from the period's own clock. */
  private drawMotion(now: number): { angle: number; drop: number } {
    const s = this.state
    const span = Math.max(1, s.drawEndsAt - this.drawStart)
    const k = Math.min(1, Math.max(0, (now - this.drawStart) / span))
    const turns = this.ctx.motion === 'reduced' ? 0.25 : Number(this.ctx.tuning.orbitTurns)
    const share = Number(this.ctx.tuning.dropShare)
    return { angle: turns * Math.PI * 2 * (1 - Math.pow(1 - k, 3)), drop: k <= 1 - share ? 0 : (k - (1 - share)) / share }
  }

  protected drawBoard(phase: RoundPhase, now: number): boolean {
    const s = this.state
    const { cx, cy, orbitR, ballR, hubR } = this.geometry
    const motion = phase === 'drawing' && s.roll !== null ? this.drawMotion(now) : { angle: 0, drop: phase === 'result' ? 1 : 0 }
    this.orbitBalls.forEach(({ ball }, n) => {
      const a = -Math.PI / 2 + (n / 10) * Math.PI * 2 + motion.angle
      ball.position.set(Math.cos(a) * orbitR, Math.sin(a) * orbitR)
      ball.alpha = s.roll === n && motion.drop > 0 ? 1 - motion.drop : 1
    })
    // The drawn ball: from its place on the orbit into the hub, growing; in the hub between draws shows the last number.
    const shown = s.roll !== null && phase !== 'betting' ? s.roll : phase === 'betting' ? (s.recent[0] ?? null) : null
    const drop = s.roll !== null && phase !== 'betting' ? motion.drop : 1
    const key = `${shown}|${drop.toFixed(3)}|${cx}|${cy}|${phase === 'betting'}`
    if (key !== this.hubKey) {
      this.hubKey = key
      this.hub.clear().circle(cx, cy, hubR).fill({ color: 0x0b1222, alpha: 0.9 }).stroke({ color: 0xffffff, alpha: 0.15, width: 2 })
      this.drawn.clear()
      this.drawnNumber.visible = false
      if (shown !== null && drop > 0) {
        const a = -Math.PI / 2 + (shown / 10) * Math.PI * 2 + motion.angle
        const e = 1 - Math.pow(1 - drop, 2)
        const x = cx + Math.cos(a) * orbitR * (1 - e)
        const y = cy + Math.sin(a) * orbitR * (1 - e)
        const r = ballR + (hubR * 0.82 - ballR) * e
        drawBall(this.drawn, this.ctx, shown, x, y, r)
        this.drawn.alpha = phase === 'betting' ? 0.35 : 1
        this.drawnNumber.visible = true
        this.drawnNumber.text = String(shown)
        this.drawnNumber.size = r * 1.1
        this.drawnNumber.alpha = this.drawn.alpha
        this.drawnNumber.position.set(x, y - r * 0.62)
      }
    }
    this.drawTrend()
    return phase === 'drawing'
  }

  /** The last periods, oldest left: a dot in each number's row, joined by a line. */
  private drawTrend(): void {
    const s = this.state
    const count = Number(this.ctx.tuning.trendPeriods)
    const rolls = s.recent.slice(0, count).reverse()
    const t = this.geometry.trend
    const key = `${rolls.join(',')}|${t.x}|${t.y}|${t.w}|${t.h}|${count}`
    if (key === this.trendKey) return
    this.trendKey = key
    const g = this.trend.clear()
    for (let n = 0; n <= 10; n++) g.moveTo(t.x, t.y + (n * t.h) / 10).lineTo(t.x + t.w, t.y + (n * t.h) / 10)
    g.stroke({ color: 0xffffff, alpha: 0.06, width: 1 })
    const step = t.w / count
    const points = rolls.map((n, i) => (n === null ? null : { x: t.x + (i + 0.5) * step, y: this.rowY(n), n }))
    let started = false
    for (const p of points) {
      if (!p) continue
      if (started) g.lineTo(p.x, p.y)
      else g.moveTo(p.x, p.y)
      started = true
    }
    if (started) g.stroke({ color: colorOf(String(this.ctx.tuning.lineColor)), alpha: 0.6, width: 1.5 })
    const dotR = Math.max(2.5, Math.min(step * 0.3, t.h / 24))
    for (const p of points) if (p) drawBall(g, this.ctx, p.n, p.x, p.y, dotR)
  }

  protected resultCaption(roll: number): string {
    const lng = this.state.locale
    const colours = luckyColors(roll).map((c) => this.ctx.t(`casino.round.choice.${c}`, { lng }))
    const size = this.ctx.t(`casino.round.choice.${roll >= 5 ? 'big' : 'small'}`, { lng })
    return `${roll} · ${colours.join(' + ')} · ${size}`
  }

  protected ringPlace() {
    return { cx: this.view.width - 40, cy: 34, r: 24 }
  }

  protected captionPlace() {
    return { x: 12, y: 28, size: 13, anchor: 0 }
  }

  /** Where the countdown ring stands while bets are open. */
  protected payoutPlace() {
    return { x: this.view.width - 76, y: 18, size: 20 }
  }
}

export const luckyColorSceneDef: SceneDef<RoundSceneState> = {
  id: 'luckyColor',
  create: () => new LuckyColorScene(),
  fixtures: luckyColorFixtures,
  tuning: withSavedValues(luckyTuning, saved),
}
