import { Suspense, useCallback, useMemo, useRef } from 'react'
import { snapshot, subscribe } from 'valtio'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { i18n } from '../../i18n/i18n'
import { store } from '../../store/store'
import type { DiceState } from '../../scenes/dice/types'


function diceState(): DiceState {
  const { dice } = snapshot(store.casino)
  const last = dice.last
  return {
    target: dice.target,
    condition: dice.condition,
    roll: last?.roll ?? null,
    won: last ? last.state === 'won' : null,
    rollId: last?.betId ?? null,
    payout: last?.payout ?? 0,
    locale: store.session.lang,
    pending: dice.busy,
  }
}

/** The dice canvas: it only animates what the store already holds. */
export default function DiceStage() {
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(SNAPSHOT_TIME) : realClock), [])
  const t = useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [])
  const source = useCallback((apply: (s: DiceState) => void) => {
    const stop = subscribe(store.casino.dice, () => apply(diceState()))
    return { initial: diceState(), stop }
  }, [])
  const onHost = useCallback((h: StageHandle<DiceState> | null) => {
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null }
  }, [])
  return (
    <div className="game-stage" ref={container} aria-hidden="true">
      <Suspense fallback={null}>
        <SceneStage sceneId="dice" container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={SNAPSHOT_SEED} clock={clock} t={t} source={source} onHost={onHost} />
      </Suspense>
    </div>
  )
}
