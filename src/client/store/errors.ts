import { navigate } from 'wouter/use-browser-location'
import type { Envelope } from '../../shared/contract'
import { ERROR_CODES } from '../../shared/contract/errors'
import { NetworkError } from '../api/http'
import { i18n } from '../i18n/i18n'
import { pushAlert } from './actions/ui'
import { logout } from './actions/session'

/** An alert for a failed call shows this long after the reply (spec: 500 ms). */
export const ERROR_ALERT_DELAY_MS = 500

/** A call that failed and has been handled by the catalogue; actions rethrow it to stop their flow. */
export class CallFailed extends Error {
  constructor(readonly status: number, readonly msg: string) {
    super(`call failed: ${status}`)
  }
}

/**
 * The spec's error catalogue, acting on the body's status whatever the HTTP code:
 * 40101 or HTTP 401 -> logout; 9999 -> alert (message or a dash), then deposit and home;
 * 1403 -> error page; any other message -> alert after 500 ms; no message -> error page.
 */
export function handleFailure(reply: Envelope & { http: number }): CallFailed {
  const { status, msg, http: code } = reply
  if (status === ERROR_CODES.LOGGED_OUT.status || code === 401) {
    void logout({ openLogin: true })
  } else if (status === ERROR_CODES.INSUFFICIENT_BALANCE.status) {
    pushAlert({ text: msg || '-', then: 'deposit' })
  } else if (status === ERROR_CODES.FORBIDDEN.status) {
    navigate('/error')
  } else if (msg) {
    setTimeout(() => pushAlert({ text: msg }), ERROR_ALERT_DELAY_MS)
  } else {
    navigate('/error')
  }
  return new CallFailed(status, msg)
}

/** A network failure or timeout: the translated 'connection slow' alert. */
export function handleNetworkError(err: unknown): CallFailed {
  if (err instanceof NetworkError) {
    setTimeout(() => pushAlert({ text: i18n.t('errors.network') }), ERROR_ALERT_DELAY_MS)
    return new CallFailed(-1, i18n.t('errors.network'))
  }
  throw err
}
