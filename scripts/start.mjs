// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server in this same process (so SIGINT/SIGTERM reach its graceful shutdown directly).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Unset (or empty) means demo: simulated payments, said so on every page. A value in the
// environment always wins; the server refuses an unknown one (src/server/config.ts).
if (!process.env.APP_MODE) process.env.APP_MODE = 'demo'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// CLIENT_DIR (the server reads it too) puts the build elsewhere: two checkouts' test runs on one machine keep apart.
const clientDir = path.resolve(root, process.env.CLIENT_DIR || 'dist/client')
const built = path.join(clientDir, 'index.html')

function newestMtime(entry) {
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)))
  return newest
}

const sources = ['index.html', 'vite.config.ts', 'src/client', 'src/shared', 'locales', 'assets'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p))
// A test build (VITE_DEV_SCENES=1, with the scene switcher) is never served as a normal one, and back.
const flavour = process.env.VITE_DEV_SCENES === '1' ? 'test' : 'production'
const marker = path.join(clientDir, '.flavour')
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs ||
  !fs.existsSync(marker) ||
  fs.readFileSync(marker, 'utf8') !== flavour
if (stale && process.env.SKIP_CLIENT_BUILD !== '1') {
  console.log(`Building the client (vite build, ${flavour})...`)
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', clientDir, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  fs.writeFileSync(marker, flavour)
}

// The built-in demo game provider's page (its own app: demo-provider/client), built the same way.
const demoBuilt = path.join(root, 'dist/demo-provider/index.html')
const demoSources = ['demo-provider/client', 'demo-provider/shared', 'demo-provider/vite.config.ts', 'locales'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p))
const demoStale = !fs.existsSync(demoBuilt) || Math.max(...demoSources.map(newestMtime)) > fs.statSync(demoBuilt).mtimeMs
if (demoStale && process.env.SKIP_CLIENT_BUILD !== '1' && fs.existsSync(path.join(root, 'demo-provider/vite.config.ts'))) {
  console.log('Building the demo provider\'s game page (vite build)...')
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'demo-provider/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

const { register } = await import('tsx/esm/api')
register()
await import(path.join(root, 'src/server/main.ts'))
