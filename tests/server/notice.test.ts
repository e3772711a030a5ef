import { spawn } from 'node:child_process'
import path from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { startTestApp, type TestApp } from './testApp'
import { listen, newPlayer, recorder, socketFor, waitFor } from './walletHelpers'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await startTestApp()
  base = await listen(t)
})
afterAll(() => t.close())

const root = path.resolve(import.meta.dirname, '../..')
/** The operator's command, as `npm run notice` runs it, against this server (in its own process: the server answers meanwhile). */
function notice(text: string, env: Record<string, string> = {}): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', path.join(root, 'scripts/notice.ts'), text], { cwd: root, env: { ...process.env, NOTICE_URL: base, DATA_DIR: t.config.dataDir, OPS_TOKEN: '', ...env } })
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

  it('refuses a wrong token and saves nothing', async () => {
    const run = await notice('Falso', { OPS_TOKEN: 'x'.repeat(32) })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('HTTP 403')
    expect((await t.db.query(`SELECT 1 FROM notices WHERE text = 'Falso'`)).rows).toHaveLength(0)
  })
})
