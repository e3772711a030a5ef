/**
 * What the page says about a spin (pure: unit-tested). Every text comes from the locale section.
 */
import type { Grid, LineWin } from '../shared/slotMath'
import { fill, linePayCentavos, plural, type Texts } from './format'

/** A win of this many times the stake or more is a big win: it is celebrated and ends autoplay. */
const BIG_WIN_FACTOR = 20

/**
 * The message of a spin or balance status other than OK; a bet limit says whether it is one the
 * player set (responsible gaming, 'player limit') or the bonus's largest stake.
 */
export function statusText(texts: Texts, status: string, message?: string): string {
  switch (status) {
    case 'NOT_ENOUGH_MONEY':
      return texts.errorNoMoney
    case 'BET_LIMIT':
      return message === 'player limit' ? texts.errorPlayerLimit : texts.errorBetLimit
    case 'USER_DISABLED':
      return texts.errorUserDisabled
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return texts.errorSession
    default:
      return texts.errorGeneric
  }
}

/** Whether a status means the session token is no longer good (no further spin can succeed). */
export const endsSession = (status: string): boolean => status === 'TOKEN_EXPIRED' || status === 'INVALID_TOKEN'

/** The announcement of a spin's result: the total won and on how many lines, or no win. */
export function resultText(texts: Texts, money: (c: number) => string, wins: readonly LineWin[], payout: number, textLang = 'pt_BR'): string {
  if (payout <= 0 || wins.length === 0) return texts.noWin
  const amount = money(payout)
  return wins.length === 1 ? fill(texts.winOneLine, { amount }) : plural(texts, 'winLines', textLang, { amount, count: wins.length })
}

/** One line's win, e.g. "Linha 4: 3 × cereja = R$ 0,25" (its own money at the bet, rounded down). */
export function lineWinText(texts: Texts, money: (c: number) => string, win: LineWin, bet: number): string {
  return fill(texts.lineWin, { line: win.line, count: win.count, symbol: texts.symbols[win.symbol], amount: money(linePayCentavos(win.pay, bet)) })
}

/** The visible grid in words, reel by reel from the left and top to bottom. */
export function gridText(texts: Texts, grid: Grid): string {
  return grid.map((column, reel) => fill(texts.reelDescription, { reel: reel + 1, symbols: column.map((s) => texts.symbols[s]).join(', ') })).join('; ')
}

/** Whether a spin's payout ends autoplay by itself (a win of BIG_WIN_FACTOR times the stake or more). */
export const isBigWin = (payout: number, bet: number): boolean => bet > 0 && payout >= BIG_WIN_FACTOR * bet
