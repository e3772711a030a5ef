import { act, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoaded, type LoadedOptions } from './useLoaded'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
let reload: () => void = () => {}

function Shown(props: { load: () => Promise<string>; dep: number; options?: LoadedOptions }) {
  const [value, , again] = useLoaded(props.load, [props.dep], props.options)
  useEffect(() => {
    reload = again
  }, [again])
  return <p>{value ?? 'none'}</p>
}

/** A load whose answers the test releases one by one, in any order. */
function deferred() {
  const waiting: ((v: string) => void)[] = []
  const load = vi.fn(() => new Promise<string>((resolve) => waiting.push(resolve)))
  return { load, answer: (i: number, v: string) => waiting[i]?.(v) }
}

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

describe('useLoaded', () => {
  it('keeps only the newest read: a slow answer to an older deps never replaces a newer one', async () => {
    const { load, answer } = deferred()
    act(() => root.render(<Shown load={load} dep={1} />))
    act(() => root.render(<Shown load={load} dep={2} />))
    expect(load).toHaveBeenCalledTimes(2)
    await act(async () => answer(1, 'new'))
    await act(async () => answer(0, 'old'))
    expect(host.textContent).toBe('new')
  })

  it('reads nothing while disabled and shows null', async () => {
    const { load } = deferred()
    act(() => root.render(<Shown load={load} dep={1} options={{ enabled: false }} />))
    expect(load).not.toHaveBeenCalled()
    expect(host.textContent).toBe('none')
  })

  it('polls every pollMs and stops when the page leaves', async () => {
    vi.useFakeTimers()
    let n = 0
    const load = vi.fn(async () => `v${++n}`)
    await act(async () => root.render(<Shown load={load} dep={1} options={{ pollMs: 1000 }} />))
    expect(host.textContent).toBe('v1')
    await act(async () => vi.advanceTimersByTime(2100))
    expect(host.textContent).toBe('v3')
    act(() => root.unmount())
    root = createRoot(host)
    vi.advanceTimersByTime(5000)
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('reload() reads again with the same deps; a failed read keeps the value shown', async () => {
    const answers = [Promise.resolve('first'), Promise.reject(new Error('offline')), Promise.resolve('third')]
    answers[1]?.catch(() => undefined)
    let i = 0
    const load = vi.fn(() => answers[i++] as Promise<string>)
    await act(async () => root.render(<Shown load={load} dep={1} />))
    expect(host.textContent).toBe('first')
    await act(async () => reload())
    expect(host.textContent).toBe('first')
    await act(async () => reload())
    expect(host.textContent).toBe('third')
  })
})
