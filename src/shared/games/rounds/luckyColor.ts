/**
 * Lucky Color: one number 0 to 9 a period. Green 1, 3, 7, 9 and 5; red 2, 4, 6, 8 and 0; violet
 * 0 and 5; small 0 to 4, big 5 to 9. Every payout is on the stake less a fee (2 %): green or red
 * 2x (1.5x when the number is 5 or 0, the colours it shares with violet), violet 4.5x, a number
 * 9x, big or small 2x.
 */
import type { RoundRules } from './types'

export type LuckyChoice = 'green' | 'red' | 'violet' | 'big' | 'small' | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
const LUCKY_NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const
export const LUCKY_CHOICES: readonly LuckyChoice[] = ['green', 'red', 'violet', 'big', 'small', ...LUCKY_NUMBERS]
const LUCKY_SIZE = 10

/** Multipliers before the fee, in ten-thousandths; the fee in basis points (200 = 2 %). */
export interface LuckyPays {
  color: bigint
  /** Green on 5, red on 0. */
  colorShared: bigint
  violet: bigint
  number: bigint
  bigSmall: bigint
  feeBasisPoints: bigint
}
const DEFAULT_LUCKY_PAYS: LuckyPays = { color: 20_000n, colorShared: 15_000n, violet: 45_000n, number: 90_000n, bigSmall: 20_000n, feeBasisPoints: 200n }

/** The colours a number shows: one or two of green, red, violet. */
export function luckyColors(n: number): ('green' | 'red' | 'violet')[] {
  if (!Number.isInteger(n) || n < 0 || n >= LUCKY_SIZE) throw new Error(`no number ${n}`)
  if (n === 0) return ['red', 'violet']
  if (n === 5) return ['green', 'violet']
  return n % 2 === 1 ? ['green'] : ['red']
}

function luckyWins(choice: LuckyChoice, n: number): boolean {
  switch (choice) {
    case 'green':
    case 'red':
    case 'violet':
      return luckyColors(n).includes(choice)
    case 'big':
      return n >= 5
    case 'small':
      return n <= 4
    default:
      return Number(choice) === n
  }
}

/** The multiplier before the fee (ten-thousandths). */
function grossMultiplier(choice: LuckyChoice, n: number, pays: LuckyPays): bigint {
  if (!luckyWins(choice, n)) return 0n
  switch (choice) {
    case 'green':
    case 'red':
      return luckyColors(n).includes('violet') ? pays.colorShared : pays.color
    case 'violet':
      return pays.violet
    case 'big':
    case 'small':
      return pays.bigSmall
    default:
      return pays.number
  }
}

export function luckyColorRules(pays: LuckyPays = DEFAULT_LUCKY_PAYS): RoundRules<LuckyChoice> {
  return {
    id: 'luckyColor',
    size: LUCKY_SIZE,
    choices: LUCKY_CHOICES,
    wins: luckyWins,
    // On the stake less the fee: m x (10000 - fee) / 10000, kept in ten-thousandths (exact for the defaults).
    multiplier: (choice, n) => (grossMultiplier(choice, n, pays) * (10_000n - pays.feeBasisPoints)) / 10_000n,
  }
}

/**
 * A period's id: the São Paulo date (yyyymmdd) and the period of that day, four digits from 0001
 * (202611230001 is the first period of 23 November 2026). `periodMs` divides the day.
 */
export function luckyPeriodId(at: Date, periodMs: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const msOfDay = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + at.getUTCMilliseconds()
  const period = Math.floor(msOfDay / periodMs) + 1
  return `${parts.year}${parts.month}${parts.day}${String(period).padStart(4, '0')}`
}
