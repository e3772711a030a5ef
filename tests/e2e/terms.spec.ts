import { expect, test } from '@playwright/test'

const TERMS_BOX = 'Tenho mais de 18 anos e aceito os Termos de Uso'

test('the register form: the terms box starts unticked, its link opens /termos, and unticked sends nothing', async ({ page }) => {
  const registers: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/user/restRegister')) registers.push(r.url())
  })
  await page.goto('/home')
  await page.getByRole('button', { name: 'Cadastrar' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Entrar ou cadastrar' })
  const box = dialog.getByRole('checkbox', { name: TERMS_BOX })
  await expect(box).not.toBeChecked()

  // The link inside the label opens the terms (in a new tab: what was typed here stays).
  await dialog.getByLabel('E-mail', { exact: true }).fill(`terms.${Date.now()}@example.com`)
  const [terms] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: 'Termos de Uso' }).click()])
  await expect(terms).toHaveURL(/\/termos$/)
  await expect(terms.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible()
  await expect(terms.getByRole('heading', { name: '2. Só para maiores de 18 anos' })).toBeVisible()
  await expect(terms.getByRole('link', { name: 'Limites, pausa e autoexclusão' })).toHaveAttribute('href', '/jogoResponsavel')
  await terms.close()
  // The link did not tick the box.
  await expect(box).not.toBeChecked()

  await dialog.getByLabel('Senha', { exact: true }).fill('segredo123')
  await dialog.getByLabel('Repetir senha').fill('segredo123')
  await dialog.getByLabel('Código de verificação', { exact: true }).fill('teste')
  await dialog.getByRole('button', { name: 'Cadastrar' }).last().click()
  await expect(dialog.getByRole('alert')).toHaveText('Aceite os termos para continuar')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  // Give a request the time it would take, then check none left.
  await page.waitForTimeout(500)
  expect(registers).toEqual([])

  await box.check()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Cadastrar' }).last().click()
  await expect(page.getByTestId('balance')).toHaveText('R$ 0,00')
  expect(registers).toHaveLength(1)
})

test('the footer links the terms', async ({ page }) => {
  await page.goto('/home')
  await page.locator('footer.footer').getByRole('link', { name: 'Termos de Uso' }).click()
  await expect(page).toHaveURL(/\/termos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible()
  // Payment marks are pictures named for screen readers, not links.
  const payments = page.getByRole('list', { name: 'Formas de pagamento' })
  await expect(payments).toMatchAriaSnapshot(`
    - list "Formas de pagamento":
      - listitem:
        - img "PIX"
      - listitem:
        - img "Visa"
      - listitem:
        - img "Mastercard"
      - listitem:
        - img "USDT"
  `)
  await expect(payments.getByRole('link')).toHaveCount(0)
})
