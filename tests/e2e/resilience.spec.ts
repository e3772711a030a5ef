import { expect } from '@playwright/test'
import { test } from './csp'

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
