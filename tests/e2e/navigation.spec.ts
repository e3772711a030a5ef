import { expect, test } from '@playwright/test'
import { registerNewUser } from './helpers'

/** Issue 32: a new player reaches every product in one tap from any page. */
test('the tab bar takes a player to every product from any page, marks where they are, and leaves a provider game frame alone', async ({ page }) => {
  await registerNewUser(page)
  await page.keyboard.press('Escape')
  const bar = page.getByTestId('tabbar')
  const tabs: [string, RegExp, RegExp][] = [
    ['Cassino', /\/gg$/, /Todos os jogos/],
    ['Esportes', /\/sports$/, /Futebol|Esportes/],
    ['Minhas apostas', /\/sportBets$/, /Minhas apostas/],
    ['Início', /\/home$/, /Originais/],
  ]
  // From a page deep in the app (a game), each tab is one tap away, and marks itself.
  for (const from of ['/dice', '/registros', '/vip']) {
    for (const [name, url, heading] of tabs) {
      await page.goto(from)
      await bar.getByRole('link', { name }).click()
      await expect(page).toHaveURL(url)
      await expect(bar.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('heading', { name: heading }).and(page.locator(':visible')).first()).toBeVisible()
    }
  }
  // Menu: the side menu, which names every other page.
  const menu = page.getByRole('navigation', { name: 'Menu principal' })
  for (const [name, url] of [
    ['Clube VIP', /\/vip$/],
    ['Promoções e bônus', /\/bonus$/],
    ['Indique e ganhe', /\/share$/],
    ['Login diário', /\/signInSheet$/],
    ['Jogo responsável', /\/jogoResponsavel$/],
    ['Todos os jogos', /\/gg$/],
  ] as const) {
    await bar.getByRole('button', { name: 'Menu' }).click()
    await menu.getByRole('link', { name }).click()
    await expect(page).toHaveURL(url)
    await expect(menu).not.toBeInViewport()
  }
  // The header's search icon.
  await page.getByRole('link', { name: 'Buscar jogos' }).click()
  await expect(page).toHaveURL(/\/search$/)
  // Inside a provider game's frame there is no tab bar (the game has the whole screen).
  await page.goto('/gameGroupList?productCode=PG')
  await page.locator('.provider-tile:not(.stopped)').first().click()
  await expect(page).toHaveURL(/\/(gameMess|play)/)
  await page.waitForURL(/\/play/)
  await expect(bar).toHaveCount(0)
})
