/**
 * The client's figures, in headless Debian chromium at 390x844:
 *  - first-load JavaScript of /home: the gzip bytes of every script fetched before the load
 *    event, and with the lazy Pixi/scene chunks fetched after it;
 *  - for /home and each scene during its busiest animation (BUSIEST), over 5 s under 4x CPU
 *    throttling: frames counted with requestAnimationFrame, main-thread time per frame from
 *    Chromium's own TaskDuration (DevTools Performance.getMetrics) over the same window, and the
 *    p50/p95 of each frame's scene tick + Pixi render time (SceneHost.frameTimes, test builds).
 * Run: npx tsx scripts/bench-client.ts (part of npm run bench).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'

const root = path.resolve(import.meta.dirname, '..')
const WINDOW_MS = 5000
const ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps', '--use-angle=swiftshader', '--enable-unsafe-swiftshader']

function build(outDir: string, testBuild: boolean) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir], {
    cwd: root,
    env: { ...process.env, VITE_DEV_SCENES: testBuild ? '1' : '' },
    stdio: 'inherit',
  })
}

async function serve(clientDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-bench-client-'))
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG: '0', CLIENT_DIR: clientDir }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: async () => (await app.close(), fs.rmSync(dataDir, { recursive: true, force: true })) }
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`

async function firstLoad(page: Page, base: string, clientDir: string) {
  await page.goto(`${base}/home`, { waitUntil: 'load' })
  const before = await page.evaluate(() => {
    const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js') && r.startTime <= load.loadEventStart)
      .map((r) => new URL(r.name).pathname)
  })
  await page.waitForFunction(() => document.querySelector('.lobby-stage canvas') !== null, undefined, { timeout: 15_000 })
  await page.waitForTimeout(500)
  const all = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).map((r) => new URL(r.name).pathname))
  const size = (paths: string[]) => [...new Set(paths)].reduce((sum, p) => sum + gzipSize(path.join(clientDir, p)), 0)
  return { before: size(before), withPixi: size(all), files: new Set(before).size, filesWithPixi: new Set(all).size }
}

/**
 * Each scene's busiest animation: fixtures fed to the mounted scene in turn (a fresh roll or game
 * id each time, so every feed animates): dice rolls, limbo counts up to a big result, mines
 * reveals a lost board with particles and shake.
 */
const BUSIEST: Record<string, { cycle: string[]; everyMs: number }> = {
  dice: { cycle: ['win', 'loss'], everyMs: 800 },
  limbo: { cycle: ['big', 'loss'], everyMs: 1200 },
  mines: { cycle: ['idle', 'loss'], everyMs: 900 },
}

const pct = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]! : NaN)

async function frames(page: Page, url: string, busy: { cycle: string[]; everyMs: number } = { cycle: [], everyMs: 0 }) {
  const cdp = await page.context().newCDPSession(page)
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForFunction(() => document.querySelector('canvas') !== null, undefined, { timeout: 15_000 })
  await page.waitForTimeout(1000)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Performance.enable')
  const metric = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) as number
  const feeding = busy.cycle.length
    ? page.evaluate(`(() => {
        const names = ${JSON.stringify(busy.cycle)}
        let n = 0
        window.__benchFeed = setInterval(() => {
          const app = window.__app
          const base = app.fixtures[names[n % names.length]]
          const state = { ...base }
          if ('rollId' in state) state.rollId = 'bench-' + n
          if ('gameId' in state && state.gameId !== null) state.gameId = 'bench-' + n
          app.sceneHost.update(state)
          n++
        }, ${busy.everyMs})
      })()`)
    : Promise.resolve()
  await feeding
  await page.evaluate('window.__app && window.__app.sceneHost && (window.__app.sceneHost.frameTimes.length = 0)')
  const t0 = await metric()
  // A string, not a function: tsx would wrap named closures in a helper the page does not have.
  const count = (await page.evaluate(`new Promise((resolve) => {
    let n = 0
    const start = performance.now()
    function step() {
      n++
      if (performance.now() - start < ${WINDOW_MS}) requestAnimationFrame(step)
      else resolve(n)
    }
    requestAnimationFrame(step)
  })`)) as number
  const t1 = await metric()
  const times = ((await page.evaluate('window.__app && window.__app.sceneHost ? window.__app.sceneHost.frameTimes.slice() : []')) as number[]) ?? []
  await page.evaluate('clearInterval(window.__benchFeed)')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await cdp.detach()
  return { fps: count / (WINDOW_MS / 1000), msPerFrame: ((t1 - t0) * 1000) / count, p50: pct(times, 0.5), p95: pct(times, 0.95), samples: times.length }
}

const prodDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-prod-'))
const testDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-testbuild-'))
build(prodDir, false)
build(testDir, true)
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ARGS })
try {
  const prod = await serve(prodDir)
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
  const js = await firstLoad(page, prod.base, prodDir)
  console.log(`first-load JS of /home (production build, gzip -9): ${kib(js.before)} in ${js.files} files before the load event; ${kib(js.withPixi)} in ${js.filesWithPixi} files with the lazy Pixi/lobby chunks`)
  const home = await frames(page, `${prod.base}/home`)
  console.log(`/home lobby in motion, 4x CPU throttling, ${WINDOW_MS / 1000} s: ${home.msPerFrame.toFixed(2)} ms main-thread per frame, ${home.fps.toFixed(1)} fps`)
  await page.close()
  await prod.close()

  const test = await serve(testDir)
  const { SCENE_IDS } = await import('../src/client/engine/registry')
  for (const id of SCENE_IDS) {
    const p = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
    const busy = BUSIEST[id] ?? { cycle: [] as string[], everyMs: 0 }
    const r = await frames(p, `${test.base}/dev/scenes/${id}/${busy.cycle[0] ?? ''}`, busy)
    const what = busy.cycle.length ? `cycling ${busy.cycle.join(' -> ')} every ${busy.everyMs} ms` : 'in motion'
    console.log(
      `scene ${id} (${what}), 4x CPU throttling: ${r.msPerFrame.toFixed(2)} ms main-thread per frame, ${r.fps.toFixed(1)} fps; ` +
        `scene tick+render per frame p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms (${r.samples} frames)`,
    )
    await p.close()
  }
  await test.close()
} finally {
  await browser.close()
  fs.rmSync(prodDir, { recursive: true, force: true })
  fs.rmSync(testDir, { recursive: true, force: true })
}
