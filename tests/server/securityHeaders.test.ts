import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { calls } from '../../src/shared/contract'
import { startTestApp, type TestApp } from './testApp'
import { callKeyed, CPF, newPlayer, pkg100, type Player } from './walletHelpers'

/**
 * The edge's headers on every kind of reply: API, error, the client's page and files, the
 * sandbox pay page (the one page meant to be framed), in development and production configs.
 */

let t: TestApp
let prod: App
let player: Player
let payUrl: string
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-client-'))
const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-demo-provider-'))
const opsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-ops-client-'))

type Reply = LightMyRequestResponse

function csp(res: Reply): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '')
  expect(header, 'content-security-policy').not.toBe('')
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

/** What every reply carries, framed or not. */
function expectBaseline(res: Reply, label: string) {
  const policy = csp(res)
  const scripts = policy['script-src'] ?? policy['default-src']!
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'", '*', 'data:', 'blob:']) expect(scripts, `${label}: script-src`).not.toContain(unsafe)
  expect(policy['script-src-attr'], label).toEqual(["'none'"])
  expect(policy['style-src'] ?? [], label).not.toContain("'unsafe-inline'")
  expect(policy['object-src'] ?? policy['default-src'], label).toEqual(["'none'"])
  expect(res.headers['x-content-type-options'], label).toBe('nosniff')
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin')
  return policy
}

/** The app's own replies: framed by nobody. */
function expectNotFramable(res: Reply, label: string) {
  const policy = expectBaseline(res, label)
  expect(policy['frame-ancestors'], label).toEqual(["'none'"])
  expect(res.headers['x-frame-options'], label).toBe('DENY')
  expect(policy['frame-src'], label).toContain("'self'")
  expect(policy['connect-src'], label).toContain("'self'")
  return policy
}

function expectDevelopment(res: Reply, label: string) {
  expect(res.headers['strict-transport-security'], label).toBeUndefined()
  expect(Object.keys(csp(res)), label).not.toContain('upgrade-insecure-requests')
}

function expectProduction(res: Reply, label: string) {
  expect(res.headers['strict-transport-security'], label).toMatch(/max-age=\d{7,}/)
  expect(Object.keys(csp(res)), label).toContain('upgrade-insecure-requests')
}

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>')
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.writeFileSync(path.join(clientDir, 'assets/app-1a2b.js'), 'console.log("app")\n//# sourceMappingURL=app-1a2b.js.map\n')
  fs.writeFileSync(path.join(clientDir, 'assets/app-1a2b.js.map'), '{"version":3,"sources":["secret-source.ts"]}')
  fs.writeFileSync(path.join(demoDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/demo-provider/assets/slot-9f8e7d6c.js"></script></head><body></body></html>')
  fs.mkdirSync(path.join(demoDir, 'assets'))
  fs.writeFileSync(path.join(demoDir, 'assets/slot-9f8e7d6c.js'), 'console.log("slot")\n')
  fs.mkdirSync(path.join(demoDir, 'thumbs'))
  fs.writeFileSync(path.join(demoDir, 'thumbs/demo-fruits.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.writeFileSync(path.join(opsDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/ops/assets/index-5e6f7a8b.js"></script></head><body><div id="root"></div></body></html>')
  fs.mkdirSync(path.join(opsDir, 'assets'))
  fs.writeFileSync(path.join(opsDir, 'assets/index-5e6f7a8b.js'), 'console.log("ops")\n')
  t = await startTestApp({}, { CLIENT_DIR: clientDir, DEMO_PROVIDER_DIR: demoDir, OPS_CLIENT_DIR: opsDir, CSP_FRAME_SRC: 'https://chat.example.com', CSP_IMG_SRC: 'https://cdn.hub88.example', PUBLIC_ORIGIN: 'https://aposta.example, http://127.0.0.1:5173', VITE_CHAT_URL: 'https://widget.example.net/chat?licence={licence}&name={name}' })
  // Production's headers, on the same database: built straight from the config (production mode's own start-up checks are not ours here).
  // (A production demo provider would be refused at start; its page's headers are what is looked at here.)
  prod = await buildApp({ ...t.config, production: true, captchaFixedAnswer: null, providerSecrets: { PG: 'p'.repeat(32) }, publicOrigins: ['https://aposta.example'] }, { db: t.db })
  player = await newPlayer(t)
  await callKeyed(t, calls.updateKyc, { token: player.token, body: { name: 'Ana Souza', cardNo: CPF.a } })
  const pkgId = await pkg100(t)
  const order = await callKeyed<{ url: string }>(t, calls.prePay, { token: player.token, params: { pkgId }, body: { gift: 1, pkgId, isapp: 0 } })
  if (order.body.status !== 200) throw new Error(order.raw)
  payUrl = order.body.data.url
})

afterAll(async () => {
  await prod?.close()
  await t?.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
  fs.rmSync(demoDir, { recursive: true, force: true })
  fs.rmSync(opsDir, { recursive: true, force: true })
})

const get = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'aposta.example', ...headers } })

