import { expect } from '@playwright/test'
import { test } from './csp'
import { openAccountItem, playMoneyLogin, serverBalance } from './helpers'

const brl = (reais: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais).replace(/\u00a0/g, ' ')

test('a player opens PG slots from the side menu, spins, sees the header balance follow every spin, closes the game and finds the rounds in the records', async ({ page }) => {
  await playMoneyLogin(page, 'slots')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'PG slots' }).click()
  await expect(page).toHaveURL(/\/gameGroupList\?productCode=PG$/)
  await expect(page.getByRole('heading', { name: 'PG slots' })).toBeVisible()
  // Each tile says its game's return to player and volatility, as Hub88's catalogue gives them.
  await expect(page.getByRole('button', { name: 'Jogar Frutas de Ouro' })).toHaveAccessibleName(/^Jogar Frutas de Ouro\s+RTP 96,14%\s+Volatilidade média$/)

  // A game not open yet says so; an open one launches in the frame.
  await page.getByRole('button', { name: 'Noite de Carnaval: em breve' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('Em Breve...')
  await alert.getByRole('button', { name: 'OK' }).click()
  await page.getByRole('button', { name: 'Jogar Frutas de Ouro' }).click()
  await expect(page).toHaveURL(/\/play\?game=pgs_demo-fruits&productCode=PG/)
  const frame = page.frameLocator('iframe[title="Frutas de Ouro, jogo de PG slots"]')
  const spin = frame.getByRole('button', { name: 'Girar os rolos' })
  await expect(spin).toBeEnabled()
  await expect(frame.locator('#reels')).toHaveAttribute('data-thread', 'worker')
  const header = page.getByTestId('balance')

  // Every spin: once the round is over, the header shows what the wallet holds (and what the game
  // shows), with no reload and no socket on /play.
  const frameBalance = frame.locator('#balance')
  const balances: number[] = []
  for (let i = 0; i < 3; i++) {
    await spin.click()
    await expect(spin).toBeDisabled()
    await expect(spin).toBeEnabled({ timeout: 15_000 })
    await expect(frame.locator('[aria-live="polite"]').first()).toHaveText(/Você ganhou|Sem prêmio/)
    const server = await serverBalance(page)
    balances.push(server)
    await expect(header).toHaveText(brl(server))
    await expect(frameBalance).toHaveText(brl(server).replace(' ', '\u00a0'))
  }
  // The stakes moved the balance (R$ 1,00 a spin): three spins paying back exactly R$ 3,00 would hide a frozen header.
  expect(balances.some((b) => b !== 1000), String(balances)).toBe(true)

  // Closing ends the game: nothing in play, back at the provider's list.
  await page.getByRole('button', { name: 'Fechar o jogo' }).click()
  await expect(page).toHaveURL(/\/gameGroupList\?productCode=PG$/)
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!) as string)
  expect((await (await page.request.get('/api/app/game/inPlay', { headers: { authorization: token } })).json()).data).toBeNull()
  await expect(header).toHaveText(brl(await serverBalance(page)))

  // The records: three stakes (and any wins), each opening its round.
  await openAccountItem(page, 'Histórico')
  await expect(page.getByRole('heading', { name: 'Registros' })).toBeVisible()
  const rows = page.locator('.records-list > li')
  // Each names its game (issue 32).
  const stakes = rows.filter({ hasText: /^Aposta · Frutas de Ouro \(PG\)−/ })
  await expect(stakes).toHaveCount(3)
  await stakes.first().getByRole('button').click()
  const detail = stakes.first().locator('.records-detail')
  await expect(detail).toContainText('Frutas de Ouro (PG)')
  await expect(detail.getByTestId('bet-round')).toHaveText(/^[0-9a-f-]{36}$/)
  // Hub88's page of the round (its emulator's here), asked for this player's round.
  await expect(detail.getByRole('link', { name: 'Ver a rodada no provedor' })).toHaveAttribute('href', /^\/hub88-sandbox\/rounds\/[0-9a-f-]{36}$/)
})

