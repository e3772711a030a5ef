import { act, useEffect, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Locale } from '../../shared/locales'
import { useDecimalField } from './useDecimalField'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
/** The value the field keeps (the store's or a form's) as last committed, and its setter. */
const kept: { value: string; set: (v: string) => void } = { value: '', set: () => {} }

function Amount(props: { locale: Locale; initial: string }) {
  const [value, setValue] = useState(props.initial)
  useEffect(() => {
    kept.value = value
    kept.set = setValue
  }, [value])
  return <input aria-label="amount" {...useDecimalField(value, setValue, props.locale)} />
}

function input(): HTMLInputElement {
  const found = host.querySelector('input')
  if (!found) throw new Error('the field is not rendered')
  return found
}
/** The DOM's own value setter: React hears only what goes through it, as a user's typing does. */
const setDomValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
/** Types as a user does: React hears the input event with the new text. */
function type(text: string) {
  act(() => {
    if (!setDomValue) throw new Error('HTMLInputElement has no value setter')
    setDomValue.call(input(), text)
    input().dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const blur = () => act(() => input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })))

beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
})

describe('a decimal input', () => {
  it('pt-BR shows the stake 1.00 as 1,00 and takes a comma or a dot', () => {
    act(() => root.render(<Amount locale="pt_BR" initial="1.00" />))
    expect(input().value).toBe('1,00')
    type('0,2')
    expect(input().value).toBe('0,2')
    type('0,29')
    expect([input().value, kept.value]).toEqual(['0,29', '0.29'])
    type('2.5')
    expect([input().value, kept.value]).toEqual(['2.5', '2.5'])
    blur()
    expect(input().value).toBe('2,5')
  })

  it('keeps what is not a number as typed, so the value stays invalid', () => {
    act(() => root.render(<Amount locale="pt_BR" initial="1.00" />))
    type('1,234')
    expect([input().value, kept.value]).toEqual(['1,234', '1,234'])
    type('')
    expect(kept.value).toBe('')
  })

  it('shows a value set elsewhere (a button, an auto run) in the locale', () => {
    act(() => root.render(<Amount locale="pt_BR" initial="1.00" />))
    type('3')
    act(() => kept.set('6.00'))
    expect(input().value).toBe('6,00')
  })

  it('en-US keeps its dot', () => {
    act(() => root.render(<Amount locale="en_US" initial="1.00" />))
    expect(input().value).toBe('1.00')
    type('1,5')
    expect(kept.value).toBe('1,5')
    type('1.5')
    expect(kept.value).toBe('1.5')
  })
})
