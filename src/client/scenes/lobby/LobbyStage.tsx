import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { snapshot, subscribe } from 'valtio'
import { onlineCount } from '../../format/format'
import { i18n } from '../../i18n/i18n'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { store } from '../../store/store'
import type { LobbyState } from './LobbyScene'
import { FIXTURE_TIME, LOBBY_SLIDES } from './LobbyScene.fixtures'


/** The store's lobby slice as the scene's state. */
function lobbyState(): LobbyState {
  const lobby = snapshot(store.lobby)
  const session = { lang: store.session.lang }
  return { locale: session.lang, slides: LOBBY_SLIDES, slide: 0, online: onlineCount(lobby.onlineRaw, lobby.jitter), jackpot: lobby.jackpot }
}

/** The home lobby's canvas (Home mounts it after the page's load event; the DOM tiles never wait for it). */
export default function LobbyStage(props: { active: boolean }) {
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(FIXTURE_TIME) : realClock), [])
  const t = useCallback((key: string, params?: Record<string, unknown>) => i18n.t(key, params), [])
  const source = useCallback((apply: (s: LobbyState) => void) => {
    const stopLobby = subscribe(store.lobby, () => apply(lobbyState()))
    const stopLang = subscribe(store.session, () => apply(lobbyState()))
    return {
      initial: lobbyState(),
      stop: () => {
        stopLobby()
        stopLang()
      },
    }
  }, [])
  const host = useRef<StageHandle<LobbyState> | null>(null)
  const active = useRef(props.active)
  // Drawn once per mount: a new seed would remount the scene.
  const [seed] = useState(() => (SNAPSHOT_MODE ? SNAPSHOT_SEED : Date.now() % 100_000))
  const onHost = useCallback((h: StageHandle<LobbyState> | null) => {
    host.current = h
    if (h && !SNAPSHOT_MODE) h.setActive(active.current)
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null }
  }, [])
  // /home is kept alive while other pages show: its lobby stops drawing until it is back.
  useEffect(() => {
    active.current = props.active
    if (!SNAPSHOT_MODE) host.current?.setActive(props.active)
  }, [props.active])
  return (
    <div className="lobby-stage" ref={container} aria-hidden="true" data-testid="lobby-stage">
      <Suspense fallback={null}>
        <SceneStage sceneId="lobby" container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={seed} clock={clock} t={t} source={source} onHost={onHost} />
      </Suspense>
    </div>
  )
}
