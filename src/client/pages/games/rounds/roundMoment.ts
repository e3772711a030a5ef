import { useSyncExternalStore } from 'react'
import { snapshot } from 'valtio'
import type { RoundGameId } from '../../../../shared/games/rounds/types'
import { phaseAt, secondsLeft, type RoundPhase } from '../../../scenes/rounds/roundPhase'
import { store } from '../../../store/store'

/** One 250 ms ticker for every leaf that follows a round's clock; it runs only while one listens. */
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(() => listeners.forEach((l) => l()), 250)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }
}

export interface RoundMoment {
  phase: RoundPhase
  seconds: number
  roundId: string | null
}

/** The phase at `now` (this device's clock) of a game's live round: the server's times less the clock offset. */
function roundMoment(game: RoundGameId, now = Date.now()): RoundMoment {
  const { live, clockOffset } = snapshot(store.rounds[game])
  if (!live) return { phase: 'idle', seconds: 0, roundId: null }
  const at = now + clockOffset
  return { phase: phaseAt(live, at), seconds: secondsLeft(live, at), roundId: live.roundId }
}

const cache = new Map<string, { key: string; value: RoundMoment }>()
/**
 * The live round's phase and whole seconds left, re-rendering only when they change (a leaf that
 * shows the countdown renders once a second, the rest once a phase).
 */
export function useRoundMoment(game: RoundGameId, withSeconds = true): RoundMoment {
  const get = () => {
    const m = roundMoment(game)
    const key = `${m.roundId}|${m.phase}|${withSeconds ? m.seconds : ''}`
    const slot = `${game}|${withSeconds}`
    const hit = cache.get(slot)
    if (hit?.key === key) return hit.value
    cache.set(slot, { key, value: m })
    return m
  }
  return useSyncExternalStore(subscribe, get, get)
}
