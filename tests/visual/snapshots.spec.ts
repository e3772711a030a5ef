import { expect, test, type Page } from '@playwright/test'
import { withoutTabBar } from './tabBar'

/**
 * Visual snapshots at 390x844 in snapshot mode (fixed seed and clock, no motion), taken the
 * way STACK.md found byte-stable: fonts ready, one more render, two animation frames.
 */
async function settle(page: Page, scene = false) {
  if (scene) await page.waitForFunction(() => window.__app?.sceneReady === true)
  await page.evaluate(async () => {
    await document.fonts.ready
    // The lobby tiles' art (CSS backgrounds): decoded before the frame is taken.
    const urls = [...document.querySelectorAll('.tile')].map((el) => /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage)?.[1]).filter((u): u is string => !!u)
    await Promise.all(urls.map((u) => Object.assign(new Image(), { src: u }).decode().catch(() => undefined)))
    await (window.__app?.sceneHost as { render(): void | Promise<void> } | null | undefined)?.render()
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

async function registerAndStore(page: Page) {
  const email = `visual.${Date.now()}@example.com`
  const codeId = 4242
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const res = await page.request.post('/api/auth/user/restRegister', { data: { username: email, pwd: 'segredo123', codeId, captCode: 'teste' } })
  const token = (await res.json()).data.access_token as string
  await page.addInitScript((t) => localStorage.setItem('aposta:token', JSON.stringify(t)), token)
  return email
}

test('home page', async ({ page }) => {
  await page.goto('/home?snapshot=1')
  await settle(page, true)
  // The lobby is drawn by its worker (an OffscreenCanvas) in this browser.
  expect(await page.evaluate(() => window.__app?.stageThread)).toBe('worker')
  // One texture per draw call (engine/batchTextures.ts), in the worker's renderer too.
  expect(await page.evaluate(() => window.__app?.batchTextures)).toBe(1)
  await expect(page).toHaveScreenshot('home.png')
})

test('home page with the lobby drawn on the page thread (the fallback) looks the same', async ({ page }) => {
  await page.goto('/home?snapshot=1&stage=page')
  await settle(page, true)
  expect(await page.evaluate(() => window.__app?.stageThread)).toBe('page')
  expect(await page.evaluate(() => window.__app?.batchTextures)).toBe(1)
  await expect(page).toHaveScreenshot('home.png')
})

test('login overlay', async ({ page }) => {
  await page.goto('/home?snapshot=1')
  await settle(page, true)
  await page.getByRole('button', { name: 'Entrar' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await expect(dialog).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('login-overlay.png', { mask: [dialog.locator('.captcha-button img')] })
})

test('register overlay', async ({ page }) => {
  await page.goto('/home?snapshot=1')
  await settle(page, true)
  await page.getByRole('button', { name: 'Cadastrar' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await expect(dialog.getByLabel('Telefone')).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('register-overlay.png', { mask: [dialog.locator('.captcha-button img')] })
})

test('side menu and account menu', async ({ page }) => {
  await registerAndStore(page)
  await page.goto('/home?snapshot=1')
  await settle(page, true)
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  const side = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(side.getByRole('button', { name: 'SAIR' })).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('side-menu.png', { mask: [side.locator('.email')] })
  await page.keyboard.press('Escape')
  await page.locator('.scrim').click({ position: { x: 380, y: 400 } })
  await page.getByRole('button', { name: 'Minha conta' }).click()
  const account = page.getByRole('region', { name: 'Minha conta' })
  await expect(account.getByRole('radio', { name: 'Avatar 0' })).toHaveAttribute('aria-checked', 'true')
  await settle(page)
  await expect(page).toHaveScreenshot('account-menu.png')
})

const FIXTURES: Record<string, string[]> = {
  lobby: ['default', 'second-slide', 'english', 'single-slide'],
  dice: ['idle', 'rolling', 'win', 'loss', 'edge'],
  limbo: ['idle', 'playing', 'win', 'loss', 'big'],
  mines: ['idle', 'playing', 'win', 'loss', 'full'],
  double: ['betting', 'spinning', 'result', 'full-feed'],
  rowDouble: ['betting', 'sliding', 'result', 'full-feed'],
  luckyColor: ['betting', 'drawing', 'result', 'full-feed'],
}
for (const [scene, fixtures] of Object.entries(FIXTURES)) {
  for (const fixture of fixtures) {
    test(`scene ${scene}/${fixture}`, async ({ page }) => {
      await page.goto(`/dev/scenes/${scene}/${fixture}?snapshot=1`)
      await settle(page, true)
      await expect(page.getByTestId('dev-stage')).toHaveScreenshot(`scene-${scene}-${fixture}.png`)
    })
  }
}

interface Market {
  type: string
  period: number
  selections: { selectionId: string; name: string; odds: number }[]
}
interface Match {
  matchId: string
  home: string
  away: string
}

/**
 * Three football matches of the server's sportsbook at its stopped clock (SPORT_CLOCK in
 * playwright.config.ts): the same matches and odds in every run. From the `from`-th: the e2e tests
 * settle the first few upcoming ones by hand.
 */
async function footballAt(page: Page, state: 'live' | 'upcoming', from = 0) {
  const list = (await (await page.request.get(`/api/app/sport/matches?sport=football&state=${state}`)).json()).data as Match[]
  return Promise.all(list.slice(from, from + 3).map(async (m) => ({ match: m, markets: (await (await page.request.get(`/api/app/sport/match/${m.matchId}`)).json()).data.markets as Market[] })))
}

test('the bet slip with three selections (a parlay) and its stakes', async ({ page }) => {
  // The slip is kept in the browser: three selections from three matches, as a reload finds them.
  const matches = await footballAt(page, 'upcoming', 8)
  const names = ['home', 'draw', 'away']
  const slip = matches.map(({ match, markets }, i) => {
    const sel = markets.find((x) => x.type === '1x2' && x.period === 1)!.selections.find((s) => s.name === names[i])!
    return { selectionId: sel.selectionId, matchId: match.matchId, match: `${match.home} x ${match.away}`, label: `Resultado final: ${['Casa', 'Empate', 'Fora'][i]}`, odds: sel.odds }
  })
  await page.addInitScript((s) => localStorage.setItem('aposta:slip', JSON.stringify(s)), {
    slip,
    stakes: { [slip[0]!.selectionId]: '10.00' },
    parlayStake: '5.00',
    acceptOdds: 'higher',
  })
  // The parlay returns 5,00 x the product of the three odds, floored to the centavo as the server pays.
  const win = Number((500n * slip.reduce((x, s) => x * BigInt(Math.round(s.odds * 1000)), 1n)) / 10n ** 9n) / 100
  await page.goto('/sportBets?snapshot=1')
  await page.getByTestId('slip-counter').click()
  const dialog = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await expect(dialog.getByTestId('parlay-win')).toHaveText(`Ganho esperado: R$ ${win.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`)
  await expect(dialog.getByTestId('slip-unavailable')).toHaveCount(0)
  await settle(page)
  await expect(dialog).toHaveScreenshot('bet-slip.png')
})

test('a live football match: scoreboard and every market grouped', async ({ page }) => {
  const [live] = await footballAt(page, 'live')
  await page.goto(`/sportMatch/${live!.match.matchId}?snapshot=1`)
  await expect(page.getByTestId('scoreboard')).toBeVisible()
  await expect(page.getByTestId('market-group').first()).toBeVisible()
  await settle(page)
  await expect(page).toHaveScreenshot('sport-match.png')
})

test('the VIP page of a new player: level 0, both progress bars, the whole table', async ({ page }) => {
  await registerAndStore(page)
  await page.goto('/vip?snapshot=1')
  await expect(page.getByRole('table', { name: 'Níveis VIP' }).getByRole('row')).toHaveCount(12)
  await settle(page)
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('vip.png', { fullPage: true })
})

test("the share page: code, link and QR code (masked: they are the new player's own)", async ({ page }) => {
  await registerAndStore(page)
  await page.goto('/share?snapshot=1')
  await expect(page.getByTestId('invite-code')).toHaveText(/^[A-Z0-9]{8}$/)
  await settle(page)
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('share.png', { fullPage: true, mask: [page.getByTestId('invite-code'), page.getByTestId('invite-link'), page.locator('svg.qr')] })
})

test('the sign-in sheet of a new player: the 7-day cycle, day 1 to claim', async ({ page }) => {
  await registerAndStore(page)
  await page.goto('/signInSheet?snapshot=1')
  await expect(page.getByTestId('signin-claim')).toHaveText('Receber R$ 0,50')
  await settle(page)
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('signin-sheet.png', { fullPage: true })
})

test('the responsible-gaming page of a new player: eight limits unset, the reality check, the statement, the pause, the self-exclusion and help', async ({ page }) => {
  await registerAndStore(page)
  await page.goto('/jogoResponsavel?snapshot=1')
  await expect(page.getByTestId('rg-limits').getByRole('listitem')).toHaveCount(8)
  await expect(page.getByTestId('rg-statement')).toBeVisible()
  await settle(page)
  await withoutTabBar(page)
  await expect(page).toHaveScreenshot('responsible-gaming.png', { fullPage: true })
})

test('the reality check dialog: the session\'s time, stakes and result, Continuar and Sair', async ({ page }) => {
  test.setTimeout(90_000)
  // A test account (play money) that stakes R$ 1 in Dice and checks every 15 minutes (30 s here).
  await page.request.get('/api/auth/user/captcha/4242')
  const reg = await page.request.post('/api/auth/user/restRegister', { data: { username: `reality.${Date.now()}@example.com`, pwd: 'segredo123', codeId: 4242, captCode: 'teste' } })
  const own = (await reg.json()).data.access_token as string
  const demo = (await (await page.request.get('/api/app/user/getUserTest', { headers: { authorization: own } })).json()).data as { username: string; pwd: string }
  await page.request.get('/api/auth/user/captcha/4243')
  const login = await page.request.post('/api/auth/user/restLogin', { data: { username: demo.username, pwd: demo.pwd, codeId: 4243, captCode: 'teste' } })
  const player = (await login.json()).data.access_token as string
  const headers = { authorization: player }
  expect((await (await page.request.put('/api/app/rg/realityCheck', { headers, data: { minutes: 15 } })).json()).status).toBe(200)
  const bet = await page.request.post('/api/app/casino/dice/bet', { headers: { ...headers, 'Idempotency-Key': `visual-${Date.now()}` }, data: { amount: '1.00', target: '50.00', condition: 'over' } })
  expect((await bet.json()).status).toBe(200)
  await page.addInitScript((t) => localStorage.setItem('aposta:token', JSON.stringify(t)), player)
  await page.waitForTimeout(31_000)
  await page.goto('/home?snapshot=1')
  const dialog = page.getByRole('alertdialog', { name: 'Hora de uma pausa?' })
  await expect(dialog).toBeVisible({ timeout: 15_000 })
  await expect(dialog).toContainText('Apostado nesta sessão: R$ 1,00')
  await settle(page)
  // The result depends on the roll: masked.
  await expect(dialog).toHaveScreenshot('reality-check.png', { mask: [dialog.getByText(/^Resultado nesta sessão/)] })
})
