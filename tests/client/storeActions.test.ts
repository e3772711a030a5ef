import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { setApiBase } from '../../src/client/store/api'
import { setAvatar } from '../../src/client/store/actions/account'
import { loadMainGames } from '../../src/client/store/actions/games'
import { getTestAccount, login, logout, register, switchToTestAccount } from '../../src/client/store/actions/session'
import { cancelOrder, loadPrices, resumeOrder, startDeposit, submitKyc } from '../../src/client/store/actions/cashier'
import { store } from '../../src/client/store/store'

/** The store's actions against the real server and a real embedded database. */
let app: App
let dataDir: string

async function captcha(base: string): Promise<number> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).text()
  return codeId
}

let base = ''
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-client-'))
  app = await buildApp(loadConfig({ DATA_DIR: dataDir, CAPTCHA_FIXED_ANSWER: 'teste', LOG: '0', CLIENT_DIR: path.join(dataDir, 'none'), ROUNDS: 'off' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  setApiBase(base)
  store.session.deviceId = 'store-test'
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('store actions', () => {
  const email = `store.${Date.now()}@example.com`

  it('register stores the token and user, opens the second-deposit overlay and drops the invitation', async () => {
    store.session.invitation = 'UNKNOWN1'
    expect(await register({ username: email, pwd: 'segredo123', codeId: await captcha(base), captCode: 'teste' })).toBe(false)
    // A failed register refreshed the captcha and kept the invitation.
    expect(store.ui.captchaNonce).toBeGreaterThan(0)
    store.session.invitation = null
    expect(await register({ username: email.toUpperCase(), pwd: 'segredo123', codeId: await captcha(base), captCode: 'teste' })).toBe(true)
    expect(store.session.token).toMatch(/^[\w-]{43}$/)
    expect(store.user?.email).toBe(email)
    expect(store.user?.balance).toBe(0)
    expect(store.ui.overlay).toBe('secondDeposit')
    await loadMainGames()
    expect(store.games.self.map((g) => g.gameType)).toContain('mines')
    await setAvatar(12)
    expect(store.user?.header).toBe(12)
  })

  it('logout clears the session; login brings it back and closes the panel', async () => {
    await logout({ callServer: true })
    expect(store.session.token).toBeNull()
    expect(store.user).toBeNull()
    expect(store.ui.overlay).toBe('auth')
    expect(await login({ username: email, pwd: 'segredo123', codeId: await captcha(base), captCode: 'teste' })).toBe(true)
    expect(store.ui.overlay).toBeNull()
    expect(store.user?.header).toBe(12)
  })

  it('after a reload the open payment order comes back from the server, and can be cancelled', async () => {
    // A deposit needs a verified identity (the server checks it).
    expect(await submitKyc('Maria da Silva', '529.982.247-25')).toBe(true)
    const prices = await loadPrices('deposit')
    const pkg = prices.find((p) => p.curreny === 'BRL')!
    await startDeposit('deposit', pkg.pkgId, true)
    const opened = store.cashier.order!
    expect(opened.url).toContain(opened.payNo)
    // A reload forgets it; a second prePay would be refused; resumeOrder finds it again.
    store.cashier.order = null
    expect(await resumeOrder('deposit')).toBe(true)
    expect(store.cashier.order).toMatchObject({ orderId: opened.orderId, payNo: opened.payNo, url: opened.url, step: 'waiting' })
    await cancelOrder()
    expect(store.cashier.order).toBeNull()
    expect(await resumeOrder('deposit')).toBe(false)
  })

  it("'Mudar de conta' logs out and keeps the test credentials for the login form", async () => {
    await getTestAccount()
    const creds = store.ui.testAccount
    expect(creds).toMatchObject({ balance: 1000 })
    await switchToTestAccount()
    expect(store.session.token).toBeNull()
    expect(store.ui.testAccount).toEqual(creds)
    expect(await login({ username: creds!.username, pwd: creds!.pwd, codeId: await captcha(base), captCode: 'teste' })).toBe(true)
    expect(store.user).toMatchObject({ testFlag: '1', balance: 1000 })
  })
})
