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
  await registerNewUser(page)
  await page.getByRole('dialog', { name: 'Bônus de depósito' }).getByRole('button', { name: 'Fechar' }).click()
  await page.goto('/gameMess?game=demo-fruits&productCode=PG&name=Frutas%20de%20Ouro')
  await expect(page).toHaveURL(/\/play\?game=demo-fruits&productCode=PG/)
  // A reload inside the slot: the first route of this page load is /play.
  await page.reload()
  const spin = page.frameLocator('iframe.play-frame').getByRole('button', { name: 'Girar os rolos' })
  await expect(spin).toBeVisible()
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
