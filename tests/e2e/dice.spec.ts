import { expect, test } from '@playwright/test'

/** A player with play money (a test account) bets on dice at 390x844 and sees the balance move. */
test('a player bets on dice and sees the result and the balance change', async ({ page }) => {
  const email = `dice.${Date.now()}@example.com`
  await page.request.get('/api/auth/user/captcha/777')
  const reg = await page.request.post('/api/auth/user/restRegister', { data: { username: email, pwd: 'segredo123', codeId: 777, captCode: 'teste' } })
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

  await page.getByRole('button', { name: 'Jogar Dice' }).click()
  await expect(page).toHaveURL(/\/dice\?/)
  await expect(page.getByRole('heading', { name: 'Dice' })).toBeVisible()
  await page.getByLabel('Valor da aposta').fill('10,00')
  await page.getByRole('button', { name: 'Apostar' }).click()
  const announce = page.getByTestId('dice-announce')
  await expect(announce).toHaveText(/Resultado \d+\.\d{2}/)
  const won = /ganhou/.test((await announce.textContent()) ?? '')
  if (won) await expect(page.getByTestId('balance')).not.toHaveText('R$ 1.000,00')
  else await expect(page.getByTestId('balance')).toHaveText('R$ 990,00')
  await expect(page.locator('.recent-strip li')).toHaveCount(1)
  // The same figure is on the server.
  const balance = (await (await page.request.get('/api/app/user/getBalance', { headers: { authorization: await page.evaluate(() => JSON.parse(localStorage.getItem('aposta:token')!)) } })).json()).data.balance as number
  expect(balance === 990 || balance > 1000).toBe(true)
})
