import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, type Page } from '@playwright/test'
import { test } from './csp'
import { freshCpf, registerNewUser } from './helpers'

test('a route whose chunk does not arrive shows a retry in its place, the header still works, and the retry loads the page', async ({ page }) => {
  let blocked = true
  let aborted = 0
  await page.route(/\/assets\/RecordsPage-[\w-]+\.js(\?.*)?$/, (route) => {
    if (!blocked) return route.continue()
    aborted++
    return route.abort('internetdisconnected')
  })
  await page.goto('/registros')
  const failed = page.getByTestId('route-failed')
  await expect(failed.getByRole('heading', { name: 'Esta página não carregou' })).toBeVisible()
  expect(aborted).toBeGreaterThan(0)
  // Only the route's area: the header and its menu work, the footer is there.
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
  const menu = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(menu).toBeVisible()
  await page.locator('.scrim').click({ position: { x: 380, y: 400 } })
  await expect(menu).toBeHidden()
  await expect(page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible()

  // Retrying while still blocked fails again, in place (a fresh import each time, not a cached failure).
  const before = aborted
  await failed.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(failed.getByRole('heading', { name: 'Esta página não carregou' })).toBeVisible()
  await expect.poll(() => aborted).toBeGreaterThan(before)

  // The connection is back: the retry loads the page.
  blocked = false
  await failed.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByRole('heading', { name: 'Registros' })).toBeVisible()
  await expect(failed).toHaveCount(0)
})

const token = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!) as string)

test('a reload inside /play still connects the socket: a deposit credited afterwards reaches the header live, and a notice goes on to the game frame', async ({ page }) => {
  // Three pages (the app, the slot's frame loaded twice, the bank's page): 10 s alone, but it passed
  // the default 60 s beside the visual suite on 2 cores (npm test, 08:41), as the other long flows get.
  test.setTimeout(120_000)
  await registerNewUser(page)
  await page.getByRole('dialog', { name: 'Bônus de depósito' }).getByRole('button', { name: 'Fechar' }).click()
  await page.goto('/gameMess?game=pgs_demo-fruits&productCode=PG&name=Frutas%20de%20Ouro')
  await expect(page).toHaveURL(/\/play\?game=pgs_demo-fruits&productCode=PG/, { timeout: 20_000 })
  // A reload inside the slot: the first route of this page load is /play.
  await page.reload()
  const spin = page.frameLocator('iframe.play-frame').getByRole('button', { name: 'Girar os rolos' })
  await expect(spin).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => page.evaluate(() => (window.__app?.store as { realtime: { connected: boolean } } | undefined)?.realtime.connected)).toBe(true)

  // A deposit paid on the bank's page (another tab): only the socket's updateUserInfo tells this page.
  const auth = { authorization: await token(page) }
  expect((await (await page.request.post('/api/app/user/updateKyc', { headers: auth, data: { name: 'Rita Lopes', cardNo: freshCpf().replace(/\D/g, '') } })).json()).status).toBe(200)
  const prices = (await (await page.request.get('/api/app/order/getPrices', { headers: auth })).json()).data as { pkgId: number; price: number }[]
  const { pkgId } = prices.find((p) => p.price === 100)!
  const prepaid = await (await page.request.post(`/api/app/order/prePay/${pkgId}`, { headers: { ...auth, 'idempotency-key': `play-${Date.now()}` }, data: { gift: 0, pkgId, isapp: 0 } })).json()
  expect(prepaid.status, JSON.stringify(prepaid)).toBe(200)
  const bank = await page.context().newPage()
  await bank.goto((prepaid.data as { url: string }).url)
  await bank.getByRole('button', { name: 'Pagar', exact: true }).click()
  await bank.close()
  await expect(page.getByTestId('balance')).toHaveText('R$ 100,00')
  await expect(page).toHaveURL(/\/play\?/)

  // The socket's notice (the banner) is passed on to the game's window.
  const game = page.frames().find((f) => f.url().includes('/demo-provider/PG/'))!
  await game.evaluate(() => {
    const w = window as unknown as { notices: unknown[] }
    w.notices = []
    window.addEventListener('message', (e) => w.notices.push(e.data))
  })
  await page.evaluate(() => ((window.__app?.store as { ui: { notice: unknown } }).ui.notice = { id: 'e2e-notice', text: 'Manutenção às 23h' }))
  await expect(page.getByRole('status', { name: 'Aviso' })).toContainText('Manutenção às 23h')
  await expect.poll(() => game.evaluate(() => (window as unknown as { notices: unknown[] }).notices)).toEqual([{ type: 'notice', id: 'e2e-notice', text: 'Manutenção às 23h' }])
})

