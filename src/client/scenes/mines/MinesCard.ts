import { Container, Graphics, Text, type GraphicsContext } from 'pixi.js'
import { backOut, easeOutCubic } from '../../engine/easing'
import { GlyphText } from '../../engine/GlyphText'
import { counterElapsed } from '../../engine/renderCost'
import type { SceneContext } from '../../engine/types'
import { formatDecimal } from '../../format/decimal'
import { formatMoney } from '../../format/format'
import type { MinesLayout } from './minesLayout'
import type { MinesState } from './types'

const FONT = 'DejaVu Sans, sans-serif'
/** The card's pop-in (ms). */
const POP_MS = 260

/**
 * The cash-out card over the mines board: what the player won (title, multiplier) and the payout
 * counting up as the card pops in. In its own render group: the counting payout rebuilds the
 * card's draw list, not the board's.
 */
export class MinesCard {
  readonly container = new Container({ label: 'card', isRenderGroup: true })
  private readonly bg: Graphics
  private readonly title: Text
  private readonly multiplier: Text
  /** Atlas glyphs: the payout counts up. */
  private readonly payout: GlyphText
  /** The card's width (texts shrink to fit it). */
  private width = 0

  constructor(blank: GraphicsContext, accent: string) {
    const style = { fontFamily: FONT, fontWeight: 'bold' as const, fill: 0xffffff, fontSize: 12 }
    this.bg = new Graphics(blank)
    this.title = new Text({ text: '', style: { ...style, fill: 0x9aa6bf } })
    this.multiplier = new Text({ text: '', style: { ...style, fill: accent } })
    this.payout = new GlyphText({ fontFamily: FONT, fontWeight: 'bold', size: 20, anchorX: 0.5, anchorY: 0.5 })
    for (const text of [this.title, this.multiplier]) text.anchor.set(0.5)
    this.container.eventMode = 'none'
    this.container.addChild(this.bg, this.title, this.multiplier, this.payout)
    this.container.visible = false
  }

  layout(card: MinesLayout['card'], art: GraphicsContext): void {
    this.width = card.w
    this.bg.context = art
    this.container.pivot.set(card.w / 2, card.h / 2)
    this.container.position.set(card.x + card.w / 2, card.y + card.h / 2)
    this.title.style.fontSize = card.titleSize
    this.multiplier.style.fontSize = card.multiplierSize
    this.payout.size = card.payoutSize
    this.title.position.set(card.w / 2, card.h * 0.22)
    this.multiplier.position.set(card.w / 2, card.h * 0.5)
    this.payout.position.set(card.w / 2, card.h * 0.78)
    for (const text of [this.title, this.multiplier, this.payout]) this.fit(text, text.text)
  }

  /** The title and multiplier of a won game (the payout counts in pose). */
  setTexts(state: Readonly<MinesState>, t: SceneContext['t'], tiles: number): void {
    if (state.state !== 'won') return
    const full = state.revealed.length >= tiles - state.mines
    const multiplier = `${formatDecimal(state.multiplier, state.locale, state.multiplier >= 1000 ? 2 : 4, false)}×`
    const payout = formatMoney(state.payout, state.locale)
    const title = t(full ? 'casino.mines.boardCleared' : 'casino.mines.cashedOut', { multiplier, payout })
    if (this.title.text !== title) this.fit(this.title, title)
    if (this.multiplier.text !== multiplier) this.fit(this.multiplier, multiplier)
  }

  hide(): void {
    this.container.visible = false
  }

  /** Pops in and counts the payout from `at` (clock ms); true while it still moves. */
  pose(now: number, at: number, state: Readonly<MinesState>, reduced: boolean, counterMs: number): boolean {
    this.container.visible = true
    const pop = Math.min(1, (now - at) / (reduced ? 120 : POP_MS))
    this.container.alpha = Math.min(1, pop * 1.6)
    this.container.scale.set(reduced ? 1 : 0.7 + 0.3 * backOut(pop))
    const k = Math.min(1, counterElapsed(now - at) / (reduced ? 120 : counterMs))
    const value = k >= 1 ? state.payout : Math.floor(state.payout * easeOutCubic(k) * 100) / 100
    const text = formatMoney(value, state.locale)
    if (this.payout.text !== text) this.fit(this.payout, text)
    return k < 1 || pop < 1
  }

  destroy(): void {
    this.container.destroy({ children: true })
  }

  /** Sets a text, shrinking it to fit the card's width (long translations, large multipliers). */
  private fit(text: Text | GlyphText, value: string): void {
    text.text = value
    text.scale.set(1)
    const max = this.width * 0.86
    const width = text instanceof GlyphText ? text.textWidth : text.width
    if (max > 0 && width > max) text.scale.set(max / width)
  }
}
