import { Suspense, useCallback, useMemo, useRef, type ReactNode } from 'react'
import { snapshot, subscribe } from 'valtio'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { i18n } from '../../i18n/i18n'
import { store } from '../../store/store'
import type { MinesState } from '../../scenes/mines/types'


const NONE: readonly number[] = []

/** The store's mines slice as the scene's state: the open game, or the last one once it ended. */
function minesState(): MinesState {
  // The two slices it shows, not the whole store: this runs on every change of the mines slice.
  const { game, mines, pendingTile } = snapshot(store.casino.mines)
  const session = { lang: store.session.lang }
  if (!game) return { locale: session.lang, gameId: null, mines, revealed: NONE, minePositions: null, state: 'idle', pendingTile, multiplier: 1, payout: 0 }
  return {
    locale: session.lang,
    gameId: game.betId,
    mines: game.mines ?? mines,
    revealed: game.revealed ?? NONE,
    minePositions: game.minePositions ?? null,
    state: game.state,
    pendingTile,
    multiplier: game.multiplier,
    payout: game.payout,
  }
}

/**
 * The mines board canvas: it only animates what the store already holds. `children` (the page's
 * tile buttons, placed from minesLayout) sit over the canvas in the same box, so both share
 * its CSS pixels; the canvas itself is hidden from assistive technology.
 */
export default function MinesStage(props: { children?: ReactNode }) {
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(SNAPSHOT_TIME) : realClock), [])
  const t = useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [])
  const source = useCallback((apply: (s: MinesState) => void) => {
    // The slice also changes as the player types a stake: SceneHost drops a state equal to the last, field by field.
    const push = () => apply(minesState())
    const stopMines = subscribe(store.casino.mines, push)
    const stopLang = subscribe(store.session, push)
    return {
      initial: minesState(),
      stop: () => {
        stopMines()
        stopLang()
      },
    }
  }, [])
  const onHost = useCallback((h: StageHandle<MinesState> | null) => {
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null }
  }, [])
  return (
    <div className="game-stage mines-stage" ref={container} data-testid="mines-stage">
      <div aria-hidden="true">
        <Suspense fallback={null}>
          <SceneStage sceneId="mines" container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={SNAPSHOT_SEED} clock={clock} t={t} source={source} onHost={onHost} />
        </Suspense>
      </div>
      {props.children}
    </div>
  )
}
