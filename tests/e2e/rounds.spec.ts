import { expect, type Page } from '@playwright/test'
import { test } from './csp'
import { playMoneyLogin, serverBalance } from './helpers'

// The e2e server runs Double at 8 s of bets, 3 s of spin, 2 s of result (playwright.config.ts).

/** Waits until the live round takes bets with at least `seconds` left, and returns its status text. */
async function untilBetsOpen(page: Page, seconds: number) {
  const status = page.getByTestId('round-status')
  await expect(async () => {
    const m = /fecham em (\d+) s/.exec((await status.textContent()) ?? '')
    expect(Number(m?.[1] ?? 0)).toBeGreaterThanOrEqual(seconds)
  }).toPass({ timeout: 30_000, intervals: [200] })
}

test('two players on two phones play the same Double round and see the same result', async ({ browser }) => {
  test.setTimeout(120_000)
  const contexts = await Promise.all([browser.newContext(), browser.newContext()])
  const [a, b] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page]
  await playMoneyLogin(a, 'double.a')
  await playMoneyLogin(b, 'double.b')
  await Promise.all([a.goto('/double'), b.goto('/double')])
  await expect(a.getByRole('heading', { name: 'Double' })).toBeVisible()
  // Each picks a colour; the button says which (while bets are open: between rounds it says they are closed).
  await b.getByRole('radio', { name: /Preto/ }).click()
  await a.getByRole('button', { name: 'R$ 5,00' }).click()
  await expect(a.getByLabel('Valor da aposta')).toHaveValue('5,00')

  await untilBetsOpen(a, 4)
  await expect(b.getByTestId('round-bet')).toHaveText('Apostar em Preto')
  await Promise.all([a.getByTestId('round-bet').click(), b.getByTestId('round-bet').click()])
  await expect(a.getByTestId('round-mine')).toHaveText('Vermelho: R$ 5,00')
  await expect(b.getByTestId('round-mine')).toHaveText('Preto: R$ 1,00')
  // Each sees the other's bet in the round's feed (a masked name) and the totals.
  await expect(a.getByTestId('round-totals')).toContainText('Preto: R$ 1,00 (1 aposta)')
  await expect(b.getByTestId('round-totals')).toContainText('Vermelho: R$ 5,00 (1 aposta)')
  await expect(b.getByTestId('round-feed')).toContainText('apostou R$ 5,00 em Vermelho')

  // The same result on both phones, spoken when the wheel stops.
  const result = /Resultado da rodada (\d+): (\d+) · (\w+)/
  await expect(a.getByTestId('round-announce')).toHaveText(result, { timeout: 20_000 })
  await expect(b.getByTestId('round-announce')).toHaveText(result, { timeout: 5_000 })
  const seenA = result.exec((await a.getByTestId('round-announce').textContent()) ?? '')
  const seenB = result.exec((await b.getByTestId('round-announce').textContent()) ?? '')
  expect(seenA?.slice(1, 4)).toEqual(seenB?.slice(1, 4))
  const colour = seenA?.[3]
  const balanceA = colour === 'Vermelho' ? 1005 : 995
  const balanceB = colour === 'Preto' ? 1001 : 999
  await expect(a.getByTestId('balance')).toHaveText(`R$ ${balanceA.toLocaleString('pt-BR')},00`)
  await expect(b.getByTestId('balance')).toHaveText(`R$ ${balanceB.toLocaleString('pt-BR')},00`)
  expect(await serverBalance(a)).toBe(balanceA)
  expect(await serverBalance(b)).toBe(balanceB)
  await expect(a.getByTestId('round-paid')).toHaveText(colour === 'Vermelho' ? `Você ganhou R$ 10,00 na rodada ${seenA?.[1]}` : `Sem prêmio na rodada ${seenA?.[1]}`)

  // The round verifies in the app: its hash links to the one before and gives its number.
  await a.getByText('Jogo justo: cadeia de hashes').click()
  await expect(a.getByTestId('round-terminating')).toHaveText(/^[0-9a-f]{64}$/)
  // The salt, fixed after the commitment from the players' seeds (none here: the test server does not wait for them), checked in the page.
  await expect(a.getByTestId('round-salt')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(a.getByText('Confere: o SHA-256 das entradas é o sal.')).toBeVisible()
  await a.getByRole('button', { name: new RegExp(`^Rodada ${seenA?.[1]} `) }).click()
  await a.getByRole('button', { name: 'Verificar', exact: true }).click()
  const verdict = a.getByTestId('round-verify-result')
  await expect(verdict).toContainText(`Resultado calculado: ${seenA?.[2]} · ${colour}`)
  await expect(verdict).toContainText('Confere com o resultado da rodada.')
  // A hash changed by one character is caught.
  const hashField = a.getByLabel('Hash da rodada', { exact: true })
  const hash = (await hashField.inputValue()).split('')
  hash[0] = hash[0] === 'a' ? 'b' : 'a'
  await hashField.fill(hash.join(''))
  await a.getByRole('button', { name: 'Verificar', exact: true }).click()
  await expect(verdict).toContainText('Não encadeado')
  await Promise.all(contexts.map((c) => c.close()))
})

test('a guest sees the live round and is asked to sign in to bet', async ({ page }) => {
  // The lobby's round tiles show their live state once the page is interactive.
  await page.goto('/home')
  for (const game of ['double', 'rowDouble', 'luckyColor']) await expect(page.getByTestId(`tile-live-${game}`)).toContainText(/Fecha em \d+ s|Sorteando/, { timeout: 15_000 })
  await page.goto('/double')
  // The wheel is drawn by a worker: the page itself never loads Pixi.
  await expect.poll(() => page.evaluate(() => window.__app?.stageThread)).toBe('worker')
  await expect.poll(() => page.evaluate(() => window.__app?.sceneReady)).toBe(true)
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')))
  expect(scripts.filter((n) => /PixiStage|RenderTargetSystem|roundScene|DoubleScene/.test(n))).toEqual([])
  await expect(page.getByTestId('round-status')).toHaveText(/Apostas fecham em \d+ s|Apostas encerradas · sorteando|Resultado: /)
  await untilBetsOpen(page, 1)
  await page.getByTestId('round-bet').click()
  await expect(page.getByRole('dialog', { name: 'Entrar ou cadastrar' })).toBeVisible()
})
