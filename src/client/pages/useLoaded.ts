import { useCallback, useEffect, useState, type DependencyList } from 'react'

export interface LoadedOptions {
  /** While false nothing is read and the value reads null (a guest on a players' page). Default true. */
  enabled?: boolean
  /** Read again every pollMs while the page shows (a live list); not set: read once per deps. */
  pollMs?: number
}

/**
 * The one way a page gets its data: reads `load()` when `deps` change, again every `pollMs` if set,
 * and when `reload()` is called. Keeps the last value; an answer that arrives after the page left or
 * the deps changed is dropped (the load of the render that set the deps is the one polled), so a slow answer never replaces a newer one. A failed read keeps what
 * was shown (the call's own alert tells the player).
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList, options: LoadedOptions = {}): [T | null, (v: T) => void, () => void] {
  const { enabled = true, pollMs } = options
  const [value, setValue] = useState<T | null>(null)
  const [nonce, setNonce] = useState(0)
  useEffect(() => {
    if (!enabled) return
    let live = true
    // Each read has a number: only the newest one's answer is kept.
    let asked = 0
    const read = () => {
      const mine = ++asked
      load().then(
        (v) => live && mine === asked && setValue(() => v),
        () => undefined,
      )
    }
    read()
    const timer = pollMs ? setInterval(read, pollMs) : undefined
    return () => {
      live = false
      clearInterval(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the read depends on
  }, [enabled, pollMs, nonce, ...deps])
  const reload = useCallback(() => setNonce((n) => n + 1), [])
  const set = useCallback((v: T) => setValue(() => v), [])
  return [enabled ? value : null, set, reload]
}
