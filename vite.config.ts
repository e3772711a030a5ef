import react from '@vitejs/plugin-react'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { saveSceneTuning } from './src/server/dev/tuningFiles'
import { translate } from './src/server/i18n/messages'
import { devTuningBody, devTuningParams } from './src/shared/contract/devTuning'
import { normalizeLocale } from './src/shared/locales'
import { pwa } from './scripts/vitePwa'

/**
 * Dev server only: the scene switcher's save (POST /api/dev/tuning/<scene>, the contract's
 * devTuningSave), answered here before the proxy passes /api on. The same validation and the same
 * writing code as the server's route for a test build (src/server/dev/tuningRoute.ts).
 */
function tuningWriter(): Plugin {
  return {
    name: 'aposta-tuning-writer',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/api/dev/tuning/', (req, res) => {
        // The envelope, its message in the caller's language (the server's texts).
        const lang = normalizeLocale(String(req.headers.lang ?? ''))
        const answer = (http: number, status: number, key: string, data: unknown = null, detail = '') => {
          res.statusCode = http
          res.setHeader('content-type', 'application/json')
          res.end(JSON.stringify({ status, msg: translate(lang, `errors.${key}`) + detail, data }))
        }
        const params = devTuningParams.safeParse({ scene: decodeURIComponent((req.url ?? '').replace(/^\//, '').replace(/[?#].*$/, '')) })
        if (req.method !== 'POST' || !params.success) return answer(404, 1404, 'notFound')
        let raw = ''
        req.on('data', (chunk) => (raw += chunk))
        req.on('end', () => {
          let body: unknown
          try {
            body = JSON.parse(raw)
          } catch {
            return answer(400, 1400, 'badJson')
          }
          const parsed = devTuningBody.safeParse(body)
          if (!parsed.success) return answer(400, 400, 'validation', null, ` (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`)
          try {
            const saved = saveSceneTuning(params.data.scene, parsed.data.values)
            return saved ? answer(200, 200, '', saved) : answer(404, 1404, 'notFound')
          } catch (error) {
            // The file could not be read or written: say why (a developer's own machine).
            return answer(500, 500, 'internal', null, ` (${String(error)})`)
          }
        })
      })
    },
  }
}

/**
 * Build only: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build,
 * at the strongest settings (a build runs once; every visit reads them). The server sends the
 * one the browser's Accept-Encoding allows (@fastify/static's preCompressed). The demo
 * provider's page build (demo-provider/vite.config.ts) uses it too.
 */
export function precompress(): Plugin {
  let outDir = ''
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
  return {
    name: 'aposta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    // After every other plugin's writing (the service worker's, scripts/vitePwa.ts, among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        // A failed build wrote nothing: let its own error show.
        if (!fs.existsSync(outDir)) return
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/.test(file)) continue
          const data = fs.readFileSync(file)
          if (data.length < 1024) continue
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }))
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
        }
      },
    },
  }
}

/**
 * `locales/<x>.json?<query>` as a module exporting only one section of that locale (an empty table
 * when the file has none yet), for the apps built apart from the players' one: the demo provider's
 * game page (demoProvider, `?demo`) and the operators' console (ops, `?ops`).
 */
export function localeSection(section: string, query: string): Plugin {
  const localeFile = new RegExp(`[\\\\/]locales[\\\\/]\\w+\\.json\\?${query}$`)
  return {
    name: `aposta-locale-section-${query}`,
    enforce: 'pre',
    load(id) {
      if (!localeFile.test(id)) return null
      const file = id.replace(/\?.*$/, '')
      this.addWatchFile(file)
      const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
      // The '?<query>' id is no .json to the bundler: a module of our own.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(table[section] ?? {}))})`, moduleType: 'js' }
    },
  }
}

/** The locale sections the first paint of any page needs (the shell, /home, the titled pages); the rest loads after. */
const FIRST_PAINT_SECTIONS = ['app', 'shell', 'nav', 'guard', 'common', 'errors', 'notice', 'sideMenu', 'account', 'changePassword', 'forgot', 'testAccount', 'footer', 'support', 'home', 'games', 'pages', 'language', 'audio', 'tabs', 'lobby']

/**
 * The client's locale tables: every `locales/*.json` loses its "server" section (the server's
 * messages: the client never shows them), its "demoProvider" and "ops" ones (the demo provider's
 * game page and the operators' console have their own builds), and `locales/<x>.json?first` is only the FIRST_PAINT_SECTIONS
 * (src/client/i18n/i18n.ts bundles that much of pt_BR and loads the rest later).
 */
export function clientLocales(): Plugin {
  const localeFile = /[\\/]locales[\\/]\w+\.json(\?.*)?$/
  return {
    name: 'aposta-client-locales',
    enforce: 'pre',
    load(id) {
      const m = localeFile.exec(id)
      if (!m) return null
      const table = JSON.parse(fs.readFileSync(id.replace(/\?.*$/, ''), 'utf8')) as Record<string, unknown>
      delete table.server
      // The demo provider's game page and the operators' console (their own builds) are not the app's.
      delete table.demoProvider
      delete table.ops
      if (!new URLSearchParams(m[1]?.slice(1) ?? '').has('first')) return JSON.stringify(table)
      // The '?first' id is no .json to the bundler: a module of our own.
      const first = Object.fromEntries(FIRST_PAINT_SECTIONS.filter((k) => k in table).map((k) => [k, table[k]]))
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(first))})`, moduleType: 'js' }
    },
  }
}

/**
 * The shell's first paint, in index.html: the top bar with the brand (and the demo ribbon's place,
 * empty) is in the page itself, so the browser paints it as soon as the HTML and the CSS are in,
 * before the scripts run (Lighthouse's FCP); React's first render replaces it whole (createRoot
 * clears #root), at the same place and size. The brand is pt_BR's `app.name` (the same in every
 * locale); the shell says nothing else, so no language shows before the player's.
 */
export function appShell(): Plugin {
  return {
    name: 'aposta-app-shell',
    transformIndexHtml(html) {
      const table = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'locales/pt_BR.json'), 'utf8')) as { app: { name: string } }
      const brand = table.app.name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
      const demo = (process.env.APP_MODE || 'demo') === 'demo'
      const shell =
        `<div class="${demo ? 'app demo' : 'app'} app-shell" aria-hidden="true">` +
        (demo ? '<div class="demo-ribbon"></div>' : '') +
        `<header class="topbar"><span class="icon-button"></span><span class="logo">${brand}</span></header></div>`
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root for the shell')
      return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`)
    },
  }
}

const api = process.env.API_URL || 'http://localhost:3000'

export default defineConfig({
  plugins: [clientLocales(), appShell(), react(), tuningWriter(), ...pwa(), precompress()],
  // The mode the server will most likely report (npm start builds with APP_MODE, demo when unset):
  // the demo ribbon's height is kept from the first paint, so its arrival shifts nothing.
  define: { 'import.meta.env.APP_MODE_HINT': JSON.stringify(process.env.APP_MODE || 'demo') },
  publicDir: 'assets/public',
  // Source maps only in test builds (VITE_DEV_SCENES=1, for readable e2e traces); a production build publishes none.
  // CLIENT_DIR (which the server serves, and start.mjs checks) moves the build: two test runs on one machine keep apart.
  build: { outDir: process.env.CLIENT_DIR || 'dist/client', emptyOutDir: true, sourcemap: process.env.VITE_DEV_SCENES === '1' },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/gamecenter-siop': { target: api, ws: true },
    },
  },
})
