/**
 * Texts and money as the page shows them (pure: unit-tested, no DOM, no Pixi).
 */
import type ptBR from '../../locales/pt_BR.json'
import { LINES, RTP_TEXT } from '../shared/slotMath'

/** The page's texts: the demoProvider section of a locale file (pt_BR is the source and the fallback). */
export type Texts = (typeof ptBR)['demoProvider']

/** A text with its {{name}} placeholders filled. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** The BCP 47 tag of a locale file name (pt_BR -> pt-BR). */
export const languageTag = (lang: string): string => lang.replace('_', '-')

/** Formats integer centavos as reais in the page's language ("R$ 1,00" in pt-BR). */
export function moneyFormatter(lang: string): (centavos: number) => string {
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(languageTag(lang), { style: 'currency', currency: 'BRL' })
  } catch {
    // A tag the runtime does not know (a made-up locale): Brazilian formatting.
    format = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
  }
  // 'R$ 1.00' keeps its space in every language ('R$1.00' is what en-US's currency format gives).
  return (centavos) => format.format(centavos / 100).replace(/R\$(?=[\d-])/, 'R$\u00a0')
}

/** The stated return to player (slotMath's RTP_TEXT, 'RTP 96.14 %') as a percent in the page's language: 'RTP 96,14%' in pt-BR. */
export function rtpText(lang: string): string {
  const value = Number(/\d+(?:\.\d+)?/.exec(RTP_TEXT)?.[0]) / 100
  const options = { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 } as const
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(languageTag(lang), options)
  } catch {
    format = new Intl.NumberFormat('pt-BR', options)
  }
  return `RTP ${format.format(value)}`
}

/** The counted texts: i18next's plural forms (key_one, key_other...) of a locale section. */
type Counted = 'winLines' | 'autoStopLabel' | 'autoLeft'

/**
 * A counted text in the form the language's plural rules pick for `count` (Intl.PluralRules, as
 * i18next does in the app), filled; `key_other` when the language has no such form.
 */
export function plural(texts: Texts, key: Counted, textLang: string, params: Record<string, string | number> & { count: number }): string {
  let form = 'other'
  try {
    form = new Intl.PluralRules(languageTag(textLang)).select(params.count)
  } catch {
    // A tag the runtime does not know: the general form.
  }
  const forms = texts as unknown as Record<string, string | undefined>
  return fill(forms[`${key}_${form}`] ?? forms[`${key}_other`] ?? '', params)
}

/**
 * The money of `pay` line bets at a total bet of `bet` centavos: pay × bet / 20 (the line bet is
 * the bet split over the 20 lines), rounded down to the centavo. This is what a paytable cell shows.
 */
export function linePayCentavos(pay: number, bet: number): number {
  return Math.floor((pay * bet) / LINES.length)
}

/** The colour of payline n (1-based): 20 hues spread around the wheel, bright on any theme. */
export function lineColor(line: number): number {
  const hue = ((line - 1) * 137.508) % 360
  return hslToRgb(hue, 0.9, 0.62)
}

/** The same colour as a CSS value. */
export const lineColorCss = (line: number): string => `#${lineColor(line).toString(16).padStart(6, '0')}`

function hslToRgb(h: number, s: number, l: number): number {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))
  return (f(0) << 16) | (f(8) << 8) | f(4)
}

/**
 * The texts with the symbols named as the game draws them: the fruits machine's names are
 * `symbols`; each other theme has its own (`themeSymbols`: a tambourine is not called a grape).
 */
export function withThemeSymbols(texts: Texts, themeId: string): Texts {
  const own = (texts.themeSymbols as Partial<Record<string, Partial<Texts['symbols']>>>)[themeId]
  return own ? { ...texts, symbols: { ...texts.symbols, ...own } } : texts
}
