import { expect } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'

test('a player plays limbo, sees the result and the balance change, and verifies the bet in the app', async ({ page }) => {
  await playMoneyLogin(page, 'limbo')
  await page.getByRole('button', { name: 'Jogar Limbo' }).click()
  await expect(page).toHaveURL(/\/limbo/)
  await expect(page.getByRole('heading', { name: 'Limbo' })).toBeVisible()
  await page.getByLabel('Multiplicador alvo').fill('7,5')
  await expect(page.getByText('13,20%')).toBeVisible()
  // A quick target sets the field.
  await page.getByRole('group', { name: 'Alvos rápidos' }).getByRole('button', { name: '2×' }).click()
  await expect(page.getByLabel('Multiplicador alvo')).toHaveValue('2,00')
  await page.getByLabel('Valor da aposta').fill('0,29')
  await expect(page.getByTestId('limbo-payout')).toHaveText('R$ 0,58')
  await page.getByLabel('Valor da aposta').fill('10,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const announce = page.getByTestId('limbo-announce')
  await expect(announce).toHaveText(/Resultado \d+,\d{2}×/)
  const won = /ganhou/.test((await announce.textContent()) ?? '')
  await expect(page.getByTestId('balance')).toHaveText(won ? 'R$ 1.010,00' : 'R$ 990,00')
  expect(await serverBalance(page)).toBe(won ? 1010 : 990)
  await expect(page.locator('.recent-strip li')).toHaveCount(1)
  // The sound toggle beside the title is the side menu's setting, and it persists.
  const mute = page.getByRole('button', { name: 'Silenciar sons' })
  await expect(mute).toHaveAttribute('aria-pressed', 'false')
  await mute.click()
  await expect(mute).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate(() => localStorage.getItem('aposta:muted'))).toBe('true')
  await mute.click()

  // Fairness: the bet cannot be checked until the pair is rotated; then it verifies.
  await page.getByText('Jogo justo (provably fair)').click()
  const hash = await page.getByTestId('server-seed-hash').textContent()
  expect(hash).toMatch(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('seed-nonce')).toHaveText('1')
  await page.getByRole('button', { name: /^Aposta \d+ \(nonce 0\)$/ }).click()
  await expect(page.getByText(/ainda está em uso/)).toBeVisible()
  await page.getByLabel('Sua seed (cliente)').fill('minha-seed-e2e')
  await page.getByRole('button', { name: 'Trocar o par de seeds' }).click()
  // The old pair is revealed: its server seed hashes to what was shown before.
  await expect(page.getByTestId('revealed-seed')).toContainText(hash ?? 'no hash shown')
  await expect(page.getByTestId('seed-nonce')).toHaveText('0')
  await page.getByRole('button', { name: /^Aposta \d+ \(nonce 0\)$/ }).click()
  await expect(page.getByTestId('verify-result')).toContainText('Verificada')
})

test('a player plays mines on the phone: opens tiles by tap and cashes out or hits a mine', async ({ page }) => {
  await playMoneyLogin(page, 'mines')
  await page.getByRole('button', { name: 'Jogar Mines' }).click()
  await expect(page).toHaveURL(/\/mines/)
  await page.getByLabel('Número de minas').selectOption('1')
  await page.getByLabel('Valor da aposta').fill('10,00')
  // The open board's controls take the place of the next board's: nothing below them moves.
  const recent = page.getByRole('heading', { name: 'Resultados recentes' })
  // Measured in the page, not the viewport: a tap may scroll the page to reach its button.
  const pageTop = () => recent.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
  const recentTop = await pageTop()
  await page.getByRole('button', { name: 'Apostar' }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await expect(page.getByTestId('cashout')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Apostar' })).toBeHidden()
  await expect(page.getByLabel('Número de minas')).toBeHidden()
  expect(await pageTop()).toBe(recentTop)
  // The open game survives a reload.
  await page.reload()
  await expect(page.getByTestId('cashout')).toBeVisible()
  await page.getByTestId('tile-12').click()
  const announce = page.getByTestId('mines-announce')
  await expect(announce).toHaveText(/Diamante|Mina/)
  if (/Diamante/.test((await announce.textContent()) ?? '')) {
    await expect(page.getByTestId('tile-12')).toHaveAccessibleName(/diamante/)
    await page.getByTestId('cashout').click()
    await expect(announce).toHaveText(/Você retirou R\$ 10,31 com 1,0312×/)
    await expect(page.getByTestId('balance')).toHaveText('R$ 1.000,31')
    expect(await serverBalance(page)).toBe(1000.31)
  } else {
    await expect(page.getByTestId('tile-12')).toHaveAccessibleName(/mina/)
    await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  }
  // The board is revealed: exactly one mine among the 25 labels.
  await expect(page.locator('[data-testid^="tile-"][aria-label*="mina"]')).toHaveCount(1)
  await expect(page.locator('.recent-strip li')).toHaveCount(1)
})