describe('security headers', () => {
  it('an API reply: strict policy, framed by nobody, never cached', async () => {
    const res = await get(t.app, '/api/app/user/getBalance', { authorization: player.token })
    expect(res.statusCode).toBe(200)
    const policy = expectNotFramable(res, 'api')
    expect(policy['script-src']).toEqual(["'self'"])
    expect(res.headers['cache-control']).toBe('no-store')
    expectDevelopment(res, 'api')
  })

  it('the socket may connect to the configured origins (PUBLIC_ORIGIN), never to the request\'s Host; frames show this origin, the chat and the configured ones', async () => {
    const policy = csp(await get(t.app, '/api/app/main/main'))
    expect(policy['connect-src']).toEqual(["'self'", 'wss://aposta.example', 'ws://127.0.0.1:5173'])
    expect(policy['frame-src']).toEqual(["'self'", 'https://chat.example.com', 'https://widget.example.net'])
    // Images: this origin, the page's own (data:, blob:) and the configured ones (an aggregator's thumbnails).
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.hub88.example'])
    // A forged Host (a host name, or not one) is never repeated into the policy.
    for (const host of ['evil.example', 'evil.example:443', "evil.example; script-src 'unsafe-inline'"]) {
      for (const app of [t.app, prod]) {
        const forged = csp(await get(app, '/api/app/main/main', { host }))
        expect(forged['script-src'], host).toEqual(["'self'"])
        expect(forged['connect-src']!.join(' '), host).not.toContain('evil')
      }
    }
    const prodPolicy = csp(await get(prod, '/api/app/main/main'))
    expect(prodPolicy['connect-src']).toEqual(["'self'", 'wss://aposta.example'])
    // Unset: 'self' alone (CSP 3 browsers match the same origin's wss: with it).
    expect(loadConfig({}).publicOrigins).toEqual([])
    for (const bad of ['aposta.example', 'https://aposta.example/app', 'ftp://aposta.example', 'https://user@aposta.example']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/^PUBLIC_ORIGIN /)
    }
    expect(() => loadConfig({ APP_MODE: 'production', PUBLIC_ORIGIN: 'http://aposta.example' })).toThrow(/PUBLIC_ORIGIN must be https/)
  })

  it('error envelopes: same headers, never cached', async () => {
    for (const [url, status, token] of [
      ['/api/app/user/getBalance', 401, 'not-a-session'],
      ['/api/no/such/call', 404, player.token],
      ['/api/app/casino/bets/99999999999999999999', 400, player.token],
      // Refused by fastify before routing (no hook runs there): still the envelope and the headers.
      ['/api/app/casino/bets/%E0%A4%A', 404, player.token],
      [`/api/app/casino/bets/${'1'.repeat(300)}`, 404, player.token],
    ] as const) {
      const res = await get(t.app, url, { authorization: token })
      expect(res.statusCode, url).toBe(status)
      expect(JSON.parse(res.body).msg, url).toBeTruthy()
      expectNotFramable(res, url)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/user/restLogin', headers: { 'content-type': 'application/json' }, payload: '{"broken' })
    expect(post.statusCode).toBe(400)
    expectNotFramable(post, 'bad json')
    expect(post.headers['cache-control']).toBe('no-store')
  })

  it('the client page (and its client-side routes) and its files carry the policy too', async () => {
    for (const url of ['/', '/home', '/dice']) {
      const res = await get(t.app, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/text\/html/)
      expectNotFramable(res, url)
    }
    const asset = await get(t.app, '/assets/app-1a2b.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expectNotFramable(asset, 'asset')
    expect(asset.headers['cache-control']).not.toBe('no-store')
    const missing = await get(t.app, '/assets/missing-1234.js')
    expect(missing.statusCode).toBe(404)
    expectNotFramable(missing, 'missing asset')
    expect(missing.headers['cache-control']).toBe('no-store')
  })

  it("the operators' console (/ops): its own page for its routes, its own files, a stricter policy (no socket, no frame) and no Referer", async () => {
    for (const url of ['/ops', '/ops/', '/ops/login', '/ops/players/12345678', '/ops/enrol']) {
      const res = await get(t.app, url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('/ops/assets/index-5e6f7a8b.js')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      const policy = csp(res)
      expect(policy['connect-src'], url).toEqual(["'self'"])
      expect(policy['frame-src'] ?? policy['default-src'], url).toEqual(["'none'"])
      expect(policy['frame-ancestors'], url).toEqual(["'none'"])
      expect(policy['script-src'], url).toEqual(["'self'"])
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
    }
    // The players' page is still theirs, with the players' policy.
    const home = await get(t.app, '/home')
    expect(home.body).not.toContain('/ops/assets/')
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const asset = await get(t.app, '/ops/assets/index-5e6f7a8b.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toMatch(/immutable/)
    for (const missing of ['/ops/assets/missing-1234.js', '/ops/missing.js']) {
      const res = await get(t.app, missing)
      expect(res.statusCode, missing).toBe(404)
      expect(res.headers['cache-control'], missing).toBe('no-store')
    }
  })

  it('the sandbox pay page may be framed by the app only, and allows its own inline script and style by hash alone', async () => {
    const res = await get(t.app, payUrl)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<script>')
    const policy = expectBaseline(res, 'pay page')
    expect(policy['frame-ancestors']).toEqual(["'self'"])
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(policy['default-src']).toEqual(["'none'"])
    expect(policy['script-src']).toHaveLength(1)
    expect(policy['script-src']![0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
    expect(policy['style-src']![0]).toMatch(/^'sha256-/)
    expect(policy['form-action']).toEqual(["'self'"])
    expect(res.headers['cache-control']).toBe('no-store')
    expectDevelopment(res, 'pay page')
    // The hashes are those of the page's own inline blocks (else the browser would refuse them).
    const { createHash } = await import('node:crypto')
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
    expect(policy['script-src']).toEqual([hash(/<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!)])
    expect(policy['style-src']).toEqual([hash(/<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!)])
    expect(res.body).not.toMatch(/\sstyle=|\son[a-z]+=/i)
    // Its "bank" button (a form post inside the frame) and a page that is not there are framable the same way.
    const payNo = payUrl.split('/').pop()!.split('?')[0]!
    const unknown = await get(t.app, payUrl.replace(payNo, 'NOSUCHPAYNO'))
    expect(unknown.statusCode).toBe(404)
    expect(csp(unknown)['frame-ancestors']).toEqual(["'self'"])
    const pay = await t.app.inject({ method: 'POST', url: `${payUrl.split('?')[0]}/pay?lang=pt_BR` })
    expect(pay.statusCode).toBe(303)
    expect(csp(pay)['frame-ancestors']).toEqual(["'self'"])
  })

  it('the demo provider\'s game page may be framed by the app only, runs its own files, and is served for its codes only', async () => {
    for (const app of [t.app, prod]) {
      const res = await get(app, '/demo-provider/PG/?token=abc&game=demo-fruits&lang=pt_BR')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('/demo-provider/assets/slot-9f8e7d6c.js')
      const policy = expectBaseline(res, 'provider page')
      expect(policy['frame-ancestors']).toEqual(["'self'"])
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(policy['script-src']).toEqual(["'self'"])
      expect(policy['connect-src']).toContain("'self'")
      expect(policy['frame-src']).toEqual(["'none'"])
      // Sandboxed, framed or opened alone: an opaque origin, never the app's (its storage holds the token).
      expect(policy.sandbox).toEqual(['allow-scripts'])
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    const file = await get(t.app, '/demo-provider/assets/slot-9f8e7d6c.js')
    expect([file.statusCode, file.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable'])
    const thumb = await get(t.app, '/demo-provider/thumbs/demo-fruits.svg')
    expect([thumb.statusCode, thumb.headers['cache-control']]).toEqual([200, 'no-cache'])
    // A code the demo does not serve, and a file that is not there.
    expect((await get(t.app, '/demo-provider/XX/')).statusCode).toBe(404)
    expect((await get(t.app, '/demo-provider/assets/nothing-12345678.js')).statusCode).toBe(404)
    // The app's own pages stay unframable.
    expectNotFramable(await get(t.app, '/play'), 'play route')
  })

  it("the sandboxed game page (origin 'null') may load the provider's files and call the provider's API, and nothing of the app's", async () => {
    const fromFrame = { origin: 'null' }
    const file = await get(t.app, '/demo-provider/assets/slot-9f8e7d6c.js', fromFrame)
    expect([file.headers['access-control-allow-origin'], file.headers['cross-origin-resource-policy']]).toEqual(['*', 'cross-origin'])
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/demo-provider/PG/api/spin', headers: { ...fromFrame, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': 'null', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' })
    const balance = await t.app.inject({ method: 'POST', url: '/demo-provider/PG/api/balance', headers: fromFrame, payload: { token: 'nope' } })
    expect(balance.headers['access-control-allow-origin']).toBe('null')
    // Another site's page is not allowed to read the answers.
    const other = await t.app.inject({ method: 'POST', url: '/demo-provider/PG/api/balance', headers: { origin: 'https://evil.example' }, payload: { token: 'nope' } })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    // The app's API answers no other origin, the sandboxed page's included.
    for (const res of [
      await get(t.app, '/api/app/main/main', fromFrame),
      await t.app.inject({ method: 'OPTIONS', url: '/api/app/user/info', headers: { ...fromFrame, 'access-control-request-method': 'GET' } }),
      await t.app.inject({ method: 'POST', url: '/api/app/game/launch', headers: fromFrame, payload: {} }),
    ]) {
      expect(res.headers['access-control-allow-origin'], res.raw.req.url).toBeUndefined()
    }
  })

  it('production adds HSTS and upgrade-insecure-requests everywhere; development has neither', async () => {
    for (const url of ['/api/app/main/main', '/api/no/such/call', '/', '/assets/app-1a2b.js', payUrl]) {
      expectProduction(await get(prod, url), `prod ${url}`)
      expectDevelopment(await get(t.app, url), `dev ${url}`)
    }
  })

  it('source maps are served in development builds only', async () => {
    expect((await get(t.app, '/assets/app-1a2b.js.map')).statusCode).toBe(200)
    const res = await get(prod, '/assets/app-1a2b.js.map')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('secret-source')
    expect((await get(prod, '/assets/app-1a2b.js')).statusCode).toBe(200)
  })
})
