import { expect, type Page } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'
import { E2E_OPS_TOKEN } from './opsToken'

// A test account's credentials pop-up (spec: once per session, after login or a page load) closed
// whenever it stands in the way; these tests are about the sportsbook.
test.beforeEach(async ({ page }) => {
  const popup = page.getByRole('dialog', { name: 'Conta de teste' })
  await page.addLocatorHandler(popup, () => popup.getByRole('button', { name: 'Fechar' }).first().click())
})

/** The upcoming football matches' ids in the server's order (by kick-off; the page groups them by country and league). */
async function upcomingIds(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/app/sport/matches?sport=football&state=upcoming')).json()).data as { matchId: string }[]).map((m) => m.matchId)
}

/** The list's row of the n-th upcoming football match (by kick-off), on the 'Próximos' tab. */
async function upcomingRow(page: Page, n: number) {
  const id = (await upcomingIds(page))[n]!
  await page.goto('/footballPage')
  await page.getByRole('tab', { name: 'Próximos' }).click()
  // Only upcoming matches are listed (no score): never the live tab's list while the new one loads.
  await expect(page.getByTestId('match-list').locator('.score')).toHaveCount(0)
  const row = page.getByTestId('match-row').filter({ has: page.locator(`a[href="/sportMatch/${id}"]`) })
  await expect(row).toBeVisible()
  return { id, row }
}

