/**
 * The first visit (issue 11): the built client's files leave pre-compressed as the browser asks,
 * content-hashed files are cached for a year, everything else is revalidated, and there is a
 * real favicon.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMMUTABLE } from '../../src/server/http/clientCache'
import { startTestApp, type TestApp } from './testApp'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-assets-'))
const script = `console.log(${JSON.stringify('x'.repeat(3000))})\n`
const tiles = '<link rel="preload" as="image" type="image/webp" href="/tiles/dice.webp" />\n'
const page = `<!doctype html><html><head>\n    <!-- home-only -->\n    ${tiles}    <!-- /home-only -->\n<script type="module" src="/assets/index-T8PcT7i_.js"></script></head><body>${' '.repeat(2000)}</body></html>`
/** The page as home's addresses get it (the markers gone, the tiles kept), and as any other route gets it (no tiles). */
const homePage = page.replace(/[ \t]*<!-- \/?home-only -->\n?/g, '')
const otherPage = page.replace(/[ \t]*<!-- home-only -->[\s\S]*?<!-- \/home-only -->\n?/, '')

/** What the build writes: each text file with its .br and .gz beside it (vite.config.ts precompress). */
function writeWithCopies(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(text)))
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(text)))
}

let t: TestApp
beforeAll(async () => {
  writeWithCopies(path.join(clientDir, 'index.html'), page)
  writeWithCopies(path.join(clientDir, 'assets/index-T8PcT7i_.js'), script)
  fs.mkdirSync(path.join(clientDir, 'avatars'))
  fs.writeFileSync(path.join(clientDir, 'avatars/1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.copyFileSync(path.resolve('assets/public/favicon.svg'), path.join(clientDir, 'favicon.svg'))
  t = await startTestApp({}, { CLIENT_DIR: clientDir })
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('the built client', () => {
  it('sends a hashed script as brotli, gzip or plain as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-T8PcT7i_.js', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    expect(br.headers['cache-control']).toBe(IMMUTABLE)
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    const gz = await get('/assets/index-T8PcT7i_.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script)
    const plain = await get('/assets/index-T8PcT7i_.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
    expect(plain.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('revalidates the page and the files whose names do not change (no-cache), compressed too', async () => {
    for (const url of ['/', '/home', '/dice']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/text\/html/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i)
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(url === '/dice' ? otherPage : homePage)
    }
    const avatar = await get('/avatars/1.svg')
    expect(avatar.statusCode).toBe(200)
    expect(avatar.headers['cache-control']).toBe('no-cache')
  })

  it("preloads home's lobby tiles on home's addresses only: another route's first visit spends no bandwidth on them", async () => {
    for (const url of ['/', '/home', '/main', '/yABC123']) expect((await get(url)).body, url).toContain(tiles.trim())
    for (const url of ['/mines', '/sports', '/sportMatch/12', '/dice?x=1']) {
      const res = await get(url, 'gzip')
      expect(res.headers['content-encoding'], url).toBe('gzip')
      const html = zlib.gunzipSync(res.rawPayload).toString()
      expect(html, url).not.toContain('/tiles/')
      expect(html, url).not.toContain('home-only')
      expect(html, url).toContain('/assets/index-T8PcT7i_.js')
    }
  })

  it('answers a page the browser holds with 304 (its ETag), each form with its own tag', async () => {
    const home = await get('/home')
    const other = await get('/mines')
    expect(home.headers.etag).toBeTruthy()
    expect(other.headers.etag).toBeTruthy()
    expect(home.headers.etag).not.toBe(other.headers.etag)
    const again = await t.app.inject({ method: 'GET', url: '/mines', headers: { 'if-none-match': String(other.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const wrong = await t.app.inject({ method: 'GET', url: '/mines', headers: { 'if-none-match': String(home.headers.etag) } })
    expect(wrong.statusCode).toBe(200)
    expect(wrong.body).toBe(otherPage)
  })

  it('has a real favicon: /favicon.svg, and /favicon.ico points at it', async () => {
    const ico = await get('/favicon.ico')
    expect(ico.statusCode).toBe(301)
    expect(ico.headers.location).toBe('/favicon.svg')
    const svg = await get('/favicon.svg')
    expect(svg.statusCode).toBe(200)
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/)
    expect(svg.body).toContain('<svg')
  })
})
