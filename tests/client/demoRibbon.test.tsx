import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { DemoRibbon } from '../../src/client/app/DemoRibbon'
import { i18n } from '../../src/client/i18n/i18n'
import { loadAppInfo } from '../../src/client/store/actions/appInfo'
import { setApiBase } from '../../src/client/store/api'
import { store } from '../../src/client/store/store'

// React's act() wants to know it runs in a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The ribbon against the real server in demo mode (the default). */
let app: App
let dataDir: string
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-ribbon-'))
  app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG: '0', CLIENT_DIR: path.join(dataDir, 'none'), PAYOUT_SANDBOX_SETTLE_SECONDS: 'off' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  setApiBase(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the demo ribbon', () => {
  it('shows once the server says demo, as a note, and not in production', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    await act(async () =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <DemoRibbon />
        </I18nextProvider>,
      ),
    )
    // Nothing before the server answers: the first paint waits for no one.
    expect(host.innerHTML).toBe('')
    await act(() => loadAppInfo())
    expect(store.app.mode).toBe('demo')
    const note = host.querySelector('[role="note"]')
    expect(note?.textContent).toBe('Demo: pagamentos simulados')
    await act(async () => {
      store.app.mode = 'production'
    })
    expect(host.innerHTML).toBe('')
    await act(async () => root.unmount())
  })
})
