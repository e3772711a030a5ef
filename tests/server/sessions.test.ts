import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { maskIp } from '../../src/server/user/routes'
import { login, registerUser } from './flows'
import { call, startTestApp, type TestApp } from './testApp'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

type Listed = { device: string; ip: string; createdAt: number; lastSeenAt: number; current: boolean }
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

describe('the account page\'s sessions', () => {
  it('lists the player\'s own open sessions with their device, marks this one, hides the end of the address', async () => {
    const { email, pwd } = await registerUser(t)
    const phone = (await login(t, email, pwd, { deviceId: 'phone-a', 'user-agent': ANDROID }, '189.40.12.77')).body.data.access_token
    t.advance(60_000)
    const iphone = (await login(t, email, pwd, { deviceId: 'phone-b', 'user-agent': IPHONE }, '200.150.3.9')).body.data.access_token
    // Someone else's session never shows.
    await registerUser(t)
    const seen = (await call<Listed[]>(t, calls.mySessions, { token: phone })).body.data
    const fromPhone = seen.filter((s) => s.device !== '')
    // The most recently seen first: this very request saw the Android phone again.
    expect(fromPhone.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Chrome · Android', '189.40.12.*', true],
      ['Safari · iOS', '200.150.3.*', false],
    ])
    // The registration's own session (no user agent) is the third.
    expect(seen).toHaveLength(3)
    expect((await call<Listed[]>(t, calls.mySessions, { token: iphone })).body.data.find((s) => s.current)?.device).toBe('Safari · iOS')
    // A session that logged out is gone from the list.
    await call(t, calls.logout, { token: iphone })
    expect((await call<Listed[]>(t, calls.mySessions, { token: phone })).body.data.map((s) => s.device)).toEqual(['Chrome · Android', ''])
  })

  it('signs out everywhere: every session of the player ends, this one too, and no one else\'s', async () => {
    const { email, pwd, token } = await registerUser(t)
    const second = (await login(t, email, pwd, { deviceId: 'second' })).body.data.access_token
    const stranger = await registerUser(t)
    expect((await call(t, calls.logoutAll, { token: second })).body.status).toBe(200)
    for (const gone of [token, second]) expect((await call(t, calls.userInfo, { token: gone })).body.status).toBe(40101)
    expect((await call(t, calls.userInfo, { token: stranger.token })).body.status).toBe(200)
    // Without a session: refused, nothing else changes.
    expect((await call(t, calls.logoutAll, { token: second })).body.status).toBe(40101)
    expect((await call(t, calls.userInfo, { token: stranger.token })).body.status).toBe(200)
    // The password still works: a new session opens.
    expect((await login(t, email, pwd)).body.status).toBe(200)
  })

  it('masks IPv4, IPv4-mapped and IPv6 addresses', () => {
    expect(maskIp('189.40.12.77')).toBe('189.40.12.*')
    expect(maskIp('::ffff:10.0.0.5')).toBe('10.0.0.*')
    expect(maskIp('2804:14c:5b81:8a00::1')).toBe('2804:14c:5b81:*')
    expect(maskIp('')).toBe('')
  })
})
