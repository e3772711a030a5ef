import { useEffect, useRef } from 'react'
import { i18n } from '../i18n/i18n'
import { audio } from './audio'
import { realClock } from './clock'
import { TEST_BUILD } from './determinism'
import { sameFields } from './sameFields'
import type { SceneStageProps } from './stageProps'
import type { FromWorker, ToWorker } from './stageProtocol'
import type { StageHandle } from './types'

/**
 * The scene drawn by a worker (engine/sceneWorker.ts) on a canvas whose control this component
 * transfers to it: the page's main thread posts the scene's state, its box's size and the locale
 * tables, and plays the sounds the scene asks for; it draws nothing itself.
 */
export default function WorkerStage<S>(props: SceneStageProps<S> & { onFailed(): void }) {
  const { sceneId, container, motion, seed, clock, tuning, source, onHost, onFailed } = props
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const owner = container.current
    const slot = box.current
    if (!owner || !slot) return
    // A canvas of its own per mount: control of a canvas moves to a worker once (StrictMode mounts twice).
    const canvas = document.createElement('canvas')
    slot.appendChild(canvas)
    const offscreen = canvas.transferControlToOffscreen()
    const worker = new Worker(new URL('./sceneWorker.ts', import.meta.url), { type: 'module' })
    const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer)
    const measure = () => {
      const r = owner.getBoundingClientRect()
      return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) }
    }
    const renders = new Map<number, () => void>()
    let nextRender = 0
    const handle: StageHandle<S> = {
      update: (state) => send({ type: 'state', state }),
      render: () =>
        new Promise<void>((resolve) => {
          const id = nextRender++
          renders.set(id, resolve)
          send({ type: 'render', id })
        }),
      setActive: (active) => send({ type: 'active', active }),
    }
    worker.onerror = () => onFailed()
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data
      if (m.type === 'audio') audio.play(m.name)
      else if (m.type === 'ready') {
        if (TEST_BUILD) window.__app = { ...(window.__app ?? {}), batchTextures: m.batchTextures }
        onHost?.(handle)
      }
      else if (m.type === 'rendered') {
        renders.get(m.id)?.()
        renders.delete(m.id)
      } else if (m.type === 'failed') onFailed()
    }
    // A state equal to the last sent, field by field, stays here: across the worker boundary every
    // array is a new copy, so the worker could no longer tell (and posting costs a structured clone).
    let sent: S | undefined
    const { initial, stop } = source((state) => {
      if (sent !== undefined && sameFields(state, sent)) return
      sent = state
      send({ type: 'state', state })
    })
    sent = initial
    const tables = Object.fromEntries(Object.keys(i18n.store.data).map((lng) => [lng, i18n.getResourceBundle(lng, 'translation') as Record<string, unknown>]))
    const onTable = (lng: string) => send({ type: 'table', lng, table: i18n.getResourceBundle(lng, 'translation') as Record<string, unknown> })
    i18n.store.on('added', onTable)
    const { width, height } = measure()
    send(
      {
        type: 'mount',
        canvas: offscreen,
        sceneId,
        width,
        height,
        resolution: Math.min(window.devicePixelRatio || 1, 2),
        motion,
        seed,
        fixedTime: clock === realClock ? null : clock.now(),
        tuning,
        state: initial,
        tables,
      },
      [offscreen],
    )
    let last = `${width}x${height}`
    const resized = new ResizeObserver(() => {
      const size = measure()
      const key = `${size.width}x${size.height}`
      if (key === last) return
      last = key
      send({ type: 'resize', ...size })
    })
    resized.observe(owner)
    return () => {
      onHost?.(null)
      resized.disconnect()
      i18n.store.off('added', onTable)
      stop()
      worker.terminate()
      canvas.remove()
    }
  }, [sceneId, container, motion, seed, clock, tuning, source, onHost, onFailed])
  return <div ref={box} className="stage-slot" />
}
