import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { useAfterLoad } from './useAfterLoad'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

function Shown() {
  return <p>{useAfterLoad() ? 'loaded' : 'waiting'}</p>
}

/** document.readyState as the browser would say it: `states` in turn, the last one for good. */
function readyStates(...states: DocumentReadyState[]) {
  let i = 0
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => states[Math.min(i++, states.length - 1)] })
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState')
})

describe('useAfterLoad', () => {
  it('is true when the load event fired between the first render and its effect (no event will come again)', () => {
    const host = document.createElement('div')
    const root = createRoot(host)
    // Still loading when the component first renders; complete by the time its effect runs.
    readyStates('loading', 'complete')
    act(() => root.render(<Shown />))
    expect(host.textContent).toBe('loaded')
    act(() => root.unmount())
  })

  it('waits for the load event while the page is loading, then is true', () => {
    const host = document.createElement('div')
    const root = createRoot(host)
    readyStates('loading')
    act(() => root.render(<Shown />))
    expect(host.textContent).toBe('waiting')
    act(() => void window.dispatchEvent(new Event('load')))
    expect(host.textContent).toBe('loaded')
    act(() => root.unmount())
  })
})
