/**
 * The provider's own HTTP API (demo-provider/server/demoProvider.ts), on the page's host: balance and
 * spin. The page is sandboxed (its origin is 'null'), so these are cross-origin calls the server
 * allows for that origin; they carry no cookie, the session token is in the body.
 * Answers are checked before use; anything unexpected (a network failure included) becomes a
 * status the page reports as a generic error.
 */
import { REELS, SYMBOLS, type LineWin } from '../shared/slotMath'

/** Status of a failed call that never got a usable answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR'

/** Failure answers carry the provider's status (or NETWORK_ERROR) and the balance when it sent one. */
interface Failure {
  ok: false
  status: string
  balance?: number
  /** The wallet's reason beside BET_LIMIT ('player limit': one the player set). */
  message?: string
}

export type BalanceAnswer = { ok: true; balance: number } | Failure

export type SpinAnswer = { ok: true; roundId: string; stops: number[]; wins: LineWin[]; payout: number; balance: number } | Failure

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x)

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(30_000),
    })
    const json: unknown = await res.json()
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : { status: NETWORK_ERROR }
  } catch {
    return { status: NETWORK_ERROR }
  }
}

const statusOf = (a: Record<string, unknown>) => (typeof a.status === 'string' ? a.status : NETWORK_ERROR)

function isLineWin(x: unknown): x is LineWin {
  if (typeof x !== 'object' || x === null) return false
  const w = x as Record<string, unknown>
  return isInt(w.line) && isInt(w.count) && isInt(w.pay) && (SYMBOLS as readonly unknown[]).includes(w.symbol)
}

const validStops = (stops: unknown): stops is number[] =>
  Array.isArray(stops) && stops.length === REELS.length && stops.every((s, i) => isInt(s) && s >= 0 && s < (REELS[i]?.length ?? 0))

export class ProviderApi {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async balance(): Promise<BalanceAnswer> {
    const a = await post(`${this.base}/api/balance`, { token: this.token })
    const status = statusOf(a)
    if (status === 'OK') return isInt(a.balance) ? { ok: true, balance: a.balance } : { ok: false, status: NETWORK_ERROR }
    return { ok: false, status }
  }

  async spin(game: string, bet: number): Promise<SpinAnswer> {
    // One id per spin: a request the browser sends again (after a dropped connection) answers the same spin.
    const a = await post(`${this.base}/api/spin`, { token: this.token, game, bet, spinId: crypto.randomUUID() })
    const status = statusOf(a)
    const balance = isInt(a.balance) ? a.balance : undefined
    if (status !== 'OK') return { ok: false, status, balance, ...(typeof a.message === 'string' ? { message: a.message } : {}) }
    const { roundId, stops, wins, payout } = a
    if (typeof roundId !== 'string' || !validStops(stops) || !Array.isArray(wins) || !wins.every(isLineWin) || !isInt(payout) || balance === undefined) {
      // Money moved but the answer cannot be shown: the page reloads the balance.
      return { ok: false, status: NETWORK_ERROR }
    }
    return { ok: true, roundId, stops, wins, payout, balance }
  }
}
