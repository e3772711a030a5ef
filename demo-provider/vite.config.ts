/**
 * Build of the demo provider's game page (demo-provider/client): a small web app of its own, apart
 * from the casino's client. It lands in dist/demo-provider (index.html and assets/), served by the
 * app at /demo-provider/{CODE}/ and /demo-provider/assets/.
 *
 *   node node_modules/vite/bin/vite.js build -c demo-provider/vite.config.ts
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
// The casino's build writes .br and .gz copies the same way; the server sends them by Accept-Encoding.
// `locales/<x>.json?demo` is only the demoProvider section: the page never ships the casino's texts.
import { localeSection, precompress } from '../vite.config'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')

export default defineConfig({
  root: path.join(here, 'client'),
  base: '/demo-provider/',
  plugins: [localeSection('demoProvider', 'demo'), precompress()],
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
