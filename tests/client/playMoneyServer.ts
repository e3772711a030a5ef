import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildApp, type App } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { setApiBase } from '../../src/client/store/api'
import { getTestAccount, login, register } from '../../src/client/store/actions/session'
import { store } from '../../src/client/store/store'

export interface PlayMoneyServer {
  app: App
  base: string
  close(): Promise<void>
}

/**
 * The real server on a fresh embedded database (`env` added to its configuration), the client's
 * store pointed at it and signed in, through the store's own actions, to a play-money test account.
 * Answers whether each step succeeded so the suite asserts them.
 */
export async function playMoneyServer(name: string, env: Record<string, string>): Promise<PlayMoneyServer & { registered: boolean; loggedIn: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aposta-${name}-client-`))
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, CAPTCHA_FIXED_ANSWER: 'teste', LOG: '0', CLIENT_DIR: path.join(dataDir, 'none'), ...env }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  setApiBase(base)
  store.session.deviceId = `${name}-test`
  const captcha = async () => {
    const codeId = Math.floor(Math.random() * 99_999_999)
    await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).text()
    return codeId
  }
  const registered = await register({ username: `${name}.${Date.now()}@example.com`, pwd: 'segredo123', codeId: await captcha(), captCode: 'teste' })
  await getTestAccount()
  const creds = store.ui.testAccount!
  const loggedIn = await login({ username: creds.username, pwd: creds.pwd, codeId: await captcha(), captCode: 'teste' })
  store.ui.overlay = null
  return {
    app,
    base,
    registered,
    loggedIn,
    close: async () => {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
