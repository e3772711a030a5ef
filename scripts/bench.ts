/**
 * `npm run bench`: the server's costs, measured over real HTTP on loopback against a fresh
 * embedded database (or the PostgreSQL of DATABASE_URL).
 *  - login: median and p95 of 50 logins (captcha fetch excluded), argon2id at OWASP parameters
 *  - userInfo: 1,000 sequential calls with one token: total and per-call median
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'

const ANSWER = 'bench'
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-bench-'))
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, CAPTCHA_FIXED_ANSWER: ANSWER, LOG: '0', CLIENT_DIR: path.join(dataDir, 'none') })
const app = await buildApp(config)
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!
const ms = (n: number) => `${n.toFixed(2)} ms`

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return (await res.json()) as { status: number; data: any }
}
async function captcha(): Promise<number> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).text()
  return codeId
}

try {
  const email = `bench-${Date.now()}@example.com`
  const reg = await post('/api/auth/user/restRegister', { username: email, pwd: 'segredo123', codeId: await captcha(), captCode: ANSWER })
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg)}`)

  const logins: number[] = []
  let token = ''
  for (let i = 0; i < 50; i++) {
    const codeId = await captcha()
    const t0 = performance.now()
    const r = await post('/api/auth/user/restLogin', { username: email, pwd: 'segredo123', codeId, captCode: ANSWER }, { deviceId: `bench-${i}` })
    logins.push(performance.now() - t0)
    if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r)}`)
    token = r.data.access_token
  }

  const calls: number[] = []
  const t0 = performance.now()
  for (let i = 0; i < 1000; i++) {
    const c0 = performance.now()
    const res = await fetch(`${base}/api/app/user/userInfo?loading=false`, { headers: { authorization: token, lang: 'pt_BR' } })
    const body = (await res.json()) as { status: number }
    if (body.status !== 200) throw new Error(`userInfo failed: ${JSON.stringify(body)}`)
    calls.push(performance.now() - c0)
  }
  const total = performance.now() - t0

  console.log(`database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, node ${process.version}, ${os.cpus().length} cores`)
  console.log(`login (50, argon2id m=19MiB t=2 p=1): median ${ms(median(logins))}, p95 ${ms(p95(logins))}`)
  console.log(`userInfo x1000 sequential: total ${ms(total)}, median ${ms(median(calls))}, p95 ${ms(p95(calls))}, ${(1000 / (total / 1000)).toFixed(0)} req/s`)
} finally {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
