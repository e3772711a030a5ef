import { expect, test, type Page } from '@playwright/test'

const CAPTCHA = 'teste'
const email = () => `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

async function openHome(page: Page) {
  await page.goto('/home')
  await expect(page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible()
}

test('a new user registers, sees R$ 0,00, logs out and logs in', async ({ page }) => {
  const address = email()
  await openHome(page)
  await page.getByRole('button', { name: 'Cadastrar' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await expect(dialog.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true')
  await dialog.getByLabel('E-mail', { exact: true }).fill(address.toUpperCase())
  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue(address)
  await dialog.getByLabel('Telefone').fill('11987654321')
  await dialog.getByLabel('Senha', { exact: true }).fill('segredo123')
  await dialog.getByLabel('Repetir senha').fill('segredo123')
  await dialog.getByLabel('Código de verificação', { exact: true }).fill(CAPTCHA)
  await dialog.getByRole('checkbox', { name: 'Tenho mais de 18 anos e aceito os Termos de Uso' }).check()
  await dialog.getByRole('button', { name: 'Cadastrar' }).last().click()

  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  // After registration the second-deposit overlay opens; close it.
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click()

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'SAIR' }).click()
  await expect(page.getByTestId('balance')).toHaveCount(0)

  // The spec's logout: the session cleared, home, and the login overlay open.
  await expect(page).toHaveURL(/\/home$/)
  const login = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  await expect(login.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true')
  const submit = login.getByRole('button', { name: 'Entrar' }).last()
  await login.getByLabel('E-mail', { exact: true }).fill(address)
  await login.getByLabel('Senha', { exact: true }).fill('segredo123')
  await expect(submit).toBeDisabled()
  await login.getByLabel('Código de verificação', { exact: true }).fill(CAPTCHA)
  await submit.click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  await expect(login).toHaveCount(0)
})

test('a wrong password shows the server message and refreshes the captcha', async ({ page }) => {
  await openHome(page)
  await page.getByRole('button', { name: 'Entrar' }).first().click()
  const login = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  const image = login.getByRole('button', { name: /Imagem do código/ }).locator('img')
  const before = await image.getAttribute('src')
  await login.getByLabel('E-mail', { exact: true }).fill(email())
  await login.getByLabel('Senha', { exact: true }).fill('errada123')
  await login.getByLabel('Código de verificação', { exact: true }).fill(CAPTCHA)
  await login.getByRole('button', { name: 'Entrar' }).last().click()
  await expect(page.getByRole('alertdialog')).toContainText('E-mail ou senha incorretos')
  expect(await image.getAttribute('src')).not.toBe(before)
})

test('a login-required route without a token shows the guard dialog, then home and login', async ({ page }) => {
  await page.goto('/share')
  const guard = page.getByRole('alertdialog', { name: 'Por favor, faça login primeiro' })
  await expect(guard).toBeVisible()
  await guard.getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('dialog', { name: 'Entrar ou cadastrar' })).toBeVisible()
})

test('the language switch changes every text, and it persists', async ({ page }) => {
  await openHome(page)
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: /Idioma/ }).click()
  await page.getByRole('option', { name: /English/ }).getByRole('button').click()
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign up' }).first()).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible()
  await expect(page.getByText('© 2024 Aposta. All rights reserved.')).toBeVisible()
})

test('unknown paths go to the root, which goes home; /y{code} keeps the invitation for registration', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/yABCD2345')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true')
  expect(await page.evaluate(() => localStorage.getItem('aposta:invitation'))).toBe('"ABCD2345"')
})
