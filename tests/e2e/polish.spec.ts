/** What a phone player saw and should not (issue 32's "Polish seen"), at 390x844. */
import { expect, test, type Page } from '@playwright/test'
import { playMoneyLogin } from './helpers'

/** The bottom of what shows without scrolling: the tab bar's top. */
const foldOf = async (page: Page) => (await page.getByTestId('tabbar').boundingBox())!.y

test("Lucky Color's bet button shows without scrolling, over the tab bar, and every game's stake chips fit the screen", async ({ page }) => {
  await playMoneyLogin(page, 'polish')
  await page.goto('/luckyColor')
  const bet = page.getByTestId('round-bet')
  await expect(bet).toBeVisible()
  const box = (await bet.boundingBox())!
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(box.y + box.height).toBeLessThanOrEqual(await foldOf(page))

  for (const game of ['luckyColor', 'double', 'rowDouble']) {
    await page.goto(`/${game}`)
    const chips = page.getByRole('group', { name: 'Valores rápidos' }).getByRole('button')
    await expect(chips).toHaveCount(5)
    await expect(chips.last()).toHaveText('R$ 100,00')
    for (const chip of await chips.all()) {
      const c = (await chip.boundingBox())!
      expect(c.x, game).toBeGreaterThanOrEqual(0)
      expect(c.x + c.width, game).toBeLessThanOrEqual(390)
      // Its text whole inside it.
      expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth), game).toBe(true)
    }
  }
  // The balance keeps 'R$' with its amount on one line.
  const balance = page.getByTestId('balance')
  const line = await balance.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
  expect((await balance.boundingBox())!.height).toBeLessThan(line * 1.9)
})

test("Dice's slider is drawn in the app's look, its colours meeting at the thumb", async ({ page }) => {
  await playMoneyLogin(page, 'polish-dice')
  await page.goto('/dice')
  const slider = page.getByRole('slider')
  await expect(slider).toBeVisible()
  const style = await slider.evaluate((el) => ({ appearance: getComputedStyle(el).appearance, fill: getComputedStyle(el).getPropertyValue('--fill') }))
  expect(style.appearance).toBe('none')
  expect(parseFloat(style.fill)).toBeGreaterThan(40)
  expect(parseFloat(style.fill)).toBeLessThan(60)
})

test("a provider slot's RTP reads with a comma, on its tile and in the game's own paytable", async ({ page }) => {
  await playMoneyLogin(page, 'polish-rtp')
  await page.goto('/gameGroupList?productCode=PG')
  await expect(page.getByRole('button', { name: 'Jogar Frutas de Ouro' })).toContainText('RTP 96,14%')
  await page.goto('/gameMess?game=pgs_demo-fruits&productCode=PG&name=Frutas%20de%20Ouro')
  const game = page.frameLocator('iframe.play-frame')
  await game.locator('#paytable-open').click()
  await expect(game.locator('#paytable .rtp strong')).toHaveText('RTP 96,14%')
})
