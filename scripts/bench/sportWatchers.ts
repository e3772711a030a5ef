/**
 * The sportsbook's pushes against the HTTP path (issue 29, M5): one player's getBalance p50 and p99
 * with no socket open, then with BENCH_WATCHERS (800) sockets each watching ten matches (live and
 * upcoming, of every sport: basketball's prices cost the most), on the app as `npm start` runs it.
 * The idle window is the baseline. The audit saw 800 watchers hold requests when every watched
 * match was priced in one go on the process's one thread.
 *
 * Run by scripts/bench.ts (`--only=watchers`): `tsx scripts/bench/sportWatchers.ts <origin> <out.json>`.
 */
import fs from 'node:fs'
import { Pool } from 'undici'
import { connect, type Socket } from 'socket.io-client'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { SPORT_IDS } from '../../src/shared/contract/sport'
import { mapLimit, quantile, register, round } from './lib'

export interface WatchersResult {
  watchers: number
  matches: number
  requests: number
  idle: { p50Ms: number; p99Ms: number }
  watched: { p50Ms: number; p99Ms: number }
}

const [origin, outFile] = process.argv.slice(2) as [string, string]
const WATCHERS = Number(process.env.BENCH_WATCHERS || 800)
const REQUESTS = Number(process.env.BENCH_REQUESTS || 3000)

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
// Ten matches a socket, live first, then upcoming, of every sport.
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
// The watches join, and the first pushes (every market of every match) go out, before the window.
await new Promise((r) => setTimeout(r, 3000))
const watched = await window()
for (const s of sockets) s.close()
await pool.close()
const result: WatchersResult = { watchers: sockets.length, matches: new Set(ids.slice(0, WATCHERS * 10)).size, requests: REQUESTS, idle, watched }
fs.writeFileSync(outFile, JSON.stringify(result))
