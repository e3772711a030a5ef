import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handleFailure, ERROR_ALERT_DELAY_MS } from './errors'
import { store } from './store'
import { save, load } from './persist'

beforeEach(() => {
  store.ui.alerts = []
  store.ui.overlay = null
  window.history.replaceState(null, '', '/home')
})
afterEach(() => vi.useRealTimers())

describe('error catalogue', () => {
  it('40101 or HTTP 401 logs out: storage cleared, token emptied, login overlay shown', async () => {
    store.session.token = 'tok'
    save('token', 'tok')
    save('lang', 'en_US')
    handleFailure({ status: 40101, msg: 'x', data: null, http: 401 })
    await Promise.resolve()
    expect(store.session.token).toBeNull()
    expect(load('token')).toBeNull()
    expect(load('lang')).toBe('en_US')
    expect(store.ui.overlay).toBe('auth')
    store.session.token = 'tok2'
    handleFailure({ status: -1, msg: '', data: null, http: 401 })
    await Promise.resolve()
    expect(store.session.token).toBeNull()
  })

  it('9999 alerts the message (or a dash) and sends to deposit after OK', () => {
    handleFailure({ status: 9999, msg: 'Saldo insuficiente', data: null, http: 402 })
    handleFailure({ status: 9999, msg: '', data: null, http: 500 })
    expect(store.ui.alerts.map((a) => [a.text, a.then])).toEqual([
      ['Saldo insuficiente', 'deposit'],
      ['-', 'deposit'],
    ])
  })

  it('1403 goes to the error page, as does an error without a message', () => {
    handleFailure({ status: 1403, msg: 'x', data: null, http: 500 })
    expect(location.pathname).toBe('/error')
    window.history.replaceState(null, '', '/home')
    handleFailure({ status: 1404, msg: '', data: null, http: 404 })
    expect(location.pathname).toBe('/error')
  })

  it('any other message is alerted after 500 ms', () => {
    vi.useFakeTimers()
    handleFailure({ status: 2002, msg: 'E-mail ou senha incorretos', data: null, http: 400 })
    vi.advanceTimersByTime(ERROR_ALERT_DELAY_MS - 1)
    expect(store.ui.alerts).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(store.ui.alerts[0]?.text).toBe('E-mail ou senha incorretos')
    expect(location.pathname).toBe('/home')
  })
})
