import { Suspense, useCallback, useMemo, useRef } from 'react'
import { snapshot, subscribe } from 'valtio'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { i18n } from '../../i18n/i18n'
import { store } from '../../store/store'
import type { LimboState } from '../../scenes/limbo/types'


/**
 * The store's limbo slice as the scene's state. A shown result is judged against its own bet's
 * target; while a bet is on its way (or before the first) the target is the one being played.
 */
function limboState(): LimboState {
  const { target, busy, last } = snapshot(store.casino.limbo)
  const session = { lang: store.session.lang }
  return {
    locale: session.lang,
    target: !busy && last?.target !== undefined ? last.target : target,
    result: last?.result ?? null,
    won: last ? last.state === 'won' : null,
    payout: last?.payout ?? 0,
    pending: busy,
    rollId: last?.betId ?? null,
  }
}

/** The limbo canvas: it only animates what the store already holds. */
export default function LimboStage() {
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(SNAPSHOT_TIME) : realClock), [])
  const t = useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [])
  const source = useCallback((apply: (s: LimboState) => void) => {
    const stopLimbo = subscribe(store.casino.limbo, () => apply(limboState()))
    const stopLang = subscribe(store.session, () => apply(limboState()))
    return {
      initial: limboState(),
      stop: () => {
        stopLimbo()
        stopLang()
      },
    }
  }, [])
  const onHost = useCallback((h: StageHandle<LimboState> | null) => {
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null }
  }, [])
  return (
    <div className="game-stage" ref={container} aria-hidden="true" data-testid="limbo-stage">
      <Suspense fallback={null}>
        <SceneStage sceneId="limbo" container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={SNAPSHOT_SEED} clock={clock} t={t} source={source} onHost={onHost} />
      </Suspense>
    </div>
  )
}
