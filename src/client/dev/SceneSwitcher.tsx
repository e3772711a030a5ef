import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'wouter'
import { fixedClock, realClock } from '../engine/clock'
import { SNAPSHOT_MODE, SNAPSHOT_SEED, SNAPSHOT_TIME } from '../engine/determinism'
import { FIRST_SCENE_ID, SCENE_IDS, loadScene } from '../engine/registry'
import type { SceneHost } from '../engine/SceneHost'
import type { Motion, SceneDef, Tuning } from '../engine/types'
import { ensureLocale, i18n } from '../i18n/i18n'
import { TuningPanel } from './TuningPanel'

const PixiStage = lazy(() => import('../engine/PixiStage'))

declare global {
  interface Window {
    __app?: Record<string, unknown>
  }
}

/**
 * /dev/scenes/<id>/<fixture>: every registered scene and its fixtures, a tuning panel, and with
 * ?snapshot=1 the deterministic mode the visual snapshots capture. Dev and test builds only.
 */
export default function SceneSwitcher() {
  const { t } = useTranslation()
  const params = useParams<{ id?: string; fixture?: string }>()
  const id = params.id ?? FIRST_SCENE_ID
  const [def, setDef] = useState<SceneDef<unknown> | null>(null)
  const [tuning, setTuning] = useState<Tuning>({})
  const [motion, setMotion] = useState<Motion>(SNAPSHOT_MODE ? 'none' : 'full')
  // The scene whose definition and tuning have arrived: the stage waits for the one in the address.
  const [readyId, setReadyId] = useState<string | null>(null)
  const ready = readyId === id
  const container = useRef<HTMLDivElement>(null)
  const host = useRef<SceneHost<unknown> | null>(null)

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
  const clock = useMemo(() => (SNAPSHOT_MODE || motion === 'none' ? fixedClock(SNAPSHOT_TIME) : realClock), [motion])
  const tr = useCallback((key: string, p?: Record<string, unknown>) => i18n.t(key, p), [])
  const source = useCallback(() => ({ initial: fixture, stop: () => {} }), [fixture])
  const onHost = useCallback((h: SceneHost<unknown> | null) => {
    host.current = h
    window.__app = { ...(window.__app ?? {}), sceneHost: h, sceneReady: h !== null, fixtures: def?.fixtures }
  }, [def])

  return (
    <section className="dev-scenes">
      <h1>{t('dev.title')}</h1>
      <nav aria-label={t('dev.scene')}>
        {SCENE_IDS.map((sid) => (
          <div key={sid}>
            <strong>{sid}</strong>
            <ul>
              {def?.id === sid &&
                Object.keys(def.fixtures).map((f) => (
                  <li key={f}>
                    <Link href={`/dev/scenes/${sid}/${f}${SNAPSHOT_MODE ? '?snapshot=1' : ''}`} aria-current={f === fixtureName ? 'page' : undefined}>
                      {f}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={`dev-stage ${id}`} ref={container} data-testid="dev-stage">
        {ready && def && fixture !== undefined && (
          <Suspense fallback={null}>
            <PixiStage key={`${id}/${fixtureName}/${motion}`} def={def} container={container} motion={motion} seed={SNAPSHOT_SEED} clock={clock} t={tr} tuning={tuning} source={source} onHost={onHost} />
          </Suspense>
        )}
      </div>
      {!SNAPSHOT_MODE && def && (
        <TuningPanel sceneId={id} spec={def.tuning} values={tuning} onChange={setTuning} motion={motion} onMotion={setMotion} />
      )}
    </section>
  )
}
