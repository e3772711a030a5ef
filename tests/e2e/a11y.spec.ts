/**
 * Accessibility: axe-core on every route of the app (routes.tsx's ROUTES plus /home) at 390x844,
 * as a guest and signed in, and on the main overlays (login, register, deposit, withdraw). No
 * serious or critical violation is allowed. axe is injected into the page, which the app's CSP
 * (script-src 'self') forbids: the test context bypasses the CSP (STACK.md).
 */
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { playMoneyLogin } from './helpers'

test.use({ bypassCSP: true })

const GAME = '/gameMess?game=pgs_demo-fruits&productCode=PG&name=Frutas%20de%20Ouro'

/** One address for each route; '/sportMatch/1' stands for a real match, read from the feed when the test runs. */
const ADDRESSES = [
  '/home',
  '/active1',
  '/share',
  '/search',
  GAME,
  '/registros',
  '/conta',
  '/bonus',
  '/jogoResponsavel',
  '/termos',
  '/paySuccess',
  '/registered',
  '/friends',
  '/my',
  '/agentJl2',
  '/gg',
  '/vip',
  '/signInSheet',
  '/gameGroupList?productCode=PG',
  // What /gameMess opens (signed in, GAME above lands here with the game's frame).
  '/play?game=pgs_demo-fruits&productCode=PG',
  '/error',
  '/sports',
  // A race's list and page: a price button per runner.
  '/sports?sport=racing',
  '/footballPage',
  '/sportMatch/1',
  '/sportMatch/race',
  '/sportBets',
  '/mines',
  '/limbo',
  '/luckyColor',
  '/rowDouble',
  '/double',
  '/dice',
]

/** The routes routes.tsx declares: a string's path, or a RegExp's source. */
function declaredRoutes(): { path: string; regex: RegExp | null }[] {
  const text = fs.readFileSync('src/client/app/routes.tsx', 'utf8')
  return [...text.matchAll(/\{ path: (?:'([^']+)'|\/(.+?)\/),/g)].map((m) => (m[1] ? { path: m[1], regex: null } : { path: m[2]!, regex: new RegExp(m[2]!) }))
}

test('the list covers every route of routes.tsx', () => {
  const paths = ADDRESSES.map((a) => a.split('?')[0]!)
  const routes = declaredRoutes()
  expect(routes.length).toBeGreaterThan(25)
  const missing = routes.filter((r) => !paths.some((p) => (r.regex ? r.regex.test(p) : p === r.path))).map((r) => r.path)
  expect(missing, 'routes without an accessibility check: add them to ADDRESSES').toEqual([])
})

/** Serious and critical violations, one readable line per element. */
async function scan(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const lines = bad.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`))
  expect(lines, `${what}: axe's serious and critical violations`).toEqual([])
}

/** The page as it settles: its route's chunk loaded, its first reads answered. */
async function open(page: Page, address: string) {
  await page.goto(address)
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined)
  await expect(page.locator('.route-loading')).toHaveCount(0, { timeout: 15_000 })
  // A page's entrance transitions end (reduced motion is not asked here: the page as most see it).
  await page.waitForTimeout(400)
}

async function realMatch(page: Page, address: string) {
  if (!address.startsWith('/sportMatch/')) return address
  const sport = address === '/sportMatch/race' ? 'racing' : 'football'
  const matches = (await (await page.request.get(`/api/app/sport/matches?sport=${sport}&state=upcoming`)).json()).data as { matchId: string }[]
  return `/sportMatch/${matches[0]!.matchId}`
}

test.describe('as a guest', () => {
  for (const address of ADDRESSES) {
    test(`${address}`, async ({ page }) => {
      await open(page, await realMatch(page, address))
      await scan(page, `${address} (guest)`)
    })
  }

  test('the login and register overlays', async ({ page }) => {
    await open(page, '/home')
    await page.getByRole('button', { name: 'Entrar' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
    await expect(dialog.getByLabel('Senha', { exact: true })).toBeVisible()
    await scan(page, 'login')
    await dialog.getByRole('tab', { name: 'Cadastrar' }).click()
    await expect(dialog.getByLabel('Repetir senha')).toBeVisible()
    await scan(page, 'register')
    // The not-agree message shown.
    await dialog.getByRole('button', { name: 'Cadastrar' }).last().click()
    await expect(dialog.getByRole('alert')).toBeVisible()
    await scan(page, 'register, terms not accepted')
  })
})

test.describe('signed in', () => {
  let page: Page

  /** One signed-in player for the block (a new context per test would sign in 30 times). */
  async function signedIn(browser: Browser, info: TestInfo): Promise<Page> {
    const { baseURL, viewport, locale, timezoneId, deviceScaleFactor } = info.project.use
    const context = await browser.newContext({ baseURL, viewport, locale, timezoneId, deviceScaleFactor, bypassCSP: true })
    const p = await context.newPage()
    await playMoneyLogin(p, 'a11y')
    return p
  }

  test.beforeAll(async ({ browser }, info) => {
    page = await signedIn(browser, info)
  })
  test.afterAll(async () => {
    await page.context().close()
  })

  for (const address of ADDRESSES) {
    test(`${address}`, async () => {
      await open(page, await realMatch(page, address))
      await scan(page, `${address} (signed in)`)
    })
  }

  test('the deposit and withdraw overlays', async () => {
    await open(page, '/home')
    await page.getByRole('button', { name: 'Minha conta' }).click()
    await scan(page, 'account menu')
    await page.getByRole('region', { name: 'Minha conta' }).getByRole('button', { name: 'Depósito', exact: true }).click()
    // A player without a verified identity meets the KYC form first; either is an overlay to check.
    const sheet = page.getByRole('dialog').last()
    await expect(sheet).toBeVisible()
    await page.waitForTimeout(400)
    await scan(page, 'deposit')
    await sheet.getByRole('button', { name: 'Fechar' }).first().click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.getByRole('button', { name: 'Minha conta' }).click()
    await page.getByRole('region', { name: 'Minha conta' }).getByRole('button', { name: 'Saque', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Saque' })).toBeVisible()
    await page.waitForTimeout(400)
    await scan(page, 'withdraw')
  })
})
