import { expect, test } from '@playwright/test'
import { kycAndDeposit100, registerNewUser } from './helpers'

/**
 * A paying player who loses: the bonus boost is offered once the day's stakes reach R$15 (the
 * e2e server's BOOST_AFTER_WAGERED), and the compensation deposit as the balance falls under R$10.
 * Both are unsolicited sheets (src/client/store/actions/nudges.ts): never over the game being
 * played, never in a visit's first 10 s, at most one a visit.
 */
test('a depositor who loses gets the bonus boost, then the compensation deposit, each off the game and one a visit', async ({ page }) => {
  test.setTimeout(120_000)
  await registerNewUser(page)
  await kycAndDeposit100(page)

  await page.goto('/dice')
  await page.getByLabel('Valor da aposta').fill('10,00')
  // Under 0.01 wins only on a roll of 0.00: these bets lose.
  await page.getByRole('radio', { name: 'Abaixo' }).click()
  await page.getByRole('slider').focus()
  await page.keyboard.press('Home')
  await expect(page.getByText('Alvo: 0,01')).toBeVisible()
  const announce = page.getByTestId('dice-announce')
  for (const left of ['R$ 105,00', 'R$ 95,00']) {
    await page.getByRole('button', { name: 'Apostar' }).click()
    await expect(page.getByTestId('balance')).toHaveText(left)
    await expect(announce).toHaveText(/não foi desta vez/)
  }

  // R$20 staked today: the boost is offered, but not over the game; leaving it, the pop-up shows
  // bouns x amount of the EXPPAY package (2 x R$50).
  const boost = page.getByRole('dialog', { name: 'Bônus turbo' })
  await page.waitForTimeout(1_500)
  await expect(boost).toHaveCount(0)
  await page.getByTestId('tabbar').getByRole('link', { name: 'Início' }).click()
  await expect(boost.getByTestId('boost-value')).toHaveText('R$ 100,00', { timeout: 15_000 })
  await boost.getByRole('button', { name: 'Quero o bônus' }).click()
  const boostDeposit = page.getByRole('dialog', { name: 'Bônus turbo' })
  await expect(boostDeposit.getByRole('radio')).toHaveCount(1)
  await expect(boostDeposit.getByRole('radio', { name: /^R\$ 50,00/ })).toBeChecked()
  await boostDeposit.getByRole('button', { name: 'Fechar' }).click()
  await expect(boostDeposit).toHaveCount(0)

  // A new visit, back at the game. Keep losing R$10 at a time: crossing under R$10 offers the
  // compensation deposit (INSBRL, first four), shown once the player leaves the game.
  await page.goto('/dice')
  await page.getByLabel('Valor da aposta').fill('10,00')
  await page.getByRole('radio', { name: 'Abaixo' }).click()
  await page.getByRole('slider').focus()
  await page.keyboard.press('Home')
  for (let balance = 85; balance >= 5; balance -= 10) {
    await page.getByRole('button', { name: 'Apostar' }).click()
    await expect(page.getByTestId('balance')).toHaveText(`R$ ${balance},00`)
  }
  const compensation = page.getByRole('dialog', { name: 'Saldo insuficiente' })
  await page.waitForTimeout(1_500)
  await expect(compensation).toHaveCount(0)
  await page.getByTestId('tabbar').getByRole('link', { name: 'Início' }).click()
  await expect(compensation).toBeVisible({ timeout: 15_000 })
  await expect(compensation.getByRole('radio')).toHaveCount(4)
  await expect(compensation.getByRole('radio', { name: /^R\$ 10,00/ })).toBeVisible()
  await compensation.getByRole('button', { name: 'Fechar' }).click()

  // /bonus: both offers open; the better one (the boost: R$ 50 for R$ 100 of chips) as the deposit discount with its countdown.
  await page.goto('/bonus')
  const discount = page.getByTestId('bonus-discount')
  await expect(discount).toContainText('Desconto no depósito: 50%')
  await expect(discount).toContainText(/Termina em \d{2}:\d{2}/)
  await discount.getByRole('button', { name: 'Depositar com desconto' }).click()
  await expect(page.getByRole('dialog', { name: 'Bônus turbo' }).getByRole('radio', { name: /^R\$ 50,00/ })).toBeChecked()
})
