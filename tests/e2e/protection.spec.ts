import { expect } from '@playwright/test'
import { test } from './csp'
import { freshCpf, kycAndDeposit100, openAccountItem, playMoneyLogin, registerNewUser } from './helpers'

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
  await expect(alert).toContainText('Esta aposta passaria do seu limite de perda diário: resta R$ 5,00 hoje.')
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

/**
 * The reality check: the player picks every 15 minutes (30 s here: REALITY_CHECK_MINUTE_SECONDS 2),
 * plays, and the dialog comes over the game with the session's stakes; "Continuar" answers it. A
 * reload while it is due shows it again: the server keeps the session.
 */
test('the reality check comes over the game after the interval the player chose, survives a reload, and Continuar answers it', async ({ page }) => {
  test.setTimeout(120_000)
  await playMoneyLogin(page, 'reality')
  await page.goto('/jogoResponsavel')
  const reality = page.getByTestId('rg-reality')
  await expect(reality.getByRole('radio', { name: 'A cada 60 minutos' })).toBeChecked()
  await reality.getByRole('radio', { name: 'A cada 15 minutos' }).check()
  await expect(page.getByText('Pronto: o aviso aparece a cada 15 minutos de jogo.')).toBeVisible()

  await page.goto('/dice')
  await expect.poll(() => page.evaluate(() => window.__app?.sceneReady)).toBe(true)
  await page.getByLabel('Valor da aposta').fill('1,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  await expect(page.getByTestId('balance')).not.toHaveText('R$ 1.000,00')

  const check = page.getByRole('alertdialog', { name: 'Hora de uma pausa?' })
  await expect(check).toBeVisible({ timeout: 45_000 })
  await expect(check).toContainText('Apostado nesta sessão: R$ 1,00')
  await page.reload()
  await expect(check).toBeVisible({ timeout: 15_000 })
  await check.getByRole('button', { name: 'Continuar' }).click()
  await expect(check).toHaveCount(0)
  await expect(page).toHaveURL(/\/dice$/)
})

/**
 * Self-exclusion end to end: a player with money excludes themselves for 6 months with the
 * password; bets and deposits are refused with the reason and the date; the balance can still be
 * withdrawn.
 */
test('self-exclusion: set with the password, bets and deposits refused, the balance still withdrawable', async ({ page }) => {
  test.setTimeout(120_000)
  await registerNewUser(page)
  const cpf = freshCpf()
  await kycAndDeposit100(page, cpf)

  await page.goto('/jogoResponsavel')
  await page.getByRole('radio', { name: '6 meses' }).check()
  await page.getByLabel('Sua senha').fill('errada123')
  await page.getByRole('button', { name: 'Autoexcluir-me' }).click()
  const wrong = page.getByRole('alertdialog')
  await expect(wrong).toBeVisible()
  await wrong.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('rg-state')).toHaveCount(0)
  await page.getByLabel('Sua senha').fill('segredo123')
  await page.getByRole('button', { name: 'Autoexcluir-me' }).click()
  await expect(page.getByTestId('rg-state')).toContainText('Autoexclusão ativa até')

  await page.goto('/dice')
  await expect.poll(() => page.evaluate(() => window.__app?.sceneReady)).toBe(true)
  await page.getByLabel('Valor da aposta').fill('1,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const refused = page.getByRole('alertdialog')
  await expect(refused).toContainText('Você está autoexcluído até')
  await refused.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 115,00')

  await openAccountItem(page, 'Saque')
  const withdraw = page.getByRole('dialog', { name: 'Saque' })
  // The verified identity fills the holder and the CPF (shown, not edited).
  await expect(withdraw.getByLabel('Número do CPF')).toHaveValue(cpf)
  await withdraw.getByLabel('WhatsApp').fill('11987654321')
  await withdraw.getByLabel('Valor do saque').fill('30,00')
  await withdraw.getByRole('button', { name: 'Sacar' }).click()
  const done = page.getByRole('alertdialog')
  await expect(done).toContainText('Solicitação de saque bem-sucedida!')
  await done.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 85,00')
})
