import { expect, test, type Page } from '@playwright/test'
import { withoutTabBar } from './tabBar'


/**
 * The pages the first visual suite left out (issue 32): each game page's controls, the account,
 * the bonus, the provider games, all games, the tab bar, one other language and reduced motion.
 * Snapshot mode (fixed seed and clock, no motion); settled as STACK.md says.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    const images = [...document.images].filter((i) => !i.complete)
    await Promise.all(images.map((i) => i.decode().catch(() => undefined)))
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

async function signedIn(page: Page, lang?: string) {
  const email = `pages.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  const codeId = 4343
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const res = await page.request.post('/api/auth/user/restRegister', { data: { username: email, pwd: 'segredo123', codeId, captCode: 'teste' } })
  const token = (await res.json()).data.access_token as string
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('aposta:token', JSON.stringify(t))
      if (l) localStorage.setItem('aposta:lang', JSON.stringify(l))
    },
    [token, lang ?? ''] as const,
  )
  return email
}

test('the tab bar: five labelled tabs, Início marked on /home', async ({ page }) => {
  await page.goto('/home?snapshot=1')
  await settle(page)
  const bar = page.getByTestId('tabbar')
  await expect(bar.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page')
  await expect(bar).toHaveScreenshot('tabbar.png')
})

for (const game of ['dice', 'limbo', 'mines'] as const) {
  test(`the ${game} page's controls`, async ({ page }) => {
    await signedIn(page)
    await page.goto(`/${game}?snapshot=1`)
    const controls = page.locator('.game-controls')
    await expect(controls.getByRole('button', { name: /Apostar|Começar/ }).first()).toBeVisible()
    await settle(page)
    await expect(controls).toHaveScreenshot(`controls-${game}.png`)
  })
}

for (const game of ['double', 'rowDouble', 'luckyColor'] as const) {
  test(`the ${game} page's bet controls`, async ({ page }) => {
    await signedIn(page)
    await page.goto(`/${game}?snapshot=1`)
    const controls = page.locator('.game-controls')
    await expect(controls.getByRole('button').first()).toBeVisible()
    await settle(page)
    // The live round's clock and history change each second: masked, the controls are what is held.
    await expect(controls).toHaveScreenshot(`controls-${game}.png`, { mask: [page.locator('[data-testid="round-bet"]')] })
  })
}

test('/conta of a new player', async ({ page }) => {
  const email = await signedIn(page)
  await page.goto('/conta?snapshot=1')
  await expect(page.getByTestId('account-email')).toHaveText(email)
  await settle(page)
  // The new player's own e-mail and id are masked.
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('conta.png', { fullPage: true, mask: [page.getByTestId('account-email'), page.locator('.account-facts dd').nth(1), page.getByTestId('sessions')] })
})

test('/bonus of a new player', async ({ page }) => {
  await signedIn(page)
  await page.goto('/bonus?snapshot=1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await settle(page)
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('bonus.png', { fullPage: true })
})

test('a provider\'s games (PG) and all games', async ({ page }) => {
  await page.goto('/gameGroupList?productCode=PG&snapshot=1')
  await expect(page.locator('.provider-tile').first()).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('provider-games.png', { timeout: 20_000 })
  await page.goto('/gg?snapshot=1')
  await expect(page.locator('.provider-tile').first()).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('all-games.png', { timeout: 20_000 })
})

test('home in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('aposta:lang', JSON.stringify('en_US')))
  await page.goto('/home?snapshot=1')
  await expect(page.getByTestId('tabbar').getByRole('link', { name: 'Home' })).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('home-english.png', { mask: [page.locator('.lobby-frame')] })
})

test('reduced motion: the side menu open at once, nothing sliding', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/home?snapshot=1')
  await settle(page)
  await page.getByTestId('tabbar').getByRole('button', { name: 'Menu' }).click()
  // No transition to wait for: the very next frame shows the menu where it stays.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await expect(page).toHaveScreenshot('side-menu-reduced-motion.png')
})
