import { Container, Graphics, Text } from 'pixi.js'
import { formatMoney, formatOnline } from '../../format/format'
import type { Scene, SceneContext, SceneDef, Viewport } from '../../engine/types'
import { GlyphText } from '../../engine/GlyphText'
import { lobbyFixtures } from './LobbyScene.fixtures'
import { lobbyLayout, type LobbyLayout } from './lobbyLayout'
import { lobbyTuning } from './lobbyTuning'
import type { LobbyState } from './types'


const COUNTER_MS = 2000
const FONT = 'DejaVu Sans, sans-serif'

/** The home lobby's moving layer: banner carousel, online counter, jackpot ticker and sparkles. */
class LobbyScene implements Scene<LobbyState> {
  readonly id = 'lobby'
  readonly bundles = [] as const
  private ctx!: SceneContext
  private view: Viewport = { width: 1, height: 1 }
  private layout!: LobbyLayout
  private state!: LobbyState
  private readonly strip = new Container()
  private readonly panels: { bg: Graphics; title: Text }[] = []
  private readonly dots = new Graphics()
  private readonly sparkles = new Container()
  private online!: Text
  /** The jackpot's label (changes with the language) and its amount (atlas glyphs: it counts up all the time). */
  private jackpot!: Text
  private jackpotValue!: GlyphText
  /** Each sparkle's drawn dot with where and how it drifts. */
  private sparkleDots: { dot: Graphics; x: number; y: number; speed: number; phase: number }[] = []
  private slideSettleAt = 0
  private current = 0
  private counter = { from: 0, to: 0, at: 0 }
  private readonly shownKeys = { online: '', jackpot: '' }

