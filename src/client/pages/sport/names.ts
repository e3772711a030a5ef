/** How the sportsbook names things on screen: markets with their line and period, selections by their side, a match's clock. */
import type { useTranslation } from 'react-i18next'
import { formatDecimal } from '../../format/decimal'
import { bcp47 } from '../../format/format'
import type { Market, SportMatch } from '../../store/actions/sportSlip'

export type T = ReturnType<typeof useTranslation>['t']
type Lang = Parameters<typeof formatDecimal>[1]

/** A market's period said after its name: "... · 1º tempo", "... · 2º quarto"; the full game says nothing. */
export function withPeriod(t: T, name: string, period: number): string {
  if (period === 2) return t('sport.firstHalf', { market: name })
  if (period >= 1001 && period <= 1004) return t('sport.quarter', { market: name, n: period - 1000 })
  return name
}

export const lineText = (m: Pick<Market, 'type' | 'line'>, lang: string) => (m.type === 'ah' && m.line > 0 ? '+' : '') + formatDecimal(m.line, lang as Lang, 2)

/** "Handicap asiático -0,25 · 1º tempo" */
export function marketName(t: T, m: { type: string; line: number; period: number }, lang: string): string {
  return withPeriod(t, t(`sport.markets.${m.type}`, { line: lineText(m as Pick<Market, 'type' | 'line'>, lang) }), m.period)
}

/** The markets of one kind and period together ("Handicap asiático": every line), in the feed's order. */
export function groupMarkets(markets: readonly Market[]): Market[][] {
  const groups = new Map<string, Market[]>()
  for (const m of markets) groups.set(`${m.type}|${m.period}`, [...(groups.get(`${m.type}|${m.period}`) ?? []), m])
  return [...groups.values()]
}

/** A group's heading: the market's name without its line ("Handicap asiático · 1º tempo"). */
export const groupName = (t: T, m: Market) => withPeriod(t, m.type === 'ah' || m.type === 'ou' || m.type === 'corners' ? t(`sport.groups.${m.type}`) : t(`sport.markets.${m.type}`), m.period)

/** What names a match's sides, or a race's field (runner n, selection run<n>, the n-th). */
type Sides = { home: string | null; away: string | null; runners?: readonly string[] | null }

/** A selection as a player reads it: home and away by the side's name, a race's runner by the horse's, the others by theirs ("Empate", "Mais"). */
export function selectionName(t: T, name: string, sides: Sides): string {
  const runner = /^run(\d{1,2})$/.exec(name)
  if (runner) return sides.runners?.[Number(runner[1]) - 1] ?? t('sport.selections.runner', { n: Number(runner[1]) })
  return (name === 'home' && sides.home) || (name === 'away' && sides.away) || t(`sport.selections.${name}`)
}

/** Whether a match is a race (it has a field of runners). */
export const isRace = (m: { runners?: readonly string[] | null }) => (m.runners?.length ?? 0) > 0

/** A match's title: "Home x Away", or a race's name and its distance and track ("3º Páreo · 1.400 m · Grama"). */
export const matchTitle = (t: T, m: { home: string; away: string; runners?: readonly string[] | null }) => (isRace(m) ? t('sport.raceTitle', { race: m.home, details: m.away }) : t('sport.matchOf', { home: m.home, away: m.away }))

/** A finished race's winner as the pages say it ("Vencedor: Trovão Azul"); null before (and in other sports). */
export const raceWinnerText = (t: T, m: { runners?: readonly string[] | null; winner?: number | null }) => (m.winner && m.runners?.[m.winner - 1] ? t('sport.raceWinner', { runner: m.runners[m.winner - 1] }) : null)

/** The short mark over a main-market price: 1, X, 2. */
export const priceMark = (t: T, name: string) => t(`sport.marks.${name}`)

export function clockText(t: T, m: Pick<SportMatch, 'matchTime' | 'minute' | 'startsAt'>, lang: string): string {
  if (m.matchTime === 1 || m.matchTime === 3) return t('sport.minute', { m: m.minute })
  if (m.matchTime === 0) return new Date(m.startsAt).toLocaleString(bcp47(lang as Lang), { weekday: 'short', hour: '2-digit', minute: '2-digit' })
  return t(`sport.matchTime.${m.matchTime}`)
}

/** A country's name for the lists' headings (the code itself where the table has none). */
export const countryName = (t: T, code: string) => t(`sport.countries.${code}`, { defaultValue: code })
