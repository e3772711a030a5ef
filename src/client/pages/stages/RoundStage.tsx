import { Suspense, useCallback, useMemo, useRef } from 'react'
import { snapshot, subscribe } from 'valtio'
import { ROUND_GAMES } from '../../../shared/games/rounds/registry'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { i18n } from '../../i18n/i18n'
import { store } from '../../store/store'
import type { RoundSceneState } from '../../scenes/rounds/types'

/** The scene's state from the game's slice: the server's times on this device's clock, the rounds before this one. */
function roundSceneState(game: RoundGameId): RoundSceneState {
  const slice = snapshot(store.rounds[game])
  const live = slice.live
  const offset = slice.clockOffset
  const totals: Record<string, number> = {}
  let bets = 0
  for (const x of live?.totals ?? []) {
    totals[x.choice] = x.amount
    bets += x.bets
  }
  const paid = slice.lastPayout
  return {
    game,
    locale: store.session.lang,
    roundId: live?.roundId ?? null,
    bettingEndsAt: (live?.bettingEndsAt ?? 0) - offset,
    drawEndsAt: (live?.drawEndsAt ?? 0) - offset,
    nextAt: (live?.nextAt ?? 0) - offset,
    bettingMs: ROUND_GAMES[game].timings.bettingMs,
    roll: live?.roll ?? null,
    recent: slice.recent.filter((r) => r.roundId !== live?.roundId).map((r) => r.roll),
    totals,
    bets,
    payout: paid && live && paid.roundId === live.roundId ? paid.payout : 0,
  }
}

/** A shared-round game's canvas: it only draws what the store holds, on the round's clock. */
export default function RoundStage(props: { game: RoundGameId }) {
  const { game } = props
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(SNAPSHOT_TIME) : realClock), [])
  const t = useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [])
  const source = useCallback(
    (apply: (s: RoundSceneState) => void) => {
      const stop = subscribe(store.rounds[game], () => apply(roundSceneState(game)))
      return { initial: roundSceneState(game), stop }
    },
    [game],
  )
  const onHost = useCallback((h: StageHandle<RoundSceneState> | null) => {
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null }
  }, [])
  return (
    <div className={`game-stage ${game}`} ref={container} aria-hidden="true">
      <Suspense fallback={null}>
        <SceneStage sceneId={game} container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={SNAPSHOT_SEED} clock={clock} t={t} source={source} onHost={onHost} />
      </Suspense>
    </div>
  )
}
