/**
 * Build of the operators' console (src/ops): an app of its own at /ops, apart from the players'
 * client, so nothing of it reaches a player's download. It lands in dist/ops (OPS_CLIENT_DIR),
 * served by the app at /ops and /ops/assets/ (src/server/http/opsClient.ts).
 *
 *   node node_modules/vite/bin/vite.js build -c vite.ops.config.ts
 */
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { defineConfig } from 'vite'
// `locales/<x>.json?ops` is only the ops section: the console ships none of the players' texts.
import { localeSection, precompress } from './vite.config'

const repo = import.meta.dirname

export default defineConfig({
  root: path.join(repo, 'src/ops'),
  base: '/ops/',
  plugins: [localeSection('ops', 'ops'), react(), precompress()],
  publicDir: false,
  build: { outDir: path.resolve(repo, process.env.OPS_CLIENT_DIR || 'dist/ops'), emptyOutDir: true, sourcemap: false },
  server: { port: 5174, fs: { allow: [repo] }, proxy: { '/api': process.env.API_URL || 'http://localhost:3000' } },
})
