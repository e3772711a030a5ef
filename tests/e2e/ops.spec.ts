/**
 * The operators' console (/ops) on a laptop's screen: the first admin enrols their authenticator
 * (the test computes the codes from the secret the page shows), signs out and in again with the
 * password and a code, and approves a player's withdrawal held for review, which then reaches the
 * payout provider; returns part of the player's deposit to its payer; reads the day's books; and
 * the audit trail shows who did each and why. Snapshots of the main screens at 1280x800, with what
 * differs from run to run (e-mails, ids, times) masked.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { kycAndDeposit100, openAccountItem, registerNewUser, serverBalance } from './helpers'
import { E2E_OPS_TOKEN } from './opsToken'

const PASSWORD = 'Console-de-operacao-2026'

test.use({ viewport: { width: 1280, height: 800 } })

/** The authenticator's code for now, or for the next 30-second step (a code is good once: a second sign-in needs the next). */
const totp = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 })

async function enrolAdmin(page: Page, email: string): Promise<string> {
  const made = await page.request.post('/api/ops/operators/bootstrap', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { email } })
  const body = (await made.json()) as { status: number; data: { enrolPath: string } }
  expect(body.status).toBe(200)
  await page.goto(body.data.enrolPath)
  await expect(page.getByRole('heading', { name: 'Cadastro de operador' })).toBeVisible()
  await page.getByLabel('Nova senha').fill(PASSWORD)
  await page.getByLabel('Repita a senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('img', { name: 'Código QR do autenticador' })).toBeVisible()
  const secret = (await page.getByLabel('Chave do autenticador').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await page.getByLabel('Código do autenticador').fill(await totp(secret))
  await page.getByRole('button', { name: 'Confirmar código' }).click()
  const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const next = page.getByRole('button', { name: 'Continuar' })
  await expect(next).toBeDisabled()
  await page.getByLabel('Guardei os códigos de recuperação').check()
  await next.click()
  // The token leaves the address once enrolled.
  await expect(page).toHaveURL(/\/ops\/withdrawals$/)
  return secret
}

const SHOT = { threshold: 0.05, maxDiffPixels: 50 }

/** Writes fixed texts over what differs from run to run, so the layout is the same every run. */
async function steady(page: Page, texts: Record<string, string>) {
  await page.evaluate((pairs) => {
    for (const [selector, text] of pairs) for (const el of document.querySelectorAll(selector)) el.textContent = text
  }, Object.entries(texts))
}
const TIME = '29/11/2026, 16:40:00'

/** axe's serious and critical violations on the page as it stands, one line per element. */
async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)), `${what}: axe's serious and critical violations`).toEqual([])
}

