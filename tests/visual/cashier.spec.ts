import { expect, test, type Locator, type Page } from '@playwright/test'
import { freshCpf, openAccountItem } from '../e2e/helpers'

/**
 * The cashier's sheets and /registros at 390x844 in snapshot mode (no motion), each dialog taken on
 * its own, with a per-pixel colour threshold of 0.05 so a shifted colour fails. What differs from
 * run to run is masked: the new player's CPF, the payment page's order and QR code, the records'
 * times and the date filter (today).
 */
const SHOT = { threshold: 0.05 }

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

/** A new player signed in through the stored token; verified (KYC) unless told otherwise. */
async function player(page: Page, verified = true) {
  const email = `visual.cashier.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  const codeId = Math.floor(Math.random() * 99_999_999)
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const res = await page.request.post('/api/auth/user/restRegister', { data: { username: email, pwd: 'segredo123', codeId, captCode: 'teste' } })
  const token = (await res.json()).data.access_token as string
  if (verified) {
    const kyc = await page.request.post('/api/app/user/updateKyc', { headers: { authorization: token }, data: { name: 'Maria da Silva', cardNo: freshCpf() } })
    expect((await kyc.json()).status).toBe(200)
  }
  await page.addInitScript((t) => localStorage.setItem('aposta:token', JSON.stringify(t)), token)
  await page.goto('/home?snapshot=1')
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  return token
}

const shot = async (dialog: Locator, name: string, mask: Locator[] = []) => {
  // No request in flight: the page's loading bar (fixed at the top, over a full-screen sheet) is
  // off. The PIX view's status poll had it on in one shot of a full run (cashier-pix, 702 pixels).
  await expect(dialog.page().locator('.loading-bar.on')).toHaveCount(0)
  await settle(dialog.page())
  await expect(dialog).toHaveScreenshot(name, { ...SHOT, mask })
}

test('the KYC sheet (a deposit before the identity is verified)', async ({ page }) => {
  await player(page, false)
  await openAccountItem(page, 'Depósito')
  const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' })
  await expect(kyc.getByTestId('kyc-step')).toBeVisible()
  await kyc.getByLabel('Nome completo').fill('Maria da Silva')
  await kyc.getByLabel('CPF').fill('529.982.247-25')
  await expect(kyc.getByLabel('CPF')).toHaveValue('529.982.247-25')
  await shot(kyc, 'cashier-kyc.png')
})

test('the deposit sheet, the PIX payment view, the withdrawal sheet with its explanation, the transfer sheet and /registros', async ({ page }) => {
  const token = await player(page)
  await openAccountItem(page, 'Depósito')
  const deposit = page.getByRole('dialog', { name: 'Depósito' })
  await expect(deposit.getByRole('radio', { name: /^R\$ 100,00/ })).toBeChecked()
  await shot(deposit, 'cashier-deposit.png')

  await deposit.getByRole('button', { name: 'Confirmar' }).click()
  const pay = page.getByRole('dialog', { name: 'Pagamento' })
  const frame = pay.frameLocator('iframe[title="Página de pagamento PIX"]')
  await expect(frame.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible()
  // The order's own figures (its id, QR code and copy-paste code, its deadline) change every run.
  await shot(pay, 'cashier-pix.png', [frame.locator('h1 + p, .qr, .expiry, img, svg, code, textarea, input')])
  await pay.getByRole('button', { name: 'Já efetuei o pagamento' }).click()
  await expect(pay.getByRole('status')).toHaveText('Aguardando a confirmação do pagamento…')
  await shot(pay, 'cashier-pix-waiting.png')
  await pay.getByRole('button', { name: 'Voltar à página de pagamento' }).click()
  await frame.getByRole('button', { name: 'Pagar', exact: true }).click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 115,00')
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()

  // A withdrawal of R$ 30 (pending) and a mines bet (open), so the sheet and the records have each kind.
  const withdrawn = await page.request.post('/api/app/order/withdraw', {
    headers: { authorization: token, 'idempotency-key': `visual-w-${Date.now()}` },
    data: { payCardBank: 'CPF', payCardNo: await ownCpf(page, token), name: 'Maria da Silva', amount: '30', whatsapp: '' },
  })
  expect((await withdrawn.json()).status).toBe(200)
  const mines = await page.request.post('/api/app/casino/mines/start', { headers: { authorization: token, 'idempotency-key': `visual-m-${Date.now()}` }, data: { amount: '1.00', mines: 3 } })
  expect((await mines.json()).status).toBe(200)

  await openAccountItem(page, 'Saque')
  const withdraw = page.getByRole('dialog', { name: 'Saque' })
  await expect(withdraw.getByTestId('withdraw-held')).toBeVisible()
  await withdraw.getByLabel('Valor do saque').fill('150')
  // R$ 115 less R$ 30 withdrawn and R$ 1 staked: R$ 69 cash, R$ 15 bonus; the open mines game holds withdrawals.
  await expect(withdraw.getByTestId('withdrawable')).toHaveText('R$ 69,00')
  await expect(withdraw.getByTestId('withdraw-amount-hint')).toHaveText('Montante máximo de levantamento:R$ 69,00')
  await shot(withdraw, 'cashier-withdraw.png', [withdraw.getByLabel('Número do CPF')])
  await withdraw.getByRole('button', { name: 'Fechar' }).click()

  await openAccountItem(page, 'Transferir')
  const transfer = page.getByRole('dialog', { name: 'Transferência' })
  await expect(transfer.getByLabel('Valor da transferência')).toBeVisible()
  await shot(transfer, 'cashier-transfer.png')
  await transfer.getByRole('button', { name: 'Fechar' }).click()

  await page.goto('/registros?snapshot=1')
  const rows = page.locator('.records-list > li')
  await expect(rows).toHaveCount(3)
  await expect(rows.first()).toContainText('Aposta · Mines')
  // The page's own section: the shell around it (header, tab bar, footer) has its own snapshots.
  const section = page.locator('section.records')
  await settle(page)
  await expect(section).toHaveScreenshot('cashier-records.png', { ...SHOT, mask: [section.locator('.records-list time'), section.locator('.records-dates input')] })
})

/** The verified CPF, as getWithdraw gives it. */
async function ownCpf(page: Page, token: string): Promise<string> {
  const res = await page.request.get('/api/app/order/getWithdraw', { headers: { authorization: token } })
  return (await res.json()).data.identity.cpf as string
}

