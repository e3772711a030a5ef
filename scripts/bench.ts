/**
 * `npm run bench`: the server's costs, measured over real HTTP on loopback against a fresh
 * embedded database (or the PostgreSQL of DATABASE_URL).
 *  - login: median and p95 of 50 logins (captcha fetch excluded), argon2id at OWASP parameters
 *  - userInfo: 1,000 sequential calls with one token: total and per-call median
 *  - dice bets: 1,000 sequential bets of one player through POST /api/app/casino/dice/bet (each
 *    with its own Idempotency-Key): bets per second and per-bet median and p95; then 4 players
 *    betting at once (250 bets each)
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

async function post<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return (await res.json()) as { status: number; data: T }
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
    const r = await post<{ access_token: string }>('/api/auth/user/restLogin', { username: email, pwd: 'segredo123', codeId, captCode: ANSWER }, { deviceId: `bench-${i}` })
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

  // Dice: players with play money (test accounts), so the bets are real ledger movements.
  async function player(): Promise<string> {
    const demo = (await (await fetch(`${base}/api/app/user/getUserTest`, { headers: { authorization: token } })).json()) as { data: { username: string; pwd: string } }
    const r = await post<{ access_token: string }>('/api/auth/user/restLogin', { username: demo.data.username, pwd: demo.data.pwd, codeId: await captcha(), captCode: ANSWER }, { deviceId: `bench-dice-${Math.random()}` })
    if (r.status !== 200) throw new Error(`test account login failed: ${JSON.stringify(r)}`)
    return r.data.access_token
  }
  async function diceBets(playerToken: string, n: number, latencies: number[]): Promise<void> {
    for (let i = 0; i < n; i++) {
      const b0 = performance.now()
      const r = await post('/api/app/casino/dice/bet', { amount: '0.10', target: '50.50', condition: 'under' }, { authorization: playerToken, 'idempotency-key': `bench-${i}-${Math.random()}` })
      latencies.push(performance.now() - b0)
      if (r.status !== 200) throw new Error(`dice bet failed: ${JSON.stringify(r)}`)
    }
  }
  const one = await player()
  const diceOne: number[] = []
  const d0 = performance.now()
  await diceBets(one, 1000, diceOne)
  const diceTotal = performance.now() - d0
  const four = await Promise.all([player(), player(), player(), player()])
  const diceFour: number[] = []
  const f0 = performance.now()
  await Promise.all(four.map((tk) => diceBets(tk, 250, diceFour)))
  const fourTotal = performance.now() - f0

  console.log(`database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, node ${process.version}, ${os.cpus().length} cores`)
  console.log(`login (50, argon2id m=19MiB t=2 p=1): median ${ms(median(logins))}, p95 ${ms(p95(logins))}`)
  console.log(`userInfo x1000 sequential: total ${ms(total)}, median ${ms(median(calls))}, p95 ${ms(p95(calls))}, ${(1000 / (total / 1000)).toFixed(0)} req/s`)
  console.log(`dice bets x1000 sequential (one player): ${(1000 / (diceTotal / 1000)).toFixed(0)} bets/s, median ${ms(median(diceOne))}, p95 ${ms(p95(diceOne))}`)
  console.log(`dice bets, 4 players at once x250: ${(1000 / (fourTotal / 1000)).toFixed(0)} bets/s, median ${ms(median(diceFour))}, p95 ${ms(p95(diceFour))}`)
} finally {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
