import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { api, login, sessionStands } from '../../src/client/store/actions/session'
import { store } from '../../src/client/store/store'
import { playMoneyServer, type PlayMoneyServer } from './playMoneyServer'

/** A session ended elsewhere (a logout on another device), against the real server and database. */
let server: PlayMoneyServer
let creds: { username: string; pwd: string }

async function captcha(): Promise<number> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  await (await fetch(`${server.base}/api/auth/user/captcha/${codeId}`)).text()
  return codeId
}

/** Another device signs in to the same account and signs every session out. */
async function logoutEverywhereFromAnotherDevice(): Promise<void> {
  const codeId = await captcha()
  const other = await (await fetch(`${server.base}/api/auth/user/restLogin`, { method: 'POST', headers: { 'content-type': 'application/json', deviceId: 'other-device' }, body: JSON.stringify({ ...creds, codeId, captCode: 'teste' }) })).json()
  const token = other.data.access_token as string
  const out = await (await fetch(`${server.base}/api/app/user/logoutAll`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: '{}' })).json()
  expect(out.status).toBe(200)
}

async function signIn(): Promise<void> {
  expect(await login({ ...creds, codeId: await captcha(), captCode: 'teste' })).toBe(true)
  store.ui.overlay = null
}

beforeAll(async () => {
  const started = await playMoneyServer('session-ended', { ROUNDS: 'off' })
  expect(started.loggedIn).toBe(true)
  server = started
  creds = { username: store.ui.testAccount!.username, pwd: store.ui.testAccount!.pwd }
})
afterAll(async () => {
  await server.close()
})

describe('a session ended on another device', () => {
  it('sessionStands: a live session stands and its balance is read; one ended elsewhere is cleared and the login overlay opens', async () => {
    const token = store.session.token!
    store.user!.balance = 1
    expect(await sessionStands(token, false)).toBe(true)
    expect(store.user?.balance).toBe(1000)
    expect(store.ui.overlay).toBeNull()

    await logoutEverywhereFromAnotherDevice()
    expect(await sessionStands(token, false)).toBe(false)
    expect(store.session.token).toBeNull()
    expect(store.user).toBeNull()
    expect(store.ui.overlay).toBe('auth')
    expect(store.ui.authTab).toBe('login')
  })

  it('a handshake refused (40101) logs out at once; a stale check after a new login leaves the new session alone', async () => {
    await signIn()
    const stale = 'no-longer-the-token'
    expect(await sessionStands(stale, true)).toBe(false)
    expect(store.session.token).not.toBeNull()
    const token = store.session.token!
    expect(await sessionStands(token, true)).toBe(false)
    expect(store.session.token).toBeNull()
    expect(store.ui.overlay).toBe('auth')
  })

  it('a quiet call answered 40101 logs out and opens the login overlay too', async () => {
    await signIn()
    await logoutEverywhereFromAnotherDevice()
    await expect(api(calls.userInfo, { loading: false }, true)).rejects.toThrow()
    await expect.poll(() => store.session.token).toBeNull()
    expect(store.ui.overlay).toBe('auth')
  })
})
