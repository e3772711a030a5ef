import { expect } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'

/** A player with play money (a test account) bets on dice at 390x844 and sees the balance move. */
test('a player bets on dice and sees the result and the balance change', async ({ page }) => {
  await playMoneyLogin(page, 'dice')

  await page.getByRole('button', { name: 'Jogar Dice' }).click()
  await expect(page).toHaveURL(/\/dice\?/)
  await expect(page.getByRole('heading', { name: 'Dice' })).toBeVisible()
  await page.getByLabel('Valor da aposta').fill('10,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const announce = page.getByTestId('dice-announce')
  await expect(announce).toHaveText(/Resultado \d+\.\d{2}/)
  const won = /ganhou/.test((await announce.textContent()) ?? '')
  if (won) await expect(page.getByTestId('balance')).not.toHaveText('R$ 1.000,00')
  else await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await expect(page.locator('.recent-strip li')).toHaveCount(1)
  // The same figure is on the server.
  const balance = await serverBalance(page)
  expect(balance === 990 || balance > 1000).toBe(true)
})
