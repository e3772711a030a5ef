/**
 * The sportsbook's pushes against the HTTP path (issue 29, M5): a player's getBalance p50 and p99
 * with no socket, then with BENCH_WATCHERS (800) sockets each watching ten matches (live and
 * upcoming, of every sport: basketball's prices cost the most), against the app as `npm start` runs
 * it (its own process, a fresh database). The audit saw 800 watchers take getBalance's p50 from
 * 0,5 to 1,2 ms when each watched match was priced on the process's one thread every second.
 *
 * `npx tsx scripts/bench/sportWatchers.ts` (prints JSON: both windows and their ratio).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Pool, request } from 'undici'
import { connect, type Socket } from 'socket.io-client'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { SPORT_IDS } from '../../src/shared/contract/sport'
import { ANSWER, freePort, mapLimit, quantile, register, round } from './lib'

const root = path.resolve(import.meta.dirname, '../..')
const WATCHERS = Number(process.env.BENCH_WATCHERS || 800)
const REQUESTS = Number(process.env.BENCH_REQUESTS || 3000)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-watch-'))
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_CLIENT_BUILD: '1', CAPTCHA_FIXED_ANSWER: ANSWER, LOG: '0', RETENTION_INTERVAL_MINUTES: '0', ROUND_CHAIN_LENGTH: '20000', PAYOUT_SANDBOX_SETTLE_SECONDS: 'off', RATE_LIMIT_CAPTCHA_IP: '100000/1h', SOCKETS_PER_PLAYER: '100000', SOCKETS_PER_ADDRESS: '100000' }
const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
try {
  for (let i = 0; ; i++) {
    try {
      await (await request(`${origin}/api/app/main/appInfo`)).body.dump()
      break
    } catch {
      if (i > 900) throw new Error('the app did not start')
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const pool = new Pool(origin, { connections: 1 })
  const token = await register(pool, `watch.${Date.now()}@example.com`)
  const window = async () => {
    const ms: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now()
      const res = await pool.request({ method: 'GET', path: '/api/app/user/getBalance', headers: { authorization: token } })
      await res.body.dump()
      ms.push(performance.now() - t0)
    }
    return { p50Ms: round(quantile(ms, 0.5), 3), p99Ms: round(quantile(ms, 0.99), 3) }
  }
  await window()
  const idle = await window()
  // Ten matches a socket, live first, then the day's upcoming, of every sport.
  const ids: string[] = []
  for (const state of ['live', 'upcoming']) {
    for (const sport of SPORT_IDS) {
      const res = await pool.request({ method: 'GET', path: `/api/app/sport/matches?state=${state}&sport=${sport}` })
      ids.push(...((await res.body.json()) as { data: { matchId: string }[] }).data.map((m) => m.matchId))
    }
  }
  const sockets: Socket[] = await mapLimit(
    Array.from({ length: WATCHERS }, (_, i) => i),
    50,
    (i) =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(origin, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false })
        s.once('connect', () => {
          for (let k = 0; k < 10; k++) s.emit('sport:watch', { matchId: ids[(i * 10 + k) % ids.length] })
          resolve(s)
        })
        s.once('connect_error', reject)
      }),
  )
  await new Promise((r) => setTimeout(r, 3000))
  const watched = await window()
  for (const s of sockets) s.close()
  console.log(JSON.stringify({ watchers: sockets.length, matches: Math.min(ids.length, WATCHERS * 10), idle, watched, p50Ratio: round(watched.p50Ms / idle.p50Ms, 2), p99Ratio: round(watched.p99Ms / idle.p99Ms, 2) }, null, 2))
  await pool.close()
} finally {
  child.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