/** Opens the n-th upcoming football match (its pre-match markets are open; the visual tests use others) and returns its id. */
async function openUpcoming(page: Page, n: number): Promise<string> {
  const { id, row } = await upcomingRow(page, n)
  await row.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/sportMatch/${id}$`))
  await expect(page.getByTestId('scoreboard')).toBeVisible()
  return id
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
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta aceita')
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
  // Typed key by key, as a player does: the field keeps the focus while the slip renders each key.
  const parlayStake = slip.getByLabel('Valor da múltipla')
  await parlayStake.fill('')
  await parlayStake.pressSequentially('2,00')
  await expect(parlayStake).toHaveValue('2,00')
  await expect(parlayStake).toBeFocused()
  await slip.getByRole('button', { name: 'Apostar na múltipla' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta aceita')
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
  // A selection kept in the slip from a match that has finished since (the first league's second match of the calendar's first week, in 1970).
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('aposta:slip')!)
    saved.slip.push({ selectionId: '1100000001-1x2-1-0-home', matchId: '1100000001', match: 'Antigo x Passado', label: 'Resultado final: Casa', odds: 1.5 })
    localStorage.setItem('aposta:slip', JSON.stringify(saved))
  })
  await page.reload()
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip.getByTestId('slip-unavailable')).toHaveText(['Indisponível: Encerrado'])
  // Two selections of two matches: the parlay's tab first, its button disabled while one is closed.
  await expect(slip.getByRole('tab', { name: 'Múltipla' })).toHaveAttribute('aria-selected', 'true')
  await expect(slip.getByRole('button', { name: 'Apostar na múltipla' })).toBeDisabled()
  // The tabs by keyboard: an arrow moves to the other one.
  await slip.getByRole('tab', { name: 'Múltipla' }).press('ArrowLeft')
  await expect(slip.getByRole('tab', { name: /^Simples/ })).toHaveAttribute('aria-selected', 'true')
  await expect(slip.getByRole('tab', { name: /^Simples/ })).toBeFocused()
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  await expect(slip.getByTestId('placed-line')).toHaveText([/^Valor R\$ 1,00 · odds /])
  await expect(page.getByTestId('balance')).toHaveText('R$ 999,00')
  // The closed one stays in the slip, with its message, until the player removes it.
  await expect(page.getByTestId('slip-unavailable')).toHaveCount(1)
  await slip.getByRole('button', { name: 'Remover Resultado final: Casa' }).click()
  await expect(slip.getByText('Toque numa cotação para adicioná-la ao cupom.')).toBeVisible()
  expect(open).toMatch(/^\d+$/)
})

/** The selection's odds as the pt-BR page writes them ('2,15'). */
const oddsText = (odds: number) => odds.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 })
const money = (reais: number) => `R$ ${reais.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test('from the list: a row\'s price into the slip, a quick stake, the win at the odds recorded, and the bet in My bets with its match, market, odds, id and date', async ({ page }) => {
  await playMoneyLogin(page, 'sportList')
  // Not one of the matches the tests above settle by hand (upcoming 0 to 3), nor the visual tests' (8 and on).
  const { row } = await upcomingRow(page, 7)
  const [home, away] = await row.locator('.side-name').allTextContents()
  const prices = row.getByRole('group', { name: `${home} x ${away}` }).getByRole('button')
  // The main market's three prices: 1, X, 2.
  await expect(prices).toHaveCount(3)
  await expect(prices.locator('.sel')).toHaveText(['1', 'X', '2'])
  const price = prices.first()
  await expect(price).toHaveAttribute('aria-pressed', 'false')
  await price.click()
  await expect(price).toHaveAttribute('aria-pressed', 'true')
  const odds = Number((await price.locator('.price').textContent())!.replace(',', '.'))
  await expect(price).toHaveAccessibleName(`Resultado final: ${home} a ${oddsText(odds)}`)

  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip.getByText(`Resultado final: ${home}`, { exact: true })).toBeVisible()
  await expect(slip.getByText(`${home} x ${away}`)).toBeVisible()
  await expect(slip.getByRole('tab', { name: /^Simples/ })).toHaveAttribute('aria-selected', 'true')
  const chip = slip.getByRole('button', { name: 'R$ 10,00', exact: true })
  await chip.click()
  await expect(chip).toHaveAttribute('aria-pressed', 'true')
  await expect(slip.getByLabel(`Valor em Resultado final: ${home}`)).toHaveValue('10,00')
  // 10,00 at odds D returns exactly 10 x D (the server's rule, in centavos).
  const win = Math.round(odds * 1000) / 100
  await expect(slip.getByTestId('singles-win')).toHaveText(`Ganho esperado: ${money(win)}`)
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  const placed = slip.getByTestId('placed-bet')
  await expect(placed).toHaveCount(1)
  // The card shows what the server recorded: its id, the stake, its odds and stake x those odds.
  await expect(placed.getByTestId('placed-line')).toHaveText(`Valor R$ 10,00 · odds ${oddsText(odds)} · ganho potencial ${money(win)}`)
  const betId = /Simples nº (\d+)/.exec((await placed.textContent())!)![1]!
  await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await expect(price).toHaveAttribute('aria-pressed', 'false')

  await slip.getByRole('link', { name: 'Ver minhas apostas' }).click()
  await expect(page).toHaveURL(/\/sportBets$/)
  const bet = page.getByTestId('sport-bet').first()
  await expect(bet.getByTestId('bet-id')).toHaveText(`Aposta nº ${betId}`)
  const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })
  await expect(bet.getByTestId('bet-date')).toContainText(today)
  await expect(bet.getByTestId('bet-status')).toHaveText('Em aberto')
  const leg = bet.getByTestId('bet-leg')
  await expect(leg.getByRole('link')).toHaveAccessibleName(`${home} x ${away}`)
  await expect(leg.getByTestId('leg-market')).toHaveText('Resultado final')
  await expect(leg.getByTestId('leg-selection')).toHaveText(home!)
  await expect(leg.getByTestId('leg-odds')).toHaveText(oddsText(odds))
  await expect(bet.getByTestId('bet-stake')).toHaveText('R$ 10,00')
  await expect(bet.getByTestId('bet-potential')).toHaveText(money(win))
})

test('an in-play bet shows its wait (the server holds it SPORT_LIVE_DELAY_SECONDS) with the buttons disabled, then the bet taken', async ({ page }) => {
  await playMoneyLogin(page, 'sportLive')
  await page.goto('/footballPage')
  await expect(page.getByRole('tab', { name: /^Ao vivo/ })).toHaveAttribute('aria-selected', 'true')
  const price = page.getByTestId('match-row').locator('.odds:not([disabled])').first()
  await price.click()
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip.getByText('Ao vivo', { exact: true })).toBeVisible()
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  const waiting = slip.getByTestId('slip-waiting')
  await expect(waiting).toHaveText('Aposta ao vivo: confirmando a odd, até 5 s…')
  await expect(slip.getByRole('button', { name: 'Apostando...' })).toBeDisabled()
  await expect(slip.getByRole('button', { name: 'R$ 5,00', exact: true })).toBeDisabled()
  await expect(slip.getByTestId('placed-bet')).toHaveCount(1, { timeout: 15_000 })
  await expect(waiting).toHaveCount(0)
  await expect(page.getByTestId('balance')).toHaveText('R$ 999,00')
})

