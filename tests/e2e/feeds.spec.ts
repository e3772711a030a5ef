/**
 * The demo through both outside parties' emulators (issue 33), on a server of its own: provider
 * slots through Hub88's Operator API (the demo's default, GAME_AGGREGATOR=hub88) and the sportsbook
 * through The Odds API's adapter (SPORT_FEED=theoddsapi against its emulator). A player spins a slot
 * and bets on a match the Odds API feed lists; an operator settles the match by hand
 * (`sport:settle`'s call: the feed's own settlement needs the match to be played, hours away in real
 * time, and is tested on the server: sportOddsApi.test); the player sees the result.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'
import { E2E_OPS_TOKEN } from './opsToken'

const PORT = Number(process.env.E2E_PORT || 3199) + 11
const ORIGIN = `http://127.0.0.1:${PORT}`
const root = path.resolve(import.meta.dirname, '../..')
test.use({ baseURL: ORIGIN })

let server: ChildProcess | null = null
let dataDir = ''
const brl = (reais: number) => `R$ ${reais.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-feeds-'))
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The client the suite's own server built (playwright.config.ts's webServer starts first).
      SKIP_CLIENT_BUILD: '1',
      CAPTCHA_FIXED_ANSWER: 'teste',
      LOG: '0',
      OPS_TOKEN: E2E_OPS_TOKEN,
      SPORT_FEED: 'theoddsapi',
      ODDS_API_REFRESH_SECONDS: '5,5',
      ROUND_CHAIN_LENGTH: '20000',
      ROUND_SALT_WAIT_SECONDS: '0',
    },
  })
  // Up, and the feed's first poll done: football listed.
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the server exited (${server?.exitCode})`)
        try {
          const res = await fetch(`${ORIGIN}/api/app/sport/matches?sport=football&state=upcoming`)
          return ((await res.json()) as { data?: unknown[] }).data?.length ?? 0
        } catch {
          return 0
        }
      },
      { timeout: 100_000, intervals: [500] },
    )
    .toBeGreaterThan(0)
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test.beforeEach(async ({ page }) => {
  const popup = page.getByRole('dialog', { name: 'Conta de teste' })
  await page.addLocatorHandler(popup, () => popup.getByRole('button', { name: 'Fechar' }).first().click())
})

test("a player spins a Hub88 slot and bets on an Odds API match; the operator settles it; the player sees it won", async ({ page }) => {
  test.setTimeout(120_000)
  await playMoneyLogin(page, 'feeds')

  // The slot through Hub88's emulator: its game code is Hub88's, its page the demo supplier's.
  await page.goto('/gameMess?game=pgs_demo-fruits&productCode=PG&name=Frutas%20de%20Ouro')
  await expect(page).toHaveURL(/\/play\?game=pgs_demo-fruits&productCode=PG/)
  const frame = page.frameLocator('iframe[title="Frutas de Ouro, jogo de PG slots"]')
  const spin = frame.getByRole('button', { name: 'Girar os rolos' })
  await expect(spin).toBeEnabled()
  await spin.click()
  await expect(spin).toBeDisabled()
  await expect(spin).toBeEnabled({ timeout: 15_000 })
  await expect(frame.locator('[aria-live="polite"]').first()).toHaveText(/Você ganhou|Sem prêmio/)
  const afterSpin = await serverBalance(page)
  expect(afterSpin).not.toBe(1000)
  await expect(page.getByTestId('balance')).toHaveText(brl(afterSpin))
  await page.getByRole('button', { name: 'Fechar o jogo' }).click()

  // A match the Odds API feed lists (its ids are 15 digits, the simulator's fewer), bet through the page.
  const upcoming = ((await (await page.request.get('/api/app/sport/matches?sport=football&state=upcoming')).json()).data as { matchId: string; home: string; away: string }[])[0]!
  expect(upcoming.matchId).toMatch(/^\d{15}$/)
  await page.goto(`/sportMatch/${upcoming.matchId}`)
  await expect(page.getByTestId('scoreboard')).toContainText(upcoming.home)
  const result = page.getByRole('region', { name: 'Resultado final', exact: true })
  await result.getByRole('button').first().click()
  await page.getByTestId('slip-counter').click()
  const slip = page.getByRole('dialog', { name: 'Cupom de apostas' })
  await slip.getByLabel(/^Valor em Resultado final/).fill('10,00')
  await slip.getByRole('button', { name: 'Apostar nas simples' }).click()
  await expect(slip.getByTestId('slip-done')).toContainText('Aposta aceita')
  await expect(page.getByTestId('balance')).toHaveText(brl(afterSpin - 10))
  await page.keyboard.press('Escape')

  // The operator settles it by hand (a home win), with the reason.
  const settled = await page.request.post(`/api/ops/sport/matches/${upcoming.matchId}/settle`, { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { fullTime: { home: 2, away: 0 }, reason: 'resultado oficial (teste)' } })
  expect((await settled.json()).data).toEqual({ settled: 1, corrected: false })
  await page.goto('/sportBets')
  await page.getByRole('tab', { name: 'Encerradas' }).click()
  const bet = page.getByTestId('sport-bet')
  await expect(bet).toHaveCount(1)
  await expect(bet.getByTestId('leg-result')).toHaveText(['Ganhou'])
  await expect(bet).toContainText(upcoming.home)
  const final = await serverBalance(page)
  expect(final).toBeGreaterThan(afterSpin)
  await expect(page.getByTestId('balance')).toHaveText(brl(final))
})
