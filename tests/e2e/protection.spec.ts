import { expect } from '@playwright/test'
import { test } from './csp'
import { openAccountItem, playMoneyLogin } from './helpers'

/**
 * Player protection (issue 31) on a phone: the limits page reached from the account menu, a daily
 * loss limit set there and hit in Dice (the server's words in the alert), a pause taken in one tap.
 */
test('a player sets a daily loss limit on the responsible-gaming page, hits it in Dice, then pauses play', async ({ page }) => {
  await playMoneyLogin(page, 'limits')
  await openAccountItem(page, 'Jogo responsável')
  await expect(page).toHaveURL(/\/jogoResponsavel$/)
  await expect(page.getByRole('heading', { name: 'Jogo responsável', level: 1 })).toBeVisible()

  const loss = page.getByTestId('rg-limit-loss-day')
  await expect(loss).toContainText('Sem limite')
  await loss.getByRole('button', { name: /^Definir limite\s?: Perda líquida por dia$/ }).click()
  await loss.getByLabel('Novo limite: Perda líquida por dia (R$)').fill('5,00')
  await loss.getByRole('button', { name: 'Salvar' }).click()
  await expect(loss.getByRole('status')).toHaveText('Limite salvo: já está valendo.')
  await expect(loss).toContainText('Limite: R$ 5,00')

  // Dice: R$ 10 could lose more than the R$ 5 left today.
  await page.goto('/dice')
  await expect.poll(() => page.evaluate(() => window.__app?.sceneReady)).toBe(true)
  await page.getByLabel('Valor da aposta').fill('10,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('Esta aposta passaria do seu limite de perda diário: resta R$5,00 hoje.')
  await alert.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 1.000,00')

  // A raise waits 24 hours, and the page says from when.
  await page.goto('/jogoResponsavel')
  await loss.getByRole('button', { name: /^Alterar\s?: Perda líquida por dia$/ }).click()
  await loss.getByLabel('Novo limite: Perda líquida por dia (R$)').fill('50')
  await loss.getByRole('button', { name: 'Salvar' }).click()
  await expect(loss.getByRole('status')).toContainText('Pedido salvo: vale a partir de')
  await expect(loss).toContainText('Passa a R$ 50,00 em')

  // One tap pauses play; the page says until when.
  await page.getByRole('button', { name: 'Pausar por 24 horas' }).click()
  await expect(page.getByTestId('rg-state')).toContainText('Pausa ativa até')
})