test("the game's frame is sandboxed: the game's scripts cannot read the player's token, the app's storage or its cookies, and the game still plays", async ({ page }) => {
  await playMoneyLogin(page, 'sandbox')
  await page.goto('/gameMess?game=pgs_demo-fruits&productCode=PG&name=Frutas%20de%20Ouro')
  await expect(page).toHaveURL(/\/play\?game=pgs_demo-fruits&productCode=PG/)
  const iframe = page.locator('iframe.play-frame')
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts')
  const spin = page.frameLocator('iframe.play-frame').getByRole('button', { name: 'Girar os rolos' })
  await expect(spin).toBeEnabled()
  const token = await page.evaluate(() => localStorage.getItem('aposta:token'))
  expect(token).toBeTruthy()
  const game = page.frames().find((f) => f.url().includes('/demo-provider/PG/'))
  expect(game, 'the game frame').toBeDefined()
  // What a hostile game script would try, in the game's own frame.
  const reach = await game!.evaluate(() => {
    const attempt = (f: () => unknown) => {
      try {
        return String(f())
      } catch (e) {
        return (e as Error).name
      }
    }
    return {
      origin: self.origin,
      parentStorage: attempt(() => window.parent.localStorage.getItem('aposta:token')),
      parentDocument: attempt(() => window.parent.document.cookie),
      ownStorage: attempt(() => localStorage.length),
      cookie: attempt(() => document.cookie),
    }
  })
  expect(reach).toEqual({ origin: 'null', parentStorage: 'SecurityError', parentDocument: 'SecurityError', ownStorage: 'SecurityError', cookie: 'SecurityError' })
  // Opened alone (its address in a tab), the page is sandboxed by its own policy all the same.
  const url = await iframe.getAttribute('src')
  const alone = await page.context().newPage()
  await alone.goto(url!)
  await expect(alone.getByRole('button', { name: 'Girar os rolos' })).toBeEnabled()
  expect(await alone.evaluate(() => self.origin)).toBe('null')
  await alone.close()
  // The game plays on, and its balance still reaches the header.
  await spin.click()
  await expect(spin).toBeEnabled({ timeout: 15_000 })
  await expect(page.getByTestId('balance')).toHaveText(brl(await serverBalance(page)))
})

test("the demo slot's reels are drawn by a worker, the same picture as on the page's thread (?stage=page), and a spin lands either way", async ({ page }) => {
  await playMoneyLogin(page, 'reels')
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!) as string)
  const launch = async () =>
    ((await (await page.request.post('/api/app/game/launch', { headers: { authorization: token }, data: { productCode: 'PG', game: 'pgs_demo-fruits' } })).json()) as { data: { url: string } }).data.url
  const reels = page.locator('#reels')
  const spin = page.getByRole('button', { name: 'Girar os rolos' })

  // Both start on the same stops: the page's thread draws the reference.
  await page.goto(`${await launch()}&stage=page`)
  await expect(spin).toBeEnabled()
  await expect(reels).toHaveAttribute('data-thread', 'page')
  await page.waitForTimeout(300)
  const onPage = await reels.screenshot()
  await spin.click()
  await expect(spin).toBeEnabled({ timeout: 15_000 })
  await expect(page.locator('#live')).toHaveText(/Você ganhou|Sem prêmio/)

  await page.goto(await launch())
  await expect(spin).toBeEnabled()
  await expect(reels).toHaveAttribute('data-thread', 'worker')
  // The worker's frame reaches the screen on its own schedule: compared until it is there.
  await expect.poll(async () => Buffer.compare(await reels.screenshot(), onPage), { timeout: 5_000 }).toBe(0)
  await spin.click()
  await expect(spin).toBeDisabled()
  await expect(spin).toBeEnabled({ timeout: 15_000 })
  await expect(page.locator('#live')).toHaveText(/Você ganhou|Sem prêmio/)
  await expect(reels).toHaveAttribute('data-thread', 'worker')
})

test("the slot's worker follows a new size and reduced motion as the page's thread does", async ({ page }) => {
  await playMoneyLogin(page, 'reels-size')
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!) as string)
  const launch = async () =>
    ((await (await page.request.post('/api/app/game/launch', { headers: { authorization: token }, data: { productCode: 'PG', game: 'pgs_demo-fruits' } })).json()) as { data: { url: string } }).data.url
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const reels = page.locator('#reels')
  const spin = page.getByRole('button', { name: 'Girar os rolos' })

  // A phone turned or a smaller one: the box shrinks after the reels were first drawn.
  await page.goto(`${await launch()}&stage=page`)
  await expect(spin).toBeEnabled()
  await page.setViewportSize({ width: 320, height: 700 })
  await page.waitForTimeout(300)
  const onPage = await reels.screenshot()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(await launch())
  await expect(spin).toBeEnabled()
  await expect(reels).toHaveAttribute('data-thread', 'worker')
  await page.setViewportSize({ width: 320, height: 700 })
  await expect.poll(async () => Buffer.compare(await reels.screenshot(), onPage), { timeout: 5_000 }).toBe(0)

  // Reduced motion: the reels do not turn, the result still lands and is announced.
  await spin.click()
  await expect(spin).toBeEnabled({ timeout: 15_000 })
  await expect(page.locator('#live')).toHaveText(/Você ganhou|Sem prêmio/)
  await expect(reels).toHaveAttribute('data-thread', 'worker')
})
