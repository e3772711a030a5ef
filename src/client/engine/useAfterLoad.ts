import { useEffect, useState } from 'react'
import { TEST_BUILD } from './determinism'

/** True once the page's load event has fired: the scene layer starts only then, after the first paint. */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && document.readyState === 'complete')
  useEffect(() => {
    if (loaded) return
    const on = () => setLoaded(true)
    // The load event may have fired between the first render and this effect (a transition's
    // commit comes late): a listener added now would wait for ever, and the app would start
    // nothing that waits for the load (the socket, the player's data). Seen when a game page,
    // its code preloaded, was a visit's first route: no socket, the rounds never moved.
    if (document.readyState === 'complete') {
      on()
      return
    }
    window.addEventListener('load', on, { once: true })
    return () => window.removeEventListener('load', on)
  }, [loaded])
  return loaded
}

/** A hidden tab runs no animation frames: the work waits at most this long for one (ms). */
const PAINT_WAIT_MS = 500

/**
 * True once the browser has produced a frame after this component mounted (an animation frame,
 * then a task): work started then (requests, chunks, workers) does not hold back that frame, so the
 * page's largest paint (the lobby's tiles on /home) is not behind it.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    const done = () => setPainted(true)
    let task: ReturnType<typeof setTimeout> | undefined
    const fallback = setTimeout(done, PAINT_WAIT_MS)
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (task = setTimeout(done, 0))) : 0
    return () => {
      clearTimeout(fallback)
      clearTimeout(task)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return painted
}

/**
 * For a game's scene: true after the load event and a frame after the page mounted. A route that is
 * the first page of a visit has often loaded by the time it renders (its chunk came before the load
 * event): the scene's chunks and worker then start only once the controls have painted.
 */
export function useSceneStart(): boolean {
  const loaded = useAfterLoad()
  const painted = usePainted()
  return loaded && painted
}

/** The motion level: 'none' in snapshot mode, 'reduced' when the user asks for less motion. */
export function preferredMotion(): 'full' | 'reduced' {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full'
}

/** How long a page left alone waits before its decorative scene starts (ms). */
const DECOR_IDLE_MS = 5000
const WAKE_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/**
 * For a decorative scene (the lobby banner: the DOM tiles are the page): true once the page has
 * loaded and then either the user touched, typed or scrolled, or the page has been idle for
 * DECOR_IDLE_MS. Pixi's start-up (its chunks, the WebGL context, the shaders: hundreds of ms on a
 * slow phone) then never competes with the first paint and the first taps; until it runs the
 * banner's box shows its CSS background at its final size. Test builds start it at the load event.
 */
export function useDecorStart(): boolean {
  const loaded = useAfterLoad()
  const [woken, setStarted] = useState(false)
  const started = loaded && (TEST_BUILD || woken)
  useEffect(() => {
    if (!loaded || started) return
    const start = () => setStarted(true)
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 1000 })
      else start()
    }, DECOR_IDLE_MS)
    for (const name of WAKE_EVENTS) window.addEventListener(name, start, { once: true, passive: true })
    return () => {
      clearTimeout(timer)
      for (const name of WAKE_EVENTS) window.removeEventListener(name, start)
    }
  }, [loaded, started])
  return started
}
