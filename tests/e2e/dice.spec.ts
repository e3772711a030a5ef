import { expect } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'

/** A player with play money (a test account) bets on dice at 390x844 and sees the balance move. */
test('a player bets on dice and sees the result and the balance change', async ({ page }) => {
  await playMoneyLogin(page, 'dice')

  await page.getByRole('button', { name: 'Jogar Dice' }).click()
  await expect(page).toHaveURL(/\/dice\?/)
  await expect(page.getByRole('heading', { name: 'Dice' })).toBeVisible()
  // The slider is drawn by a worker, and it answers: the scene mounted there.
  await expect.poll(() => page.evaluate(() => window.__app?.stageThread)).toBe('worker')
  await expect.poll(() => page.evaluate(() => window.__app?.sceneReady)).toBe(true)
  // pt-BR: a comma in every number, the inputs included.
  const stake = page.getByLabel('Valor da aposta')
  await expect(stake).toHaveValue('1,00')
  await expect(page.getByText('Alvo: 50,50')).toBeVisible()
  await expect(page.getByText('1,9603×')).toBeVisible()
  // The payout preview is what the server pays: 0,29 at 2× is R$ 0,58 (float maths showed 0,57).
  await page.getByRole('slider').fill('49.5')
  await expect(page.getByText('Alvo: 49,50')).toBeVisible()
  await expect(page.getByText('2,0000×')).toBeVisible()
  await stake.fill('0,29')
  await expect(page.getByTestId('dice-payout')).toHaveText('R$ 0,58')
  await stake.fill('0.3')
  await expect(page.getByTestId('dice-payout')).toHaveText('R$ 0,60')
  await stake.blur()
  await expect(stake).toHaveValue('0,3')
  await page.getByRole('button', { name: 'Dobrar a aposta' }).click()
  await expect(stake).toHaveValue('0,60')
  await stake.fill('10,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const announce = page.getByTestId('dice-announce')
  await expect(announce).toHaveText(/Resultado \d+,\d{2}/)
  const won = /ganhou/.test((await announce.textContent()) ?? '')
  if (won) await expect(page.getByTestId('balance')).not.toHaveText('R$ 1.000,00')
  else await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await expect(page.locator('.recent-strip li')).toHaveCount(1)
  // The bet went through the network worker (started after the load event), not the page's fetch:
  // the worker's resource timing has the call, the page's does not.
  expect(await page.evaluate(() => (window.__app?.net as (() => string) | undefined)?.())).toBe('worker')
  const netWorker = page.workers().find((w) => /netWorker/.test(w.url()))
  expect(netWorker, 'the network worker runs').toBeDefined()
  const fetched = (where: { evaluate<R>(fn: () => R): Promise<R> }) => where.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname))
  expect(await fetched(netWorker!)).toContain('/api/app/casino/dice/bet')
  expect(await fetched(page)).not.toContain('/api/app/casino/dice/bet')
  // The same figure is on the server.
  const balance = await serverBalance(page)
  expect(balance === 990 || balance > 1000).toBe(true)
})
