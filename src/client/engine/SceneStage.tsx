import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { STAGE_ON_PAGE, TEST_BUILD } from './determinism'
import { loadScene } from './registry'
import type { SceneStageProps } from './stageProps'
import type { SceneDef } from './types'

const PixiStage = lazy(() => import('./PixiStage'))
const WorkerStage = lazy(() => import('./WorkerStage'))

/** A worker may own the scene's canvas: OffscreenCanvas and module workers are there (WebGL in it is tried, see SceneStage). */
function offscreenPossible(): boolean {
  return typeof OffscreenCanvas !== 'undefined' && typeof Worker !== 'undefined' && typeof HTMLCanvasElement !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype
}

/** The scene on the page's own thread: its definition (and Pixi) loaded here. */
function PageStage<S>(props: SceneStageProps<S>) {
  const [def, setDef] = useState<SceneDef<S> | null>(null)
  useEffect(() => {
    let live = true
    void loadScene(props.sceneId).then((d) => {
      if (live) setDef(d as SceneDef<S> | null)
    })
    return () => {
      live = false
    }
  }, [props.sceneId])
  return def ? <PixiStage {...props} def={def} /> : null
}

/**
 * A page's scene: drawn by a worker where the browser allows it (engine/WorkerStage.tsx: the
 * page's main thread then draws nothing per frame and never loads Pixi), else by Pixi on the
 * page's thread (engine/PixiStage.tsx). A worker that cannot start its renderer (no WebGL in
 * workers, as in older Safari) hands over to the page's thread.
 */
export function SceneStage<S>(props: SceneStageProps<S>) {
  const [inWorker, setInWorker] = useState(() => !STAGE_ON_PAGE && offscreenPossible())
  const onFailed = useCallback(() => setInWorker(false), [])
  useEffect(() => {
    // Tests read which thread draws.
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), stageThread: inWorker ? 'worker' : 'page' }
  }, [inWorker])
  return <Suspense fallback={null}>{inWorker ? <WorkerStage {...props} onFailed={onFailed} /> : <PageStage {...props} />}</Suspense>
}
