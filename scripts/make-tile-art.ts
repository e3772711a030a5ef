/**
 * Draws the six lobby tiles' art with Pixi (scripts/tile-art/art.ts) in Debian's chromium and
 * writes assets/public/tiles/<game>.webp. Run: npx tsx scripts/make-tile-art.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { createServer } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const server = await createServer({ configFile: false, root: path.join(root, 'scripts/tile-art'), logLevel: 'error', server: { port: 0 } })
await server.listen()
const address = server.httpServer?.address()
const port = typeof address === 'object' && address ? address.port : 0
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] })
try {
  const page = await browser.newPage()
  page.on('pageerror', (e) => console.error(e))
  await page.goto(`http://localhost:${port}/`)
  await page.waitForFunction(() => window.tileArt !== undefined, undefined, { timeout: 60_000 })
  const art = (await page.evaluate(() => window.tileArt)) as Record<string, string>
  const dir = path.join(root, 'assets/public/tiles')
  fs.mkdirSync(dir, { recursive: true })
  for (const [name, url] of Object.entries(art)) {
    const data = Buffer.from(url.replace(/^data:image\/webp;base64,/, ''), 'base64')
    fs.writeFileSync(path.join(dir, `${name}.webp`), data)
    console.log(`${name}.webp ${data.length} bytes`)
  }
} finally {
  await browser.close()
  await server.close()
}