test('an admin enrols TOTP, signs in again with a code, approves a held withdrawal, returns a payment and reads the books', async ({ page, browser }) => {
  const adminEmail = `admin.${Date.now()}@ops.example.com`
  const secret = await enrolAdmin(page, adminEmail)
  await expect(page.getByRole('banner')).toContainText(adminEmail)
  const nav = page.getByRole('navigation', { name: 'Seções do console' })
  await expect(nav.getByRole('link')).toHaveText(['Saques em revisão', 'Pagamentos', 'Jogadores', 'Risco', 'Livros', 'Avisos', 'Auditoria', 'Operadores'])

  // Out, and in again: the password alone opens nothing; the next step's code does.
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/ops\/login$/)
  await page.getByLabel('E-mail').fill(adminEmail)
  await page.getByLabel('Senha').fill('senha-errada-123')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos')
  await page.getByLabel('Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continuar' }).click()
  // The password's session reaches no console call.
  expect((await (await page.request.get('/api/ops/withdrawals')).json()).status).toBe(6401)
  await expect(page).toHaveScreenshot('ops-login-code.png', SHOT)
  await page.getByLabel('Código do autenticador').fill(await totp(secret, 1))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Saques em revisão' })).toBeVisible()

  // A player's withdrawal above WITHDRAW_REVIEW_OVER (R$ 50 in the e2e server) waits for review.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const player = await phone.newPage()
  await registerNewUser(player)
  await kycAndDeposit100(player)
  await openAccountItem(player, 'Saque')
  const withdraw = player.getByRole('dialog', { name: 'Saque' })
  await withdraw.getByLabel('WhatsApp').fill('11987654321')
  await withdraw.getByLabel('Valor do saque').fill('80,00')
  await withdraw.getByRole('button', { name: 'Sacar' }).click()
  await expect(player.getByRole('alertdialog')).toContainText('Solicitação de saque bem-sucedida!')

  await page.getByRole('button', { name: 'Atualizar' }).click()
  const row = page.getByRole('row').filter({ hasText: 'Acima do limite de revisão' }).filter({ hasText: 'R$ 80,00' })
  await expect(row).toHaveCount(1)
  const orderId = (await row.getByRole('cell').first().textContent())!.trim()
  expect(orderId).toMatch(/^W\d+$/)
  const playerEmail = (await row.getByRole('link').textContent())!.trim()
  await expectAccessible(page, 'the withdrawals queue')
  await steady(page, { '.topbar .who': 'admin@ops.example.com', 'main time': TIME, 'tbody td:nth-child(1) code': 'W100001', 'tbody td:nth-child(2) a': 'jogador@example.com', 'tbody td:nth-child(4) code': '529.982.247-25' })
  await expect(page).toHaveScreenshot('ops-withdrawals.png', SHOT)
  await page.getByRole('button', { name: 'Atualizar' }).click()
  await expect(row.getByRole('link')).toHaveText(playerEmail)

  // The player's page, from the queue: the deposit's id is on its ledger entry.
  await row.getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(playerEmail)
  const entries = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Referência' }) })
  await expect(entries.getByRole('row')).toHaveCount(5)
  const depositId = (await entries.getByRole('row').filter({ hasText: 'deposit' }).first().locator('code').textContent())!.trim()
  expect(depositId).toMatch(/^D\d+$/)
  await expectAccessible(page, "a player's page")
  await steady(page, { '.topbar .who': 'admin@ops.example.com', 'main time': TIME, 'main h1': 'jogador@example.com · 12345678', 'dl.facts dd code': '529.982.247-25', 'tbody td:nth-child(3) code': 'D100001' })
  await expect(page).toHaveScreenshot('ops-player.png', { ...SHOT, fullPage: true })
  await nav.getByRole('link', { name: 'Saques em revisão' }).click()
  await row.getByRole('button', { name: 'Aprovar' }).click()
  const dialog = page.getByRole('dialog', { name: `Aprovar o saque ${orderId}` })
  const confirm = dialog.getByRole('button', { name: 'Aprovar' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Motivo').fill('Titular conferido; valor compatível com os depósitos')
  await confirm.click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: `Saque ${orderId} aprovado` })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: orderId })).toHaveCount(0)

  // The audit trail: who, what, why.
  await page.getByRole('navigation', { name: 'Seções do console' }).getByRole('link', { name: 'Auditoria' }).click()
  const line = page.getByRole('row').filter({ hasText: `withdrawal:${orderId}` })
  await expect(line).toContainText('Aprovou saque')
  await expect(line).toContainText(adminEmail)
  await expect(line).toContainText('Titular conferido; valor compatível com os depósitos')

  // The player, found by e-mail, places a R$ 1 dice bet (for the books).
  await nav.getByRole('link', { name: 'Jogadores' }).click()
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(playerEmail)
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page.getByRole('row').filter({ hasText: playerEmail })).toHaveCount(1)
  const token = await player.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!) as string)
  const bet = await player.request.post('/api/app/casino/dice/bet', { headers: { authorization: token, 'idempotency-key': `ops-e2e-${Date.now()}` }, data: { amount: '1.00', target: '50.50', condition: 'over' } })
  expect((await bet.json()).status).toBe(200)

  // Return R$ 10 of that deposit to its payer: out of the player's cash at once.
  const before = await serverBalance(player)
  await nav.getByRole('link', { name: 'Pagamentos' }).click()
  await page.getByLabel('Devolver um depósito (id)').fill(depositId)
  await page.getByRole('button', { name: 'Devolver' }).click()
  const returning = page.getByRole('dialog', { name: `Devolver o pagamento ${depositId} ao pagador` })
  await returning.getByLabel('Valor a devolver (R$)').fill('10,00')
  await returning.getByLabel('Motivo').fill('Pedido do titular: depósito feito por engano')
  await returning.getByRole('button', { name: 'Devolver' }).click()
  await expect(returning).toHaveCount(0)
  await expectAccessible(page, 'the payments')
  await expect(page.getByRole('status').filter({ hasText: `Devolução de ${depositId} pedida` })).toBeVisible()
  expect(await serverBalance(player)).toBeCloseTo(before - 10, 2)

  // Today's books: the dice bet is in them, with the day's total.
  await nav.getByRole('link', { name: 'Livros' }).click()
  await expect(page.getByRole('heading', { name: 'Livros' })).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Dice' }).first()).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Total do dia' }).first()).toBeVisible()
  await expectAccessible(page, 'the books')
  await expect(page.getByRole('status').filter({ hasText: /rodada|cadeia|Nenhuma/ }).first()).toBeVisible()

  await nav.getByRole('link', { name: 'Auditoria' }).click()
  await expect(page.getByRole('row').filter({ hasText: `payment:${depositId}` })).toContainText('Devolveu pagamento')
  await phone.close()
})
