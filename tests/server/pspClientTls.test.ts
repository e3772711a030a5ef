import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PspClient, PspUnreachable } from '../../src/server/payments/apipix/PspClient'
import { anyReply, tokenReply } from '../../src/server/payments/apipix/wire'

/**
 * Mutual TLS as PSPs require it: a PSP (here a bare https server) that takes only clients showing
 * a certificate its CA signed. Test-only certificates: scripts/make-pix-test-certs.sh.
 */
const dir = path.join(import.meta.dirname, 'fixtures/pix-mtls')
const file = (name: string) => path.join(dir, name)
let server: https.Server
let base = ''
const seen: { path: string; cn: string; auth: string; type: string; body: string }[] = []

beforeAll(async () => {
  server = https.createServer({ key: fs.readFileSync(file('server.key')), cert: fs.readFileSync(file('server.pem')), ca: fs.readFileSync(file('ca.pem')), requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate()
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      seen.push({ path: req.url ?? '', cn: String(peer.subject?.CN ?? ''), auth: req.headers.authorization ?? '', type: req.headers['content-type'] ?? '', body })
      res.setHeader('content-type', 'application/json')
      if (req.url === '/oauth/token') res.end(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }))
      else res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const client = (withCert: boolean) =>
  new PspClient({
    baseUrl: () => base,
    clientId: 'id',
    clientSecret: 'secret',
    cert: withCert ? file('client.pem') : null,
    key: withCert ? file('client.key') : null,
    ca: file('ca.pem'),
    timeoutMs: 5000,
    scope: 'cob.write pix.read',
    now: Date.now,
    backoffMs: [],
  })

describe('the PSP client over mutual TLS', () => {
  it('shows its certificate on the token call and on every call after it', async () => {
    const c = client(true)
    await c.call('probe', 'GET', '/v2/cob/x', { ok: [200], schema: anyReply })
    await c.close()
    expect(seen.map((s) => [s.path, s.cn])).toEqual([
      ['/oauth/token', 'aposta-client'],
      ['/v2/cob/x', 'aposta-client'],
    ])
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`)
    // RFC 6749 §4.4.2: the token is asked with a form, the grant and the scopes.
    expect(seen[0]!.type).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ grant_type: 'client_credentials', scope: 'cob.write pix.read' })
    expect(seen[1]!.auth).toBe('Bearer tok')
    expect(tokenReply.safeParse({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }).success).toBe(true)
  })

  it('without a certificate the PSP refuses the connection', async () => {
    const before = seen.length
    const c = client(false)
    await expect(c.call('probe', 'GET', '/v2/cob/x', { ok: [200], schema: anyReply })).rejects.toBeInstanceOf(PspUnreachable)
    await c.close()
    expect(seen.length).toBe(before)
  })
})
