/**
 * The installable app, for vite.config.ts: the web app manifest, the offline page and the service
 * worker (vite-plugin-pwa, Workbox's generateSW).
 *
 * What the service worker does, and what it never does:
 * - precaches the shell: the scripts and the style sheet index.html loads (its entry and module
 *   preloads), the offline page, the icons and the manifest;
 * - keeps every other hashed file of /assets/ once it has been fetched (cache first: a hashed name
 *   never changes content), and the public images and sounds (revalidated in the background). A
 *   first visit does not download the whole app (about 900 KiB of scripts, gzip) on a phone plan;
 * - answers a page (a navigation) from the network only, and the offline page when the network
 *   fails: every screen needs the server (balances, bets), so a shell shown offline would only
 *   show stale money;
 * - never touches an API answer, the socket, the demo provider, the operators' console or any
 *   money: /api/, /gamecenter-siop, /demo-provider/ and /ops/ match none of its routes, so the
 *   browser fetches them itself, and nothing of theirs is ever put in a cache;
 * - waits when a new version is deployed (prompt mode): the app offers 'Atualizar'
 *   (app/UpdatePrompt), and only that reloads the page, never in the middle of a bet.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const root = path.resolve(import.meta.dirname, '..')
const BACKGROUND = '#0f1420'

type Table = { app: { name: string }; shell: Record<string, string> }
const table = (locale: string): Table => JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Table
const LOCALES = fs
  .readdirSync(path.join(root, 'locales'))
  .filter((f) => /^[a-z]{2}_[A-Z]{2}\.json$/.test(f))
  .map((f) => f.replace('.json', ''))

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The offline page: pt_BR's words in the HTML, every locale's in a JSON data block (not a script:
 * the policy runs none inline), which offline/offline.js reads to show the player's language.
 */
export function offlinePage(): string {
  const pt = table('pt_BR')
  const texts = Object.fromEntries(
    LOCALES.map((l) => {
      const t = table(l)
      return [l, { title: t.shell.offlineTitle, body: t.shell.offlineBody, retry: t.shell.retry }]
    }),
  )
  // '<' escaped: the block's text can never close its own tag.
  const data = JSON.stringify(texts).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${BACKGROUND}" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/offline/offline.css" />
    <title>${escapeHtml(pt.app.name)}</title>
    <script type="module" src="/offline/offline.js"></script>
  </head>
  <body>
    <main class="offline" data-testid="offline-page">
      <img src="/icons/icon.svg" alt="" width="64" height="64" />
      <h1 id="offline-title">${escapeHtml(pt.shell.offlineTitle ?? '')}</h1>
      <p id="offline-body">${escapeHtml(pt.shell.offlineBody ?? '')}</p>
      <button type="button" id="offline-retry">${escapeHtml(pt.shell.retry ?? '')}</button>
    </main>
    <script type="application/json" id="offline-texts">${data}</script>
  </body>
</html>
`
}

/** Writes offline.html into the build. */
function offlinePagePlugin(): Plugin {
  return {
    name: 'aposta-offline-page',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePage() })
    },
  }
}

/** The files index.html loads (its script, module preloads and style sheets): the shell the service worker precaches. */
export function shellFiles(html: string): Set<string> {
  const files = new Set<string>()
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) files.add(m[1] as string)
  return files
}

export function pwa(): Plugin[] {
  const pt = table('pt_BR')
  let outDir = ''
  const outDirOf: Plugin = {
    name: 'aposta-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
  }
  return [
    outDirOf,
    offlinePagePlugin(),
    ...VitePWA({
      registerType: 'prompt',
      // Registered by the app itself, after the page's load event (app/UpdatePrompt).
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [],
      // The icons are in the precache list already (icons/*).
      includeManifestIcons: false,
      manifest: {
        id: '/home',
        name: pt.app.name,
        short_name: pt.app.name,
        description: pt.shell.appDescription,
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: BACKGROUND,
        theme_color: BACKGROUND,
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['assets/*.{js,css}', 'offline.html', 'offline/*.{js,css}', 'icons/*.{svg,png}', 'favicon.svg'],
        // Of the hashed files, only the shell's are precached; the rest are kept as they are fetched.
        manifestTransforms: [
          async (entries) => {
            const shell = shellFiles(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'))
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] }
          },
        ],
        dontCacheBustURLsMatching: /^assets\//,
        // No app shell for navigations: the network, else the offline page (runtimeCaching below).
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        runtimeCaching: [
          {
            // A page: from the network; the offline page when it fails. Never the API, the socket, the demo provider or the operators' console.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !/^\/(api|gamecenter-siop|demo-provider|ops)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // A hashed file of the app's build: its name changes with its content.
            urlPattern: ({ url }) => url.origin === self.location.origin && /^\/assets\/[^/]+-[\w-]{8,}\.(js|css|woff2?|png|webp|svg|wav|mp3|json)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'aposta-assets', expiration: { maxEntries: 250, maxAgeSeconds: 60 * 60 * 24 * 30 }, cacheableResponse: { statuses: [200] } },
          },
          {
            // The public images and sounds (no money in them): shown from the cache, refreshed behind.
            urlPattern: ({ url }) => url.origin === self.location.origin && /^\/(tiles|avatars|flags|sounds|icons)\/[\w.-]+$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'aposta-media', expiration: { maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 30 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ]
}
