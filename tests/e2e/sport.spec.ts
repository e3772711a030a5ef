import { expect, type Page } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'
import { E2E_OPS_TOKEN } from './opsToken'

/** Opens the n-th upcoming football match (its pre-match markets are open) and returns its id. */
async function openUpcoming(page: Page, n: number): Promise<string> {
  await page.goto('/footballPage')
  await page.getByRole('tab', { name: 'Próximos' }).click()
  const rows = page.getByTestId('match-list').getByRole('link')
  await expect(rows.nth(n)).toBeVisible()
  // Only upcoming matches are listed (no score): never the live tab's list while the new one loads.
  await expect(page.getByTestId('match-list').locator('.score')).toHaveCount(0)
  await rows.nth(n).click()
  await expect(page).toHaveURL(/\/sportMatch\/\d+/)
  await expect(page.getByTestId('scoreboard')).toBeVisible()
  return /\/sportMatch\/(\d+)/.exec(page.url())![1]!
}

async function settle(page: Page, matchId: string, home: number, away: number) {
  const res = await page.request.post(`/api/dev/sport/matches/${matchId}/result`, {
    headers: { 'x-ops-token': E2E_OPS_TOKEN },
    data: { fullTime: { home, away }, halfTime: { home: 0, away: 0 }, corners: { home: 4, away: 4 } },
  })
  expect((await res.json()).status).toBe(200)
}

test('a new player places a single and a three-leg parlay on a phone and sees them settle', async ({ page }) => {
  test.setTimeout(120_000)
  await playMoneyLogin(page, 'sport')
  const first = await openUpcoming(page, 0)
  const result = page.getByRole('region', { name: 'Resultado final', exact: true })
  await result.getByRole('button').first().click()
  await expect(result.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await slip.getByLabel(/^Valor em Resultado final/).fill('10,00')
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta feita')
  await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await page.keyboard.press('Escape')

  // A reload keeps the slip: three selections from three matches.
  const legs: string[] = []
  for (const n of [1, 2, 3]) {
    legs.push(await openUpcoming(page, n))
    await page.getByRole('region', { name: 'Resultado final', exact: true }).getByRole('button').nth(1).click()
  }
  await page.reload()
  await expect(page.getByTestId('slip-counter')).toHaveText('Cupom (3)')
  await page.getByTestId('slip-counter').click()
  await expect(slip.getByText('Múltipla (3 seleções)')).toBeVisible()
  await slip.getByLabel('Valor da múltipla').fill('2,00')
  await slip.getByRole('button', { name: 'Apostar na múltipla' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta feita')
  await expect(page.getByTestId('balance')).toHaveText('R$ 988,00')
  await page.keyboard.press('Escape')

  await page.goto('/sportBets')
  await expect(page.getByTestId('sport-bet')).toHaveCount(2)
  // Every match ends 1-1: the draws win, the home pick loses.
  for (const id of [first, ...legs]) await settle(page, id, 1, 1)
  await page.getByRole('tab', { name: 'Encerradas' }).click()
  const bets = page.getByTestId('sport-bet')
  await expect(bets).toHaveCount(2)
  await expect(bets.nth(0).getByTestId('leg-result')).toHaveText(['Ganhou', 'Ganhou', 'Ganhou'])
  await expect(bets.nth(1).getByTestId('leg-result')).toHaveText(['Perdeu'])
  const balance = await serverBalance(page)
  expect(balance).toBeGreaterThan(988)
  await expect(page.getByTestId('balance')).toHaveText(`R$ ${balance.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`)
})

test('a selection whose market closed says so in the slip, and only the open ones are placed', async ({ page }) => {
  await playMoneyLogin(page, 'sportClosed')
  // Not one of the matches the test above settled by hand.
  const open = await openUpcoming(page, 5)
  await page.getByRole('region', { name: 'Resultado final', exact: true }).getByRole('button').first().click()
  // A selection kept in the slip from a match that has finished since (the calendar's first football match).
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('aposta:slip')!)
    saved.slip.push({ selectionId: '1000000001-1x2-1-0-home', matchId: '1000000001', match: 'Antigo x Passado', label: 'Resultado final: Casa', odds: 1.5 })
    localStorage.setItem('aposta:slip', JSON.stringify(saved))
  })
  await page.reload()
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip.getByTestId('slip-unavailable')).toHaveText(['Indisponível: Encerrado'])
  await expect(slip.getByRole('button', { name: 'Apostar na múltipla' })).toBeDisabled()
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta feita: R$ 1,00')
  await expect(page.getByTestId('balance')).toHaveText('R$ 999,00')
  // The closed one stays in the slip, with its message, until the player removes it.
  await expect(page.getByTestId('slip-unavailable')).toHaveCount(1)
  await slip.getByRole('button', { name: 'Remover Resultado final: Casa' }).click()
  await expect(slip.getByText('Toque numa cotação para adicioná-la ao cupom.')).toBeVisible()
  expect(open).toMatch(/^\d+$/)
})
