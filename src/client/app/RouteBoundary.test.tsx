import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/i18n'
import { ChunkTimeout, CHUNK_TIMEOUT_MS, failedLoads, failedScript, lazyRoute, retryAddress, withTimeout } from './lazyRoute'
import { isLoadError, LOADING_SHOWN_AFTER_MS, RouteBoundary } from './RouteBoundary'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
  vi.useRealTimers()
})

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))
const page = (text: string) => ({ default: () => <p>{text}</p> })
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/RecordsPage-abc.js')
/** Safari's words: no address, so the retry calls the loader again. */
const safariError = () => new TypeError('Importing a module script failed.')

function show(node: React.ReactNode) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <p>header</p>
        <RouteBoundary>{node}</RouteBoundary>
      </I18nextProvider>,
    ),
  )
}

describe('withTimeout', () => {
  it('rejects with ChunkTimeout after the spec 120 s, and passes an answer through before that', async () => {
    vi.useFakeTimers()
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
    const never = withTimeout(new Promise(() => undefined))
    const caught = never.catch((e: unknown) => e)
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1)
    await Promise.resolve()
    let settled = false
    void never.then(
      () => (settled = true),
      () => (settled = true),
    )
    await Promise.resolve()
    expect(settled).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await caught).toBeInstanceOf(ChunkTimeout)
    await expect(withTimeout(Promise.resolve(5), 10)).resolves.toBe(5)
  })
})

describe('a route whose chunk fails', () => {
  it('shows the retry in its own area (the rest stays), and the retry imports the chunk again', async () => {
    let fail = true
    const load = vi.fn(() => (fail ? Promise.reject(safariError()) : Promise.resolve(page('Registros'))))
    const Route = lazyRoute(load)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    show(<Route />)
    await flush()
    expect(host.textContent).toContain('header')
    expect(host.querySelector('[role=alert] h1')?.textContent).toBe('Esta página não carregou')
    expect(failedLoads()).toBe(1)
    // React.lazy alone would replay the rejected promise: the retry must ask the loader again.
    fail = false
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Tentar de novo')
    act(() => retry?.click())
    await flush()
    quiet.mockRestore()
    expect(load).toHaveBeenCalledTimes(2)
    expect(failedLoads()).toBe(0)
    expect(host.textContent).toBe('headerRegistros')
  })

  it('a chunk that loaded is never loaded again; a page that throws says so, not "did not load"', async () => {
    const load = vi.fn(() => Promise.resolve(page('ok')))
    const Route = lazyRoute(load)
    show(<Route />)
    await flush()
    show(<Route />)
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    const Broken = () => {
      throw new Error('bug')
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    show(<Broken />)
    quiet.mockRestore()
    expect(host.querySelector('[role=alert] h1')?.textContent).toBe('Algo deu errado nesta página')
  })

  it('a retry after an error naming its script imports that script under a new address (the module map keeps the old one as failed)', () => {
    expect(failedScript(chunkError())).toBe('http://x/assets/RecordsPage-abc.js')
    expect(failedScript(new TypeError('error loading dynamically imported module: https://a.b/assets/x-1_2.js?retry=1'))).toBe('https://a.b/assets/x-1_2.js')
    expect(failedScript(safariError())).toBeNull()
    expect(failedScript('nope')).toBeNull()
    expect(retryAddress('http://x/assets/RecordsPage-abc.js', 2)).toBe('http://x/assets/RecordsPage-abc.js?retry=2')
  })

  it("a retry after a failure of what the page waits for (the locale table) loads the page's own chunk again, not the failed table's address", async () => {
    let ready = false
    const load = vi.fn(() => Promise.resolve(page('Bônus')))
    const Route = lazyRoute(load, {
      ready: () => (ready ? Promise.resolve() : Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/pt_BR-abc.js'))),
    })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    show(<Route />)
    await flush()
    expect(host.querySelector('[role=alert] h1')?.textContent).toBe('Esta página não carregou')
    ready = true
    act(() => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Tentar de novo')?.click())
    await flush()
    quiet.mockRestore()
    expect(load).toHaveBeenCalledTimes(2)
    expect(host.textContent).toBe('headerBônus')
  })

  it('a chunk still on its way shows nothing at first, then says it is loading (never a blank area for long)', async () => {
    vi.useFakeTimers()
    const Route = lazyRoute(() => new Promise<{ default: () => null }>(() => undefined))
    show(<Route />)
    expect(host.querySelector('[role=status]')?.textContent).toBe('')
    await act(async () => vi.advanceTimersByTime(LOADING_SHOWN_AFTER_MS))
    expect(host.querySelector('[role=status]')?.textContent).toBe('Carregando...')
  })

  it('tells a load failure from a bug', () => {
    expect(isLoadError(chunkError())).toBe(true)
    expect(isLoadError(safariError())).toBe(true)
    expect(isLoadError(new ChunkTimeout())).toBe(true)
    expect(isLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true)
    expect(isLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false)
  })
})
