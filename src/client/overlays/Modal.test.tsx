import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n/i18n'
import { Modal } from './Modal'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
let closed = 0

/** A dialog whose caller passes a new onClose each render, with a field that re-renders it on each keystroke. */
function Slip() {
  const [stake, setStake] = useState('')
  return (
    <Modal title="Cupom" onClose={() => closed++}>
      <button type="button">first</button>
      <input aria-label="stake" value={stake} onChange={(e) => setStake(e.target.value)} />
    </Modal>
  )
}

beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  closed = 0
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
})

describe('Modal', () => {
  it('keeps focus in the field being typed in when the caller passes a new onClose each render; Escape calls the latest', () => {
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <Slip />
        </I18nextProvider>,
      ),
    )
    const input = host.querySelector('input')!
    act(() => input.focus())
    for (const text of ['1', '12', '125']) {
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        setter.call(input, text)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
      expect(document.activeElement).toBe(input)
    }
    expect(input.value).toBe('125')
    act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(closed).toBe(1)
  })
})
