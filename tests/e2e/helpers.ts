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
