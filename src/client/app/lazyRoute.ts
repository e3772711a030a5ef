/**
 * A route's code, loaded on demand and loaded again after a failure. Two caches stand in the way
 * of a retry: React.lazy keeps the promise of its first import for good, a rejected one included,
 * and the browser keeps a module script whose fetch failed as failed for the document's life (an
 * import() of the same address fails again at once, without asking the network). Here a failed
 * load makes a fresh lazy component, which imports the chunk again under a new address (its own
 * address plus `?retry=`), so the route boundary's retry really asks the network again.
 */
import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react'

/** The spec's chunk timeout: a script chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000

/** What a chunk that took too long rejects with. */
export class ChunkTimeout extends Error {
  constructor() {
    super('chunk load timed out')
    this.name = 'ChunkTimeout'
  }
}

/** `promise`, or a ChunkTimeout once `ms` have passed without it settling. */
export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeout()), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (err: unknown) => {
        clearTimeout(timer)
        reject(err instanceof Error ? err : new Error(String(err)))
      },
    )
  })
}

/**
 * The address of the script a failed import() names: Chrome ('Failed to fetch dynamically imported
 * module: <url>') and Firefox ('error loading dynamically imported module: <url>') give it, without
 * any query; Safari does not (null: the retry imports the usual way).
 */
export function failedScript(err: unknown): string | null {
  if (!(err instanceof Error)) return null
  const m = /(https?:\/\/[^\s'"?#]+\.m?js)\b/.exec(err.message)
  return m?.[1] ?? null
}

/** The chunk's address for a new try: the module map holds the plain one as failed. */
export const retryAddress = (url: string, attempt: number): string => `${url}?retry=${attempt}`

/** The loaders whose last load failed: each makes a fresh lazy component when retried. */
const failed = new Set<() => void>()

/** Forgets every failed load, so the next render of its route imports the chunk again. */
export function retryFailedLoads(): void {
  const again = [...failed]
  failed.clear()
  for (const renew of again) renew()
}

/** How many route loads have failed and wait for a retry (tests read it). */
export const failedLoads = (): number => failed.size

/** Imports a module by address at run time (the bundler leaves it alone). */
const importAddress = (url: string): Promise<unknown> => import(/* @vite-ignore */ url)

export interface LazyRouteOptions<M, T> {
  /** The page component in the module (its default export by default). */
  pick?: (module: M) => T
  /** What must be ready besides the module before the page renders (the full locale table). */
  ready?: () => Promise<unknown>
}

/**
 * A lazy route component whose failed load can be retried (retryFailedLoads). `load` is the
 * chunk's own `import()`, so the bundler splits and preloads it as usual; a retry after a failure
 * that named its script imports that address anew.
 */
/** A lazy route's page, with a way to start its loads before it first renders. */
export type LazyRoute<P> = ComponentType<P> & {
  /** Starts the chunk and what `ready` waits for (the first route of a visit, before the first render). */
  preload(): void
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any component's props
export function lazyRoute<M, T extends ComponentType<any>>(load: () => Promise<M>, options: LazyRouteOptions<M, T> = {}): LazyRoute<ComponentProps<T>> {
  const pick = options.pick ?? ((m: M) => (m as { default: T }).default)
  let current: LazyExoticComponent<T>
  let address: string | null = null
  let attempt = 0
  const renew = () => {
    const mine = attempt++
    const from = address
    current = lazy(async () => {
      const chunk = (from && mine > 0 ? (importAddress(retryAddress(from, mine)) as Promise<M>) : load()).catch((err: unknown) => {
        // Only the page's own import names the address to retry (not what `ready` loads).
        address = failedScript(err) ?? address
        throw err
      })
      try {
        const [module] = await withTimeout(Promise.all([chunk, options.ready?.()]))
        return { default: pick(module) }
      } catch (err) {
        failed.add(renew)
        throw err
      }
    })
  }
  renew()
  // Reads `current` at each render: after a retry the route renders the fresh lazy component.
  const route = (props: ComponentProps<T>) => createElement(current, props)
  // The browser keeps one module per address and `ready` its one promise: the render's own load
  // then finds them under way. A failure here is the render's to show (its boundary and retry).
  route.preload = () => {
    load().catch(() => undefined)
    options.ready?.()?.catch(() => undefined)
  }
  return route
}
