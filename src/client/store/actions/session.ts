import { navigate } from 'wouter/use-browser-location'
import type { UserInfo, WireBalance } from '../../../shared/contract'
import { logout as logoutCall, restLogin, restRegister } from '../../../shared/contract/auth'
import { getBalance, getUserTest, userInfo as userInfoCall } from '../../../shared/contract/user'
import type { Locale } from '../../../shared/locales'
import { loadLanguage } from '../../i18n/i18n'
import { http } from '../api'
import { applyBalance, mergeUserInfo } from '../balance'
import { ERROR_CODES } from '../../../shared/contract/errors'
import { CallFailed, handleFailure, handleNetworkError } from '../errors'
import { clearAll, save } from '../persist'
import { store, type TestCredentials } from '../store'
import { closeOverlay, openOverlay, refreshCaptcha } from './ui'

/** Calls one contract call; on failure runs the error catalogue (unless `quiet`) and throws CallFailed. */
export async function api<T>(call: Parameters<typeof http.request>[0], options: Parameters<typeof http.request>[1] = {}, quiet = false): Promise<T> {
  return (await apiReply<T>(call, options, quiet)).data
}

/** The reply's message, for the calls whose message the spec shows as their success (setPwd). */
export async function apiMessage(call: Parameters<typeof http.request>[0], options: Parameters<typeof http.request>[1] = {}): Promise<string> {
  return (await apiReply<unknown>(call, options, false)).msg
}

async function apiReply<T>(call: Parameters<typeof http.request>[0], options: Parameters<typeof http.request>[1], quiet: boolean): Promise<{ data: T; msg: string }> {
  const sent = store.session.token
  let reply
  try {
    reply = await http.request<T>(call, options)
  } catch (err) {
    throw quiet ? new CallFailed(-1, '') : handleNetworkError(err)
  }
  if (reply.status === 200) return { data: reply.data, msg: reply.msg }
  if (quiet) {
    // A quiet call says nothing of its own failure, but a session that ended is the spec's logout
    // all the same (the login overlay opens), unless another logout or login came in between.
    if (isLoggedOut(reply) && sent && store.session.token === sent) void logout({ openLogin: true })
    throw new CallFailed(reply.status, reply.msg)
  }
  throw handleFailure(reply)
}

const isLoggedOut = (reply: { status: number; http: number }) => reply.status === ERROR_CODES.LOGGED_OUT.status || reply.http === 401

/**
 * The socket's server ended the connection (store/realtime): is the session `token` still valid?
 * A handshake refused with 40101 says no at once; a socket the server closed asks the server
 * (a logout on another device, a password change: 40101; a restart: the balance comes back).
 * A session that ended is cleared and the login overlay opens (the spec's logout flow), unless
 * another logout or login came in between. A network failure leaves the session as it is.
 */
export async function sessionStands(token: string, refused: boolean): Promise<boolean> {
  let stands = !refused
  if (!refused) {
    try {
      const reply = await http.request<WireBalance>(getBalance, { loading: false })
      if (reply.status === 200) applyBalance(reply.data)
      stands = !isLoggedOut(reply)
    } catch {
      return true
    }
  }
  if (!stands && store.session.token === token) await logout({ openLogin: true })
  return stands
}

function setToken(token: string | null): void {
  store.session.token = token
  save('token', token)
}

export function setUser(user: UserInfo | null): void {
  store.user = user && mergeUserInfo(user, store.user)
  save('userInfo', user)
}

/** Failure to load the user info resets it to the empty default (spec). */
export async function fetchUserInfo(): Promise<void> {
  try {
    setUser(await api<UserInfo>(userInfoCall, { loading: false }, true))
  } catch {
    setUser(null)
  }
}

export async function refreshBalance(): Promise<void> {
  try {
    applyBalance(await api<WireBalance>(getBalance, { loading: false }, true))
  } catch {
    // The balance on screen stays until the next reply or event.
  }
}

export interface LoginForm {
  username: string
  pwd: string
  codeId: number
  captCode: string
}

/** Login success: token stored, user info and balance fetched, panel closed. Failure: captcha refreshed. */
export async function login(form: LoginForm): Promise<boolean> {
  try {
    const { access_token } = await api<{ access_token: string }>(restLogin, { body: { ...form, username: form.username.trim().toLowerCase() } })
    setToken(access_token)
    await fetchUserInfo()
    await refreshBalance()
    closeOverlay()
    const { checkUserGift } = await import('./games')
    void checkUserGift()
    return true
  } catch (err) {
    refreshCaptcha()
    if (err instanceof CallFailed) return false
    throw err
  }
}

export interface RegisterForm {
  username: string
  pwd: string
  pwd1?: string
  phone?: string
  country?: string
  codeId: number
  captCode: string
}

/** Register success: token stored, user info fetched, panel closed, second-deposit overlay, invitation removed. */
export async function register(form: RegisterForm): Promise<boolean> {
  try {
    const body: Record<string, unknown> = { ...form, username: form.username.trim().toLowerCase(), isapp: store.session.isapp }
    if (store.session.invitation) body.regcode = store.session.invitation
    const { access_token } = await api<{ access_token: string }>(restRegister, { body })
    setToken(access_token)
    await fetchUserInfo()
    store.session.invitation = null
    save('invitation', null)
    openOverlay('secondDeposit')
    return true
  } catch (err) {
    refreshCaptcha()
    if (err instanceof CallFailed) return false
    throw err
  }
}

/**
 * Logout: local storage cleared, token emptied, login overlay shown. The language and device id
 * survive (they belong to the browser, not the account).
 */
export async function logout(options: { openLogin?: boolean; callServer?: boolean } = {}): Promise<void> {
  const token = store.session.token
  if (token && options.callServer) await api(logoutCall, { body: {}, loading: false }, true).catch(() => undefined)
  clearAll(['lang', 'deviceId'])
  setToken(null)
  store.user = null
  store.games.self = []
  store.games.inPlay = null
  store.ui.testAccount = null
  store.ui.sideMenu = false
  store.ui.accountMenu = false
  if (options.openLogin !== false) openOverlay('auth', 'login')
}

/** The side menu's 'SAIR': log out (the spec's flow: the login overlay opens) and go home. */
export async function logoutAndGoHome(): Promise<void> {
  navigate('/home')
  await logout({ callServer: true, openLogin: true })
}

export async function getTestAccount(): Promise<void> {
  const creds = await api<TestCredentials>(getUserTest)
  store.ui.testAccount = creds
  openOverlay('testAccount')
}

/** 'Mudar de conta': logout clears the session, then the test credentials are kept to fill the login form. */
export async function switchToTestAccount(): Promise<void> {
  const creds = store.ui.testAccount ?? (store.user?.extendInfo ? { ...store.user.extendInfo } : null)
  await logout({ callServer: true, openLogin: true })
  store.ui.testAccount = creds
  save('testAccount', creds)
}

export async function setLanguage(locale: Locale): Promise<void> {
  await loadLanguage(locale)
  store.session.lang = locale
  save('lang', locale)
}

export { storeInvitation } from './invitation'