test("home's sports strip: a live or upcoming match's price into the slip, the slip opened on the sports page, the match opened from its card", async ({ page }) => {
  await page.goto('/home')
  const strip = page.getByTestId('sports-strip')
  await expect(strip).toBeVisible({ timeout: 20_000 })
  const card = strip.getByTestId('strip-match').first()
  const price = card.locator('.odds').first()
  await price.click()
  await expect(price).toHaveAttribute('aria-pressed', 'true')
  const name = (await price.locator('.visually-hidden').textContent())!.replace(/ a [\d,]+$/, '')
  await strip.getByTestId('strip-slip').click()
  await expect(page).toHaveURL(/\/footballPage\?slip=1$/)
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip.getByText(name, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.goto('/home')
  const href = (await card.getByRole('link').getAttribute('href'))!
  expect(href).toMatch(/^\/sportMatch\/\d+$/)
  await card.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByTestId('scoreboard')).toBeVisible()
})

test('a race: its runners in the list, a price each; a bet on a runner through the slip, settled by the winner', async ({ page }) => {
  test.setTimeout(90_000)
  await playMoneyLogin(page, 'race')
  // The next race to come at the fixed clock (a Saturday afternoon at the racecourse) with its market open.
  type Race = { matchId: string; home: string; runners: string[]; main: { status: string; selections: { name: string; odds: number }[] } | null }
  const races = (await (await page.request.get('/api/app/sport/matches?sport=racing&state=upcoming')).json()).data as Race[]
  const race = races.find((r) => r.main?.status === 'open' && r.runners.length >= 6)!
  expect(race.main!.selections.map((s) => s.name)).toEqual(race.runners.map((_, i) => `run${i + 1}`))
  await page.goto('/sports?sport=racing')
  await page.getByRole('tab', { name: 'Próximos' }).click()
  const row = page.getByTestId('match-row').filter({ has: page.locator(`a[href="/sportMatch/${race.matchId}"]`) })
  await expect(row).toBeVisible()
  await expect(row).toContainText(race.home)
  // One button per runner, named by the horse and its odds; no 1/X/2 row.
  const prices = row.getByRole('group', { name: new RegExp(`^${race.home}`) }).getByRole('button')
  await expect(prices).toHaveCount(race.runners.length)
  const n = 2
  const horse = race.runners[n - 1]!
  const odds = race.main!.selections[n - 1]!.odds
  const shown = odds.toFixed(2).replace('.', ',')
  const button = row.getByRole('button', { name: `Vencedor: ${horse} a ${shown}` })
  await expect(button).toBeVisible()
  // At 390 px the field fits the row: every price within the viewport's width.
  for (const box of await Promise.all((await prices.all()).map((b) => b.boundingBox()))) expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(slip).toContainText(horse)
  await slip.getByLabel(`Valor em Vencedor: ${horse}`).fill('10,00')
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta aceita')
  await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await page.keyboard.press('Escape')

  // The race is run: the operator names the horse; the bet pays 10 x its odds.
  const res = await page.request.post(`/api/dev/sport/matches/${race.matchId}/result`, { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { winner: horse } })
  expect((await res.json()).status).toBe(200)
  const paid = 990 + Math.floor(10 * odds * 100 + 1e-6) / 100
  await expect.poll(() => serverBalance(page), { timeout: 20_000 }).toBeCloseTo(paid, 2)
  await page.goto('/sportBets')
  await page.getByRole('tab', { name: /Encerradas/ }).click()
  const bet = page.getByTestId('bet-leg').filter({ hasText: horse })
  await expect(bet).toBeVisible()
  await expect(bet.getByTestId('leg-selection')).toHaveText(horse)
  await expect(bet.getByTestId('leg-result')).toHaveText('Ganhou')
  await expect(bet).toContainText(race.home)
})
