import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'

/**
 * The designers' scene switcher (/dev/scenes) in the test build the e2e server runs
 * (VITE_DEV_SCENES=1): scenes and fixtures are links, the scene stays in view while the knobs
 * scroll on a phone, and a save goes through the server's tuning route (DEV_TUNING_DIR in
 * playwright.config.ts: a copy in the run's data folder) and says how it went.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OWN_FILE = path.join(ROOT, 'src/client/scenes/luckyColor/luckyColor.tuning.json')

const result = (page: Page) => page.getByTestId('tuning-result')

/** The file a save names ("Ajustes salvos em <file>"). */
async function savedFile(page: Page): Promise<string> {
  await expect(result(page)).toHaveText(/^Ajustes salvos em /)
  return ((await result(page).textContent()) ?? '').replace(/^Ajustes salvos em /, '')
}

test('a designer taps between scenes, tunes a knob, saves from the test build and sees each save go or fail', async ({ page, context }) => {
  const ownBefore = fs.readFileSync(OWN_FILE, 'utf8')
  await page.goto('/dev/scenes')
  const scenes = page.getByRole('navigation', { name: 'Cenas' })
  await expect(scenes.getByRole('link', { name: 'lobby', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('list', { name: 'Estados de lobby' }).getByRole('link')).toHaveCount(4)

  // To another scene by its link, then to one of its fixtures by its link.
  await scenes.getByRole('link', { name: 'luckyColor', exact: true }).click()
  await expect(page).toHaveURL(/\/dev\/scenes\/luckyColor$/)
  await expect(scenes.getByRole('link', { name: 'luckyColor', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('list', { name: 'Estados de luckyColor' }).getByRole('link', { name: 'drawing' }).click()
  await expect(page).toHaveURL(/\/dev\/scenes\/luckyColor\/drawing$/)
  await page.waitForFunction(() => window.__app?.sceneReady === true)

  // The first save, of the values as they are: it must land in the run's copy, never in the checkout.
  const save = page.getByRole('button', { name: 'Salvar ajustes' })
  await save.click()
  const file = await savedFile(page)
  expect(path.relative(ROOT, file).startsWith('..'), `${file} is inside the checkout: DEV_TUNING_DIR is not set`).toBe(true)

  // A knob turned with the keyboard (orbitTurns 3 -> 3.5), then saved: the copy holds it.
  // On a phone the scene stays in view above the knobs, down to the last one.
  await page.getByLabel('lineColor').scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  const stage = await page.getByTestId('dev-stage').boundingBox()
  expect(stage && stage.y >= 0 && stage.y + stage.height <= 844, JSON.stringify(stage)).toBe(true)
  const knob = page.getByRole('slider', { name: 'orbitTurns' })
  await knob.focus()
  await page.keyboard.press('ArrowRight')
  await expect(knob).toHaveValue('3.5')
  await save.click()
  await expect(result(page)).toHaveText(`Ajustes salvos em ${file}`)
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ orbitTurns: 3.5, dropShare: 0.35 })

  // A save the server cannot write (a folder where its file was) says so.
  fs.rmSync(file)
  fs.mkdirSync(file)
  try {
    await save.click()
    await expect(result(page)).toHaveText('Não foi possível salvar: Erro no servidor, tente novamente mais tarde')
  } finally {
    fs.rmSync(file, { recursive: true, force: true })
  }
  // And one that never reaches it.
  await context.setOffline(true)
  await save.click()
  await expect(result(page)).toHaveText('Não foi possível salvar: sem conexão com o servidor')
  await context.setOffline(false)
  await save.click()
  await expect(result(page)).toHaveText(`Ajustes salvos em ${file}`)

  // The scene's own tuning file in the checkout never changed.
  expect(fs.readFileSync(OWN_FILE, 'utf8')).toBe(ownBefore)
})
