import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snapshot, subscribe, useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { todayWins } from '../../../shared/contract/appInfo'
import { ACTIVITIES } from '../../../shared/loyalty/activities'
import { api } from '../../store/actions/session'
import { formatMoney, onlineCount } from '../../format/format'
import { i18n } from '../../i18n/i18n'
import { fixedClock, realClock } from '../../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME, TEST_BUILD } from '../../engine/determinism'
import { SceneStage } from '../../engine/SceneStage'
import type { StageHandle } from '../../engine/types'
import { preferredMotion } from '../../engine/useAfterLoad'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'
import type { LobbyState } from '../../scenes/lobby/types'
import { LOBBY_SLIDES } from '../../scenes/lobby/slides'
import tuning from '../../scenes/lobby/lobby.tuning.json'

/** How often the home reads today's wins again while it shows. */
const WINS_POLL_MS = 30_000


/** The store's lobby slice as the scene's state. */
function lobbyState(): LobbyState {
  const lobby = snapshot(store.lobby)
  const session = { lang: store.session.lang }
  return { locale: session.lang, slides: LOBBY_SLIDES, slide: lobby.slide, online: onlineCount(lobby.onlineRaw, lobby.jitter), jackpot: lobby.jackpot }
}

/** Today's wins for the banner's counter, read now and every WINS_POLL_MS while home shows; it counts up between reads. */
function useTodayWins(active: boolean): void {
  useLoaded(
    () =>
      api<{ total: number; perSecond: number }>(todayWins, { loading: false }, true).then((w) => {
        store.lobby.jackpot = { base: w.total, perSecond: w.perSecond, since: Date.now() }
      }),
    [],
    { enabled: active && !SNAPSHOT_MODE, pollMs: WINS_POLL_MS },
  )
}

/**
 * The banner's DOM twin over the canvas: the slide on show is a link to its activity (/active{id});
 * dots choose a slide; a swipe moves one. Slides advance every slideMs, not with reduced motion,
 * and not while a finger, the pointer or the keyboard focus is on the banner.
 */
function Carousel(props: { active: boolean }) {
  const { t } = useTranslation()
  const { slide, jackpot } = useSnapshot(store.lobby)
  const lang = useSnapshot(store.session).lang
  const [held, setHeld] = useState(false)
  const [paused, setPaused] = useState(false)
  const swipe = useRef<{ x: number; moved: boolean } | null>(null)
  const count = ACTIVITIES.length
  const go = (i: number) => (store.lobby.slide = ((i % count) + count) % count)
  useEffect(() => {
    if (!props.active || held || paused || SNAPSHOT_MODE || preferredMotion() === 'reduced') return
    const id = setInterval(() => (store.lobby.slide = (store.lobby.slide + 1) % count), tuning.slideMs)
    return () => clearInterval(id)
  }, [props.active, held, paused, count])
  const activity = ACTIVITIES[slide] ?? ACTIVITIES[0]
  if (!activity) return null
  return (
    <div
      className="lobby-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('lobby.banner')}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Link
        href={`/active${activity.id}`}
        className="lobby-slide-link"
        data-testid="lobby-slide-link"
        aria-label={`${t(`lobby.bannerSlides.${activity.key}`)} (${t('lobby.slideOf', { n: slide + 1, count })})`}
        onPointerDown={(e) => (swipe.current = { x: e.clientX, moved: false })}
        onPointerUp={(e) => {
          const dx = swipe.current ? e.clientX - swipe.current.x : 0
          if (Math.abs(dx) > 40) {
            swipe.current = { x: e.clientX, moved: true }
            go(slide + (dx < 0 ? 1 : -1))
          }
        }}
        onClick={(e) => {
          // A swipe changes the slide; it does not follow the link.
          if (swipe.current?.moved) e.preventDefault()
          swipe.current = null
        }}
      />
      {jackpot && (
        <p className="visually-hidden">
          {t('lobby.todayWins')}: {formatMoney(jackpot.base, lang)}
        </p>
      )}
      <div className="lobby-dots">
        {ACTIVITIES.map((a, i) => (
          <button key={a.id} type="button" aria-label={t('lobby.slideOf', { n: i + 1, count })} aria-current={i === slide ? 'true' : undefined} onClick={() => go(i)} />
        ))}
        <button type="button" className="lobby-pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? t('lobby.playSlides') : t('lobby.pauseSlides')}
        </button>
      </div>
    </div>
  )
}

/** The home lobby's canvas (Home mounts it after the page's load event; the DOM tiles never wait for it). */
export default function LobbyStage(props: { active: boolean }) {
  const container = useRef<HTMLDivElement>(null)
  const clock = useMemo(() => (SNAPSHOT_MODE ? fixedClock(SNAPSHOT_TIME) : realClock), [])
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
  useTodayWins(props.active)
  return (
    <div className="lobby-stage" data-testid="lobby-stage">
      <div className="lobby-canvas" ref={container} aria-hidden="true">
        <Suspense fallback={null}>
          <SceneStage sceneId="lobby" container={container} motion={SNAPSHOT_MODE ? 'none' : preferredMotion()} seed={seed} clock={clock} t={t} source={source} onHost={onHost} />
        </Suspense>
      </div>
      <Carousel active={props.active} />
    </div>
  )
}