test('signed out on another device: the session is cleared and the login overlay opens', async ({ page }) => {
  // A player with play money, signed in through the form.
  const codeId = 8801
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const reg = await (await page.request.post('/api/auth/user/restRegister', { data: { username: `forced.${Date.now()}@example.com`, pwd: 'segredo123', codeId, captCode: 'teste' } })).json()
  const creds = (await (await page.request.get('/api/app/user/getUserTest', { headers: { authorization: reg.data.access_token } })).json()).data as { username: string; pwd: string }
  await page.goto('/home')
  await page.getByRole('button', { name: 'Entrar' }).first().click()
  const login = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await login.getByLabel('E-mail', { exact: true }).fill(creds.username)
  await login.getByLabel('Senha', { exact: true }).fill(creds.pwd)
  await login.getByLabel('Código de verificação', { exact: true }).fill('teste')
  await login.getByRole('button', { name: 'Entrar' }).last().click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 1.000,00')
  await expect(login).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => (window.__app?.store as { realtime: { connected: boolean } } | undefined)?.realtime.connected)).toBe(true)

  // Another device signs in to the same account and signs every session out.
  await page.request.get('/api/auth/user/captcha/8802')
  const other = await (await page.request.post('/api/auth/user/restLogin', { headers: { deviceId: 'another-phone' }, data: { username: creds.username, pwd: creds.pwd, codeId: 8802, captCode: 'teste' } })).json()
  expect(other.status).toBe(200)
  expect((await (await page.request.post('/api/app/user/logoutAll', { headers: { authorization: other.data.access_token }, data: {} })).json()).status).toBe(200)

  // This page learns it from its socket, with no tap: logged out, the login overlay open.
  await expect(login).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('aposta:token'))).toBeNull()
})

/** The service worker of this page is installed and active. */
const workerActive = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)

test('the service worker installs (a test build registers it on ?sw); offline, a page is the offline page in the player language, an API call is never answered from a cache, and the app comes back with the network', async ({ page, context }) => {
  await page.goto('/home?sw=1')
  await expect.poll(() => workerActive(page), { timeout: 20_000 }).toBe('activated')
  // The manifest and its icons are there.
  const manifestUrl = await page.locator('link[rel=manifest]').getAttribute('href')
  const manifest = await page.request.get(manifestUrl!)
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const { icons, start_url: start } = (await manifest.json()) as { icons: { src: string; purpose: string }[]; start_url: string }
  expect(start).toBe('/home')
  expect(icons.map((i) => i.purpose)).toContain('maskable')
  for (const icon of icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200)

  // The next page is controlled by the worker.
  await page.goto('/registros')
  await expect(page.getByRole('heading', { name: 'Registros' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  expect(await page.evaluate(() => fetch('/api/app/main/appInfo').then((r) => r.status))).toBe(200)
  // Nothing of the API, the socket or the demo provider is in any of its caches.
  const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat())
  expect(cached.length).toBeGreaterThan(0)
  expect(cached.filter((p) => /^\/(api|gamecenter-siop|demo-provider|ops)\b/.test(p))).toEqual([])

  await context.setOffline(true)
  // An API call fails as the network does: the worker never answers it from a cache.
  expect(await page.evaluate(() => fetch('/api/app/main/appInfo').then(() => 'answered', () => 'failed'))).toBe('failed')
  // A page: the offline page, in Portuguese, then in the language the player chose.
  await page.goto('/vip')
  const offline = page.getByTestId('offline-page')
  await expect(offline.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible()
  await expect(offline.getByRole('button', { name: 'Tentar de novo' })).toBeVisible()
  await page.evaluate(() => localStorage.setItem('aposta:lang', JSON.stringify('en_US')))
  await page.reload()
  await expect(offline.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await page.evaluate(() => localStorage.removeItem('aposta:lang'))
  await page.reload()
  await expect(offline.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible()

  // The connection is back: the page the player asked for comes by itself.
  await context.setOffline(false)
  await expect(page.getByRole('heading', { name: 'VIP' }).first()).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/vip$/)
})

test("a new version deployed is offered with 'Atualizar', and the page reloads only when the player asks", async ({ page }) => {
  const dir = path.resolve(process.env.CLIENT_DIR || 'dist/client')
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f))
  const before = new Map(files.map((f) => [f, fs.readFileSync(f)]))
  try {
    await page.goto('/home?sw=1')
    await expect.poll(() => workerActive(page), { timeout: 20_000 }).toBe('activated')
    await page.goto('/home')
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    // A deploy: the server's worker script changes.
    const script = `${fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')}\n// deployed ${Date.now()}\n`
    fs.writeFileSync(path.join(dir, 'sw.js'), script)
    if (before.has(path.join(dir, 'sw.js.br'))) fs.writeFileSync(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync(script))
    if (before.has(path.join(dir, 'sw.js.gz'))) fs.writeFileSync(path.join(dir, 'sw.js.gz'), zlib.gzipSync(script))
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true))
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())

    const prompt = page.getByTestId('update-prompt')
    await expect(prompt).toContainText('Nova versão disponível', { timeout: 20_000 })
    // Offered, not imposed: the page has not reloaded, and the bar is not a dialog.
    await page.waitForTimeout(1000)
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const reloaded = page.waitForEvent('load', { timeout: 20_000 })
    await prompt.getByRole('button', { name: 'Atualizar' }).click()
    await reloaded
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere ?? false)).toBe(false)
    await expect(page.getByTestId('update-prompt')).toHaveCount(0)
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  } finally {
    for (const [f, data] of before) fs.writeFileSync(f, data)
  }
})
