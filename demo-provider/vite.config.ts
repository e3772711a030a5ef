/**
 * Build of the demo provider's game page (demo-provider/client): a small web app of its own, apart
 * from the casino's client. It lands in dist/demo-provider (index.html and assets/), served by the
 * app at /demo-provider/{CODE}/ and /demo-provider/assets/.
 *
 *   node node_modules/vite/bin/vite.js build -c demo-provider/vite.config.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
// The casino's build writes .br and .gz copies the same way; the server sends them by Accept-Encoding.
import { precompress } from '../vite.config'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')

/** The locale section the page shows: the rest of a locale file is the casino's. */
const SECTION = 'demoProvider'

/**
 * `locales/<x>.json?demo` is a module exporting only the demoProvider section of that locale (an
 * empty table when the file has none yet), so the page never ships the casino's texts.
 */
function demoLocales(): Plugin {
  const localeFile = /[\\/]locales[\\/]\w+\.json\?demo$/
  return {
    name: 'demo-provider-locales',
    enforce: 'pre',
    load(id) {
      if (!localeFile.test(id)) return null
      const file = id.replace(/\?.*$/, '')
      this.addWatchFile(file)
      const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
      const section = table[SECTION] ?? {}
      // The '?demo' id is no .json to the bundler: a module of our own.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(section))})`, moduleType: 'js' }
    },
  }
}

export default defineConfig({
  root: path.join(here, 'client'),
  base: '/demo-provider/',
  plugins: [demoLocales(), precompress()],
  // client/public (the games' thumbnails, thumbs/{game}.svg, shown by the casino's game lists) is
  // copied as is to dist/demo-provider; the page itself draws everything it shows.
  publicDir: path.join(here, 'client/public'),
  // The reels' worker is one classic script (the sandboxed page loads it with importScripts from a
  // blob worker of its own: client/reelView.ts).
  worker: { format: 'iife' },
  build: {
    outDir: path.join(repo, 'dist/demo-provider'),
    emptyOutDir: true,
    sourcemap: false,
    // Pixi alone is above Vite's default warning size; the page is still one small game.
    chunkSizeWarningLimit: 1024,
  },
  server: { fs: { allow: [repo] } },
})
