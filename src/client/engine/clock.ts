import type { Clock } from './types'

/** The wall clock. */
export const realClock: Clock = { now: () => Date.now() }

/** A clock that stands still (snapshot mode) unless moved. */
export function fixedClock(at: number): Clock & { advance(ms: number): void } {
  let now = at
  return {
    now: () => now,
    advance: (ms) => {
      now += ms
    },
  }
}
