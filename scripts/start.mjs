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

/** Builds an app of its own (a vite config of its own) when its build is missing or older than its sources. */
function buildApart(label, config, builtDir, sourcePaths) {
  const index = path.join(builtDir, 'index.html')
  const existing = sourcePaths.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p))
  const stale = !fs.existsSync(index) || Math.max(...existing.map(newestMtime)) > fs.statSync(index).mtimeMs
  if (!stale || process.env.SKIP_CLIENT_BUILD === '1' || !fs.existsSync(path.join(root, config))) return
  console.log(`Building ${label} (vite build)...`)
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', config, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

// The built-in demo game provider's page (its own app: demo-provider/client), built the same way.
buildApart("the demo provider's game page", 'demo-provider/vite.config.ts', path.join(root, 'dist/demo-provider'), ['demo-provider/client', 'demo-provider/shared', 'demo-provider/vite.config.ts', 'locales'])
// The operators' console (/ops: src/ops), with the contract and formatting it shares with the players' client.
buildApart("the operators' console", 'vite.ops.config.ts', path.resolve(root, process.env.OPS_CLIENT_DIR || 'dist/ops'), ['src/ops', 'src/shared', 'src/client/format', 'src/client/pages/loyalty/QrCode.tsx', 'vite.ops.config.ts', 'vite.config.ts', 'locales'])

const { register } = await import('tsx/esm/api')
register()
await import(path.join(root, 'src/server/main.ts'))
