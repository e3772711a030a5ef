/**
 * The installable app's files as the server sends them (scripts/vitePwa.ts writes them into the
 * build): the service worker as a script that is always revalidated, the manifest with its own
 * type, the offline page and the icons; the page's policy lets the worker and the manifest load;
 * no API answer is ever cacheable.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offlinePage, shellFiles } from '../../scripts/vitePwa'
import { startTestApp, type TestApp } from './testApp'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-pwa-'))
const sw = `importScripts('./workbox-83964983.js');${' '.repeat(2000)}\n`
const manifest = JSON.stringify({ name: 'Aposta', start_url: '/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] })

function write(file: string, data: string | Buffer, compressed = false): void {
  const full = path.join(clientDir, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, data)
  if (compressed) fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data))
}

let t: TestApp
beforeAll(async () => {
  write('index.html', '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>')
  write('sw.js', sw, true)
  write('workbox-83964983.js', 'self.x=1\n')
  write('manifest.webmanifest', manifest)
  write('offline.html', offlinePage(), true)
  write('icons/icon-192.png', fs.readFileSync('assets/public/icons/icon-192.png'))
  t = await startTestApp({}, { CLIENT_DIR: clientDir })
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('the installable app on the wire', () => {
  it('sends the service worker as JavaScript, revalidated on every check (no-cache), compressed or not', async () => {
    for (const encoding of ['br', undefined]) {
      const res = await get('/sw.js', encoding)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-encoding']).toBe(encoding)
    }
    const runtime = await get('/workbox-83964983.js')
    expect(runtime.headers['content-type']).toMatch(/javascript/)
    expect(runtime.headers['cache-control']).toBe('no-cache')
  })

  it('sends the manifest as application/manifest+json, the icons as PNG and the offline page as HTML', async () => {
    const m = await get('/manifest.webmanifest')
    expect(m.statusCode).toBe(200)
    expect(m.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(m.headers['cache-control']).toBe('no-cache')
    const icon = await get('/icons/icon-192.png')
    expect(icon.headers['content-type']).toBe('image/png')
    const offline = await get('/offline.html', 'br')
    expect(offline.headers['content-type']).toMatch(/^text\/html/)
    expect(zlib.brotliDecompressSync(offline.rawPayload).toString()).toContain('Você está sem conexão')
  })

  it("lets the page register its worker and read its manifest, both from this origin only", async () => {
    const page = await get('/home')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toMatch(/worker-src 'self'( |;)/)
    expect(policy).toMatch(/manifest-src 'self'(;|$)/)
    // The worker's own reply carries the policy too: its importScripts come from this origin.
    expect(String((await get('/sw.js')).headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/)
  })

  it('never lets an API answer be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/main/appInfo' })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('the build parts (scripts/vitePwa.ts)', () => {
  it("the shell is what index.html loads: its script, module preloads and style sheet", () => {
    const html = `<script type="module" crossorigin src="/assets/index-D8gkv-YS.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-DlmbjZJV.js">
      <link rel="stylesheet" crossorigin href="/assets/index-BDP3ySi5.css">
      <link rel="preload" as="image" type="image/webp" href="/tiles/double.webp" />
      <link rel="manifest" href="/manifest.webmanifest">`
    expect([...shellFiles(html)].sort()).toEqual(['assets/index-BDP3ySi5.css', 'assets/index-D8gkv-YS.js', 'assets/react-DlmbjZJV.js'])
  })

  it('the offline page carries every locale’s words in a data block, and no inline script', () => {
    const html = offlinePage()
    expect(html).toContain('<h1 id="offline-title">Você está sem conexão</h1>')
    const data = /<script type="application\/json" id="offline-texts">([^<]*)<\/script>/.exec(html)
    expect(data).not.toBeNull()
    const texts = JSON.parse(data![1]!) as Record<string, { title: string; retry: string }>
    expect(Object.keys(texts)).toHaveLength(15)
    expect(texts.en_US).toEqual(expect.objectContaining({ title: 'You are offline', retry: 'Try again' }))
    // Scripts only by address (the policy runs no inline script).
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toEqual(['<script type="module" src="/offline/offline.js">'])
  })
})
