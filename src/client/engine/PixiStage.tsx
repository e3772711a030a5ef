// Before any renderer exists: shaders and uniforms built without eval, as the page's policy forbids it.
import 'pixi.js/unsafe-eval'
import { Application, useApplication } from '@pixi/react'
import { useEffect, useState } from 'react'
import { audio } from './audio'
import { capBatchTextures } from './batchTextures'
import { TEST_BUILD } from './determinism'
import { SceneHost } from './SceneHost'
import type { StageProps } from './stageProps'

capBatchTextures()

function SceneMount<S>(props: StageProps<S>) {
  const { app, isInitialised } = useApplication()
  const { def, motion, seed, clock, t, tuning, source, onHost } = props
  useEffect(() => {
    if (!isInitialised) return
    if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), batchTextures: app.renderer.limits.maxBatchableTextures }
    const host = new SceneHost<S>(app)
    host.mount({ def, motion, seed, clock, t, tuning, source, audio })
    onHost?.(host)
    // StrictMode mounts, unmounts and mounts again: unmount leaves nothing behind, so the second mount starts clean.
    return () => {
      onHost?.(null)
      host.unmount()
    }
  }, [app, isInitialised, def, motion, seed, clock, t, tuning, source, onHost])
  return null
}

/** The Pixi application, hosted by @pixi/react (WebGL; WebGPU is not available here), with one scene in it. */
export default function PixiStage<S>(props: StageProps<S>) {
  const [resolution] = useState(() => Math.min(window.devicePixelRatio || 1, 2))
  return (
    <Application resizeTo={props.container} preference="webgl" antialias={false} backgroundAlpha={0} autoDensity resolution={resolution}>
      <SceneMount {...props} />
    </Application>
  )
}
