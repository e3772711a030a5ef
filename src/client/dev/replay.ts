/**
 * How the scene switcher plays a fixture in motion (not in snapshot mode, nor with motion 'none',
 * which draw the fixture as it is). Fixtures are timed at SNAPSHOT_TIME, long past on the wall
 * clock: a round fixture would show its round long finished. Here each is timed from now and,
 * where it has a motion to watch, replayed on a loop: a round's draw from its start (the spin,
 * the slide, the drop, then the result and its payout), a betting round's countdown from the
 * fixture's moment to the close of bets, a dice or limbo roll and a mines game again under a new id.
 */
import { SNAPSHOT_TIME } from '../engine/determinism'
import type { RoundSceneState } from '../scenes/rounds/types'

export interface Replay<S> {
  /** Pass `n` (0: the first) of the fixture, starting at `start` (wall-clock ms). */
  state(n: number, start: number): S
  /** How long a pass lasts before the next begins (ms); null: one pass, nothing to repeat. */
  periodMs: number | null
}

/** The betting time shown before a draw starts: the countdown's last second. */
const LEAD_MS = 1000
/** A roll or a mines game is replayed this often. */
const ROLL_PERIOD_MS = 3000
/** A pass lasts at least this long (a fixture at the very end of its betting window). */
const MIN_PERIOD_MS = 1000

const isRound = (s: object): s is RoundSceneState => 'bettingEndsAt' in s && 'drawEndsAt' in s && 'nextAt' in s

/** The n-th round after `id`: the next period's number where ids are numbers (Lucky Color shows it). */
function nthRound(id: string | null, n: number): string | null {
  if (id === null || n === 0) return id
  return /^\d+$/.test(id) ? String(BigInt(id) + BigInt(n)) : `${id}~${n}`
}

function roundReplay(f: RoundSceneState): Replay<RoundSceneState> {
  const draw = f.drawEndsAt - f.bettingEndsAt
  const result = f.nextAt - f.drawEndsAt
  if (f.roll !== null) {
    // The draw from its start, then the result (a win counts up and sparkles again each pass).
    return {
      periodMs: LEAD_MS + draw + result,
      state: (n, start) => ({ ...f, roundId: nthRound(f.roundId, n), bettingEndsAt: start + LEAD_MS, drawEndsAt: start + LEAD_MS + draw, nextAt: start + LEAD_MS + draw + result }),
    }
  }
  // Bets open: the countdown and its ring from the fixture's moment to the close.
  const shift = (start: number) => start - SNAPSHOT_TIME
  return {
    periodMs: Math.max(MIN_PERIOD_MS, f.bettingEndsAt - SNAPSHOT_TIME),
    state: (n, start) => ({ ...f, roundId: nthRound(f.roundId, n), bettingEndsAt: f.bettingEndsAt + shift(start), drawEndsAt: f.drawEndsAt + shift(start), nextAt: f.nextAt + shift(start) }),
  }
}

/** The switcher's replay of a fixture (any scene's state; unknown shapes play as they are, once). */
export function replayOf(fixture: unknown): Replay<unknown> {
  if (fixture === null || typeof fixture !== 'object') return { periodMs: null, state: () => fixture }
  const f = fixture as Record<string, unknown>
  if (isRound(f)) return roundReplay(f) as Replay<unknown>
  // A result that animates once per id (dice and limbo's rollId, mines' gameId): the same result under a new id.
  for (const key of ['rollId', 'gameId']) {
    const id = f[key]
    if (typeof id === 'string') return { periodMs: ROLL_PERIOD_MS, state: (n) => (n === 0 ? f : { ...f, [key]: `${id}~${n}` }) }
  }
  // The lobby's jackpot grows from the moment the fixture starts, not from SNAPSHOT_TIME.
  const jackpot = f.jackpot as { since?: unknown } | null | undefined
  if (jackpot && typeof jackpot.since === 'number') return { periodMs: null, state: (_n, start) => ({ ...f, jackpot: { ...jackpot, since: start } }) }
  return { periodMs: null, state: () => f }
}
