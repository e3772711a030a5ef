import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'wouter'
import { fixedClock, realClock } from '../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME } from '../engine/determinism'
import { FIRST_SCENE_ID, SCENE_IDS, loadScene } from '../engine/registry'
import type { SceneHost } from '../engine/SceneHost'
import type { Motion, SceneDef, Tuning } from '../engine/types'
import { ensureLocale, i18n } from '../i18n/i18n'
import { replayOf } from './replay'
import { TuningActions, TuningPanel } from './TuningPanel'
import './dev.css'

const PixiStage = lazy(() => import('../engine/PixiStage'))

declare global {
  interface Window {
    __app?: Record<string, unknown>
  }
}

/** The switcher's addresses keep snapshot mode on once it is on. */
const href = (path: string) => `${path}${SNAPSHOT_MODE ? '?snapshot=1' : ''}`

/**
 * /dev/scenes/<id>/<fixture>: every registered scene and its fixtures as links, the scene (kept in
 * view while the knobs scroll), its motion replayed on a loop, and a tuning panel that saves; with
 * ?snapshot=1 the deterministic mode the visual snapshots capture. Dev and test builds only.
 */
export default function SceneSwitcher() {
  const { t } = useTranslation()
  const params = useParams<{ id?: string; fixture?: string }>()
  const id = params.id ?? FIRST_SCENE_ID
  const [def, setDef] = useState<SceneDef<unknown> | null>(null)
  const [tuning, setTuning] = useState<Tuning>({})
  const [motion, setMotion] = useState<Motion>(SNAPSHOT_MODE ? 'none' : 'full')
  const [loop, setLoop] = useState(true)
  // The scene whose definition and tuning have arrived: the stage waits for the one in the address.
  const [readyId, setReadyId] = useState<string | null>(null)
  const ready = readyId === id
  const container = useRef<HTMLDivElement>(null)
  // Stops the running loop (an outside feed of states, the bench's, takes over).
  const stopLoop = useRef<() => void>(() => {})

  useEffect(() => {
    let live = true
    void loadScene(id).then(async (d) => {
      if (!live || !d) return
      const states = Object.values(d.fixtures) as { locale?: string }[]
      for (const locale of new Set(states.map((s) => s.locale).filter(Boolean))) await ensureLocale(locale as never)
      setDef(d)
      setTuning(Object.fromEntries(Object.entries(d.tuning).map(([k, p]) => [k, p.value])))
      setReadyId(id)
    })
    return () => {
      live = false
    }
  }, [id])

  const fixtureName = params.fixture ?? (def ? Object.keys(def.fixtures)[0] : undefined)
  const fixture = def && fixtureName ? def.fixtures[fixtureName] : undefined
  // As the snapshots draw it (the fixture's own moment, no motion), or in motion on the wall clock.
  const still = SNAPSHOT_MODE || motion === 'none'
  const clock = useMemo(() => (still ? fixedClock(SNAPSHOT_TIME) : realClock), [still])
  const tr = useCallback((key: string, p?: Record<string, unknown>) => i18n.t(key, p), [])
  const source = useCallback(
    (apply: (state: unknown) => void) => {
      if (still) return { initial: fixture, stop: () => {} }
      const replay = replayOf(fixture)
      const start = Date.now()
      const period = loop ? replay.periodMs : null
      let timer: ReturnType<typeof setTimeout> | undefined
      // Each pass begins on its own schedule (start + n periods), so the loop does not drift.
      const next = (n: number) => {
        if (period === null) return
        timer = setTimeout(() => {
          apply(replay.state(n, start + n * period))
          next(n + 1)
        }, Math.max(0, start + n * period - Date.now()))
      }
      next(1)
      const stop = () => clearTimeout(timer)
      stopLoop.current = stop
      return { initial: replay.state(0, start), stop }
    },
    [fixture, still, loop],
  )
  const onHost = useCallback(
    (h: SceneHost<unknown> | null) => {
      // Tests and the bench feed states through this: one from outside stops the loop.
      const feed = h && {
        render: () => h.render(),
        update: (state: unknown) => {
          stopLoop.current()
          h.update(state)
        },
      }
      window.__app = { ...(window.__app ?? {}), sceneHost: feed, sceneReady: h !== null, fixtures: def?.fixtures }
    },
    [def],
  )

  return (
    <section className="dev-scenes">
      <h1>{t('dev.title')}</h1>
      <nav aria-label={t('dev.title')}>
        <ul className="dev-scene-list">
          {SCENE_IDS.map((sid) => (
            <li key={sid}>
              <Link href={href(`/dev/scenes/${sid}`)} aria-current={sid === id ? 'page' : undefined}>
                {sid}
              </Link>
            </li>
          ))}
        </ul>
        {def?.id === id && (
          <ul className="dev-fixture-list" aria-label={t('dev.fixtures', { scene: id })}>
            {Object.keys(def.fixtures).map((f) => (
              <li key={f}>
                <Link href={href(`/dev/scenes/${id}/${f}`)} aria-current={f === fixtureName ? 'page' : undefined}>
                  {f}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <div className="dev-stage-dock">
        <div className={`dev-stage ${id}`} ref={container} data-testid="dev-stage">
          {ready && def && fixture !== undefined && (
            <Suspense fallback={null}>
              <PixiStage key={`${id}/${fixtureName}/${motion}`} def={def} container={container} motion={motion} seed={SNAPSHOT_SEED} clock={clock} t={tr} tuning={tuning} source={source} onHost={onHost} />
            </Suspense>
          )}
        </div>
        {!SNAPSHOT_MODE && def && <TuningActions key={id} sceneId={id} spec={def.tuning} values={tuning} onChange={setTuning} />}
      </div>
      {!SNAPSHOT_MODE && def && <TuningPanel spec={def.tuning} values={tuning} onChange={setTuning} motion={motion} onMotion={setMotion} loop={loop} onLoop={setLoop} />}
    </section>
  )
}
