import { generateCpf } from '@brazilian-utils/brazilian-utils'
import { expect, type Page } from '@playwright/test'

/** A new player with play money (a test account) signs in at 390x844. */
export async function playMoneyLogin(page: Page, tag: string) {
  const email = `${tag}.${Date.now()}@example.com`
  await page.request.get('/api/auth/user/captcha/778')
  const reg = await page.request.post('/api/auth/user/restRegister', { data: { username: email, pwd: 'segredo123', codeId: 778, captCode: 'teste' } })
  const token = (await reg.json()).data.access_token as string
  const demo = await (await page.request.get('/api/app/user/getUserTest', { headers: { authorization: token } })).json()
  const { username, pwd } = demo.data as { username: string; pwd: string }
  await page.goto('/home')
  await page.getByRole('button', { name: 'Entrar' }).first().click()
  const login = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await login.getByLabel('E-mail', { exact: true }).fill(username)
  await login.getByLabel('Senha', { exact: true }).fill(pwd)
  await login.getByLabel('Código de verificação', { exact: true }).fill('teste')
  await login.getByRole('button', { name: 'Entrar' }).last().click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 1.000,00')
}

export const serverBalance = async (page: Page) => {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!))
  return (await (await page.request.get('/api/app/user/getBalance', { headers: { authorization: token } })).json()).data.balance as number
}

const CAPTCHA = 'teste'

/**
 * A valid CPF, new to this server run: one CPF belongs to one account, so a test that passes KYC
 * with a fixed CPF fails when it runs again on the same server (a retry answers 3302).
 */
export function freshCpf(): string {
  return generateCpf().replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
}
const email = () => `cashier.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

/** Registers through the form; `invitation` arrives by that link (/y{yqm}), which opens the form itself. */
export async function registerNewUser(page: Page, invitation?: string) {
  if (invitation) {
    await page.goto(invitation)
  } else {
    await page.goto('/home')
    await page.getByRole('button', { name: 'Cadastrar' }).first().click()
  }
  const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await dialog.getByLabel('E-mail', { exact: true }).fill(email())
  await dialog.getByLabel('Senha', { exact: true }).fill('segredo123')
  await dialog.getByLabel('Repetir senha').fill('segredo123')
  await dialog.getByLabel('Código de verificação', { exact: true }).fill(CAPTCHA)
  // The terms box starts unticked: accepting them is the player's act.
  await dialog.getByRole('checkbox', { name: 'Tenho mais de 18 anos e aceito os Termos de Uso' }).check()
  await dialog.getByRole('button', { name: 'Cadastrar' }).last().click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
}

/** A second account, registered over the API, to receive a transfer. */
export async function registerByApi(page: Page) {
  const address = email()
  const codeId = Math.floor(Math.random() * 99_999_999)
  await page.request.get(`/api/auth/user/captcha/${codeId}`)
  const res = await page.request.post('/api/auth/user/restRegister', { data: { username: address, pwd: 'segredo123', codeId, captCode: CAPTCHA } })
  expect((await res.json()).status).toBe(200)
  return address
}

export async function openAccountItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Minha conta' }).click()
  await page.getByRole('region', { name: 'Minha conta' }).getByRole('button', { name, exact: true }).click()
}

/**
 * The deposit flow of a new user: the second-deposit offer closed, the KYC detour passed, R$ 100
 * paid on the sandbox page; the balance rises to R$ 115,00 (the package's bonus) without a reload.
 * One CPF belongs to one account: a fresh one by default.
 */
export async function kycAndDeposit100(page: Page, cpf = freshCpf()) {
  // After registration the second-deposit offer opens; close it.
  const second = page.getByRole('dialog', { name: 'Bônus de depósito' })
  await expect(second).toBeVisible()
  await second.getByRole('button', { name: 'Fechar' }).click()
  await expect(second).toHaveCount(0)

  // Deposit while kyc is not 1: the KYC form comes first, and submitting it returns to deposit.
  await openAccountItem(page, 'Depósito')
  const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' })
  await kyc.getByLabel('Nome completo').fill('Maria da Silva')
  await kyc.getByLabel('CPF').fill(cpf)
  await kyc.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Identidade verificada com sucesso' })).toBeVisible()

  const deposit = page.getByRole('dialog', { name: 'Depósito' })
  const hundred = deposit.getByRole('radio', { name: /^R\$ 100,00/ })
  await expect(hundred).toBeChecked()
  // The bonus terms, from the server's settings and the chosen package.
  await deposit.getByText('Termos do bônus').click()
  const terms = deposit.getByRole('list')
  await expect(terms).toContainText('O bônus precisa ser apostado 15× antes de virar saldo sacável.')
  await expect(terms).toContainText('Dice 10%')
  await expect(terms).toContainText('cada aposta pode ser de no máximo R$ 50,00')
  await hundred.check()
  await deposit.getByRole('button', { name: 'Confirmar' }).click()

  const pay = page.getByRole('dialog', { name: 'Pagamento' })
  const frame = pay.frameLocator('iframe[title="Página de pagamento PIX"]')
  await frame.getByRole('button', { name: 'Pagar', exact: true }).click()

  // The balance rises without a reload (100 paid plus the package's 15 bonus), the overlay closes.
  await expect(page.getByTestId('balance')).toHaveText('R$ 115,00')
  const success = page.getByRole('alertdialog')
  await expect(success).toContainText('Recarga bem-sucedida, continue fazendo apostas')
  await success.getByRole('button', { name: 'OK' }).click()
  await expect(pay).toHaveCount(0)
}
