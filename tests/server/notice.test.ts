import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { startTestApp, type TestApp } from './testApp'
import { callKeyed, listen, newPlayer, recorder, socketFor, waitFor } from './walletHelpers'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await startTestApp({}, { RATE_LIMIT_NOTICE: '3/1h', RATE_LIMIT_OPS_FAIL_IP: '5/1h' })
  base = await listen(t)
})
afterAll(() => t.close())

const root = path.resolve(import.meta.dirname, '../..')
/** The operator's command, as `npm run notice` runs it, against this server (in its own process: the server answers meanwhile). */
function notice(text: string, env: Record<string, string> = {}, flags: string[] = []): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', path.join(root, 'scripts/notice.ts'), ...flags, text], { cwd: root, env: { ...process.env, NOTICE_URL: base, DATA_DIR: t.config.dataDir, OPS_TOKEN: '', ...env } })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })))
}

describe('operators notices', () => {
  it('npm run notice sends the text to everyone online, saved, and to a socket that connects later', async () => {
    const p = await newPlayer(t)
    const s = await socketFor(base, p.token)
    const got = recorder(s)
    const run = await notice('Manutenção às 3h: as apostas param por 10 minutos.')
    expect(run.status, run.stderr).toBe(0)
    await waitFor(() => (got.notice ?? []).length === 1)
    expect(got.notice![0]).toMatchObject({ text: 'Manutenção às 3h: as apostas param por 10 minutos.' })
    expect((await t.db.query('SELECT 1 FROM notices')).rows).toHaveLength(1)
    // A socket that connects now gets it at once (listened for before it connects).
    const laterGot: unknown[] = []
    const later = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: { token: (await newPlayer(t)).token }, reconnection: false, forceNew: true })
    later.on('notice', (n) => laterGot.push(n))
    await waitFor(() => laterGot.length === 1)
    expect(laterGot[0]).toMatchObject({ text: 'Manutenção às 3h: as apostas param por 10 minutos.' })
    s.disconnect()
    later.disconnect()
  })

  it('a marketing notice skips the players a pause or self-exclusion stands on, now and when they connect; a service notice reaches them', async () => {
    const paused = await newPlayer(t)
    const other = await newPlayer(t)
    expect((await callKeyed(t, calls.rgPause, { token: paused.token, body: { days: 1 } })).body.status).toBe(200)
    const [ps, os] = [await socketFor(base, paused.token), await socketFor(base, other.token)]
    const [pGot, oGot] = [recorder(ps), recorder(os)]
    const run = await notice('Bônus de fim de semana!', {}, ['--marketing'])
    expect(run.status, run.stderr).toBe(0)
    await waitFor(() => (oGot.notice ?? []).length === 1)
    expect((await t.db.query<{ marketing: boolean }>("SELECT marketing FROM notices WHERE text = 'Bônus de fim de semana!'")).rows).toEqual([{ marketing: true }])
    // A socket that connects later: the other player gets it at once, the paused one never.
    // (Listened for before they connect: the notice goes out on connection.)
    const p2Got: unknown[] = []
    const ps2 = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: { token: paused.token }, reconnection: false, forceNew: true })
    ps2.on('notice', (n) => p2Got.push(n))
    const later: unknown[] = []
    const os3 = connect(base, { path: SOCKET_PATH, transports: ['websocket'], query: { token: other.token }, reconnection: false, forceNew: true })
    os3.on('notice', (n) => later.push(n))
    await waitFor(() => later.length === 1)
    expect(pGot.notice ?? []).toEqual([])
    expect(ps2.connected).toBe(true)
    expect(p2Got).toEqual([])
    // A service notice reaches everyone, the paused player too.
    expect((await notice('Manutenção às 4h.')).status).toBe(0)
    await waitFor(() => (pGot.notice ?? []).length === 1)
    for (const s of [ps, os, ps2, os3]) s.disconnect()
  })

  it('refuses a wrong token and saves nothing', async () => {
    const run = await notice('Falso', { OPS_TOKEN: 'x'.repeat(32) })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('HTTP 403')
    expect((await t.db.query(`SELECT 1 FROM notices WHERE text = 'Falso'`)).rows).toHaveLength(0)
  })

  it('is rate-limited: notices per hour, and wrong tokens per address (then even the right one waits there)', async () => {
    t.advance(3_600_000 + 1000)
    const token = fs.readFileSync(path.join(t.config.dataDir, 'ops-token'), 'utf8').trim()
    const post = (text: string, opsToken: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/ops/notice', headers: { 'x-ops-token': opsToken, 'accept-language': 'pt-BR' }, payload: { text }, remoteAddress })
    const saved = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM notices')).rows[0]!.n)
    // A guesser: 5 wrong tokens, then refused before the token is looked at, the right one too.
    for (let i = 0; i < 5; i++) expect((await post('Falso', 'y'.repeat(32), '203.0.113.9')).statusCode).toBe(403)
    for (const guess of ['y'.repeat(32), token]) {
      const res = await post('Falso', guess, '203.0.113.9')
      expect(res.statusCode).toBe(429)
      expect(res.json()).toMatchObject({ status: 1429 })
      expect(res.json().msg).toMatch(/\d/)
    }
    // The operator elsewhere is not locked out; but notices themselves are capped (3 an hour here).
    const before = await saved()
    for (let i = 0; i < 3; i++) expect((await post(`Aviso ${i}`, token, '198.51.100.7')).statusCode).toBe(200)
    const flood = await post('Aviso demais', token, '198.51.100.8')
    expect(flood.statusCode).toBe(429)
    expect(await saved()).toBe(before + 3)
    t.advance(3_600_000 + 1000)
    expect((await post('Aviso depois', token, '198.51.100.7')).statusCode).toBe(200)
    expect((await post('De novo', token, '203.0.113.9')).statusCode).toBe(200)
  })
})