  mount(ctx: SceneContext): void {
    this.ctx = ctx
    this.online = new Text({ text: '', style: { fontFamily: FONT, fontSize: 12, fill: 0xffffff } })
    this.jackpot = new Text({ text: '', style: { fontFamily: FONT, fontSize: 12, fill: String(ctx.tuning.accent), fontWeight: 'bold' } })
    this.jackpot.anchor.set(1, 0)
    this.jackpotValue = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 12, anchorX: 1 })
    this.jackpotValue.tint = String(ctx.tuning.accent)
    // No mask: the canvas is exactly the banner, so the slides outside it are clipped for free
    // (a stencil mask would cost every frame).
    ctx.root.addChild(this.strip, this.sparkles, this.dots, this.online, this.jackpot, this.jackpotValue)
    const count = Number(ctx.tuning.sparkles)
    const seeds = Array.from({ length: count }, () => ({
      x: ctx.random(),
      y: ctx.random(),
      r: 0.8 + ctx.random() * 1.8,
      speed: 0.5 + ctx.random(),
      phase: ctx.random() * Math.PI * 2,
    }))
    // Each sparkle's geometry is built once; frames only move it and change its alpha.
    const color = String(ctx.tuning.sparkle)
    this.sparkleDots = seeds.map(({ r, ...drift }) => ({ dot: new Graphics().circle(0, 0, r).fill(color), ...drift }))
    if (this.sparkleDots.length) this.sparkles.addChild(...this.sparkleDots.map((s) => s.dot))
  }

  update(state: Readonly<LobbyState>, prev?: Readonly<LobbyState>): void {
    this.state = state
    if (!prev || prev.slides !== state.slides || prev.locale !== state.locale) this.buildPanels()
    if (!prev) {
      this.current = state.slide % Math.max(1, state.slides.length)
      this.counter = { from: state.online, to: state.online, at: this.ctx.clock.now() }
    } else if (prev.online !== state.online) {
      this.counter = { from: this.shownOnline(), to: state.online, at: this.ctx.clock.now() }
    }
    if (prev && prev.slide !== state.slide && prev.slides === state.slides) {
      this.goTo(state.slide)
      return
    }
    this.draw()
  }

  resize(view: Viewport): void {
    this.view = view
    if (this.state) {
      this.buildPanels()
      this.draw()
    }
  }

  tick(): boolean {
    if (!this.state) return false
    const now = this.ctx.clock.now()
    let moved = this.ctx.motion === 'full' || now - this.counter.at < COUNTER_MS
    if (this.slideSettleAt && now >= this.slideSettleAt) {
      this.slideSettleAt = 0
      this.showSlides([this.current])
      moved = true
    }
    if (!moved) return false
    this.drawCounters()
    if (this.ctx.motion === 'full') this.drawSparkles(now)
    return true
  }

  /** Slides to `index` (the page's carousel decides when: LobbyStage), drawing only the two slides on screen. */
  private goTo(index: number): void {
    const count = Math.max(1, this.state.slides.length)
    const next = ((index % count) + count) % count
    if (next === this.current) return
    this.showSlides([this.current, next])
    this.current = next
    this.ctx.tweens.to(this.strip, { x: -next * this.view.width }, 0.6)
    this.slideSettleAt = this.ctx.clock.now() + 650
    this.drawDots()
    this.drawCounters()
  }

  private showSlides(indexes: number[]): void {
    this.panels.forEach((p, i) => {
      p.bg.visible = indexes.includes(i)
      p.title.visible = p.bg.visible
    })
  }

  unmount(): void {
    this.panels.length = 0
  }

  private buildPanels(): void {
    this.layout = lobbyLayout(this.view, this.state.slides.length)
    for (const p of this.panels) {
      p.bg.destroy()
      p.title.destroy()
    }
    this.panels.length = 0
    const colors = [String(this.ctx.tuning.slideA), String(this.ctx.tuning.slideB), String(this.ctx.tuning.slideC)] as const
    const { banner, title } = this.layout
    this.state.slides.forEach((key, i) => {
      const bg = new Graphics()
      bg.rect(i * banner.w, 0, banner.w, banner.h).fill(colors[i % colors.length] ?? colors[0])
      bg.circle(i * banner.w + banner.w * 0.85, banner.h * 0.3, banner.h * 0.55).fill({ color: 0xffffff, alpha: 0.08 })
      bg.circle(i * banner.w + banner.w * 0.7, banner.h * 0.95, banner.h * 0.35).fill({ color: 0x000000, alpha: 0.12 })
      const text = new Text({
        text: this.ctx.t(key, { lng: this.state.locale }),
        style: { fontFamily: FONT, fontSize: title.size, fontWeight: 'bold', fill: 0xffffff, wordWrap: true, wordWrapWidth: title.maxWidth * 0.7 },
      })
      text.position.set(i * banner.w + title.x, title.y)
      this.strip.addChild(bg, text)
      this.panels.push({ bg, title: text })
    })
  }

  private draw(): void {
    if (!this.slideSettleAt) this.strip.x = -this.current * this.view.width
    if (!this.slideSettleAt) this.showSlides([this.current])
    this.drawDots()
    this.drawCounters()
    this.drawSparkles(this.ctx.clock.now())
  }

  private drawDots(): void {
    this.dots.clear()
    this.layout.dots.forEach((d, i) => {
      this.dots.circle(d.x, d.y, d.r).fill({ color: 0xffffff, alpha: i === this.current ? 1 : 0.4 })
    })
  }

  private shownOnline(): number {
    const { from, to, at } = this.counter
    if (this.ctx.motion === 'none') return to
    const k = Math.min(1, (this.ctx.clock.now() - at) / COUNTER_MS)
    return from + (to - from) * (1 - (1 - k) ** 3)
  }

  private drawCounters(): void {
    const { online, jackpot } = this.layout
    const locale = this.state.locale
    // Texts are rebuilt only when the figure they show changes, not on every frame.
    const shown = `${locale}|${formatOnline(Math.round(this.shownOnline()))}`
    if (shown !== this.shownKeys.online) {
      this.shownKeys.online = shown
      this.setText(this.online, `● ${this.ctx.t('lobby.online', { lng: locale, count: shown.split('|')[1] })}`, online.size)
    }
    if (this.online.style.fontSize !== online.size) this.online.style.fontSize = online.size
    this.online.position.set(online.x, online.y)
    const j = this.state.jackpot
    this.jackpot.visible = j !== null
    this.jackpotValue.visible = j !== null
    if (!j) return
    const value = j.base + (j.perSecond * Math.max(0, this.ctx.clock.now() - j.since)) / 1000
    const cents = `${locale}|${Math.floor(value * 100)}`
    if (cents !== this.shownKeys.jackpot) {
      this.shownKeys.jackpot = cents
      this.jackpotValue.text = formatMoney(Math.floor(value * 100) / 100, locale)
      this.setText(this.jackpot, this.ctx.t('lobby.todayWins', { lng: locale }), jackpot.size)
    }
    this.jackpotValue.size = jackpot.size
    this.jackpotValue.position.set(jackpot.x, jackpot.y)
    // The label sits on the line above the amount, right-aligned with it (the online count keeps the left).
    this.jackpot.position.set(jackpot.x, jackpot.y - jackpot.size * 1.3)
  }

  private setText(node: Text, text: string, size: number): void {
    if (node.style.fontSize !== size) node.style.fontSize = size
    if (node.text !== text) node.text = text
  }

  private drawSparkles(now: number): void {
    const { w, h } = this.layout.banner
    const drift = this.ctx.motion === 'full' ? now / 1000 : 0
    const speed = Number(this.ctx.tuning.sparkleSpeed) * 0.01
    this.sparkleDots.forEach((s) => {
      s.dot.position.set(s.x * w, ((((s.y - drift * s.speed * speed) % 1) + 1) % 1) * h)
      s.dot.alpha = 0.35 + 0.35 * Math.sin(s.phase + drift * 2 * s.speed)
    })
  }
}

export const lobbySceneDef: SceneDef<LobbyState> = {
  id: 'lobby',
  create: () => new LobbyScene(),
  fixtures: lobbyFixtures,
  tuning: lobbyTuning,
}
