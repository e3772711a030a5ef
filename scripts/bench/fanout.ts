/**
 * Socket fan-out (issues 12 and 13): BENCH_SOCKETS (2,000) socket.io clients in one Double room, from
 * this process, against the app (one signed-in player's token on every socket) and the bare socket.io
 * server; for BENCH_FANOUT_ROUNDS results each, the delay from the server sending `round:result`
 * (its `at`) to each client receiving it, and to the last one, and the server's CPU time per result.
 * Then the same sockets on the app watch one live football match (`sport:watch`): the same delays for
 * its `sport:odds` pushes (one a second while odds move).
 *
 * Run by scripts/bench.ts: `tsx scripts/bench/fanout.ts <spec.json> <out.json>`.
 */
import fs from 'node:fs'
import { Pool } from 'undici'
import { connect, type Socket } from 'socket.io-client'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { mapLimit, processCpuMs, quantile, register, round } from './lib'

export interface FanoutSpec {
  targets: { name: 'app' | 'bare'; origin: string; pid: number }[]
  sockets: number
  rounds: number
}

export interface FanoutWindow {
  /** appSport: the app's sport:odds pushes to sockets watching one match. */
  target: 'app' | 'bare' | 'appSport'
  sockets: number
  /** Results measured, and the sockets that missed one (the goal is 0). */
  results: number
  missed: number
  /** Per delivery, every socket of every result. */
  deliveryP50Ms: number
  deliveryP99Ms: number
  /** Per result, the delay to its last socket. */
  lastP50Ms: number
  lastP99Ms: number
  /** The server process's CPU time per result sent (the whole window over the results). */
  serverCpuMsPerResult: number | null
}

interface Feed {
  name: FanoutWindow['target']
  event: string
  /** What the socket sends to join the room, and the key of one push in the event (all sockets get the same). */
  join: [string, unknown]
  key: (e: { roundId?: string; at: number }) => string
}

const ROUND_FEED: Omit<Feed, 'name'> = { event: 'round:result', join: ['game:join', { game: 'double' }], key: (e) => String(e.roundId) }

async function measure(target: FanoutSpec['targets'][number], count: number, rounds: number, token: string | null, feed: Feed = { name: target.name, ...ROUND_FEED }): Promise<FanoutWindow> {
  const sockets: Socket[] = []
  const arrivals = new Map<string, { at: number; delays: number[] }>()
  await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    50,
    async () => {
      const s = connect(target.origin, { path: SOCKET_PATH, transports: ['websocket'], query: token ? { token } : {}, reconnection: false, forceNew: true })
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve())
        s.once('connect_error', reject)
      })
      s.on(feed.event, (e: { roundId?: string; at: number }) => {
        const now = Date.now()
        const key = feed.key(e)
        const a = arrivals.get(key) ?? { at: e.at, delays: [] }
        a.delays.push(now - e.at)
        arrivals.set(key, a)
      })
      s.emit(feed.join[0], feed.join[1])
      sockets.push(s)
    },
  )
  // The result under way when the last socket joined is not whole: count from the next one.
  const skip = new Set(arrivals.keys())
  const cpu0 = processCpuMs(target.pid)
  let cpuAtFirst: number | null = null
  const done = () => [...arrivals.keys()].filter((k) => !skip.has(k))
  const deadline = Date.now() + (rounds + 3) * 30_000
  while (done().length < rounds + 1 && Date.now() < deadline) {
    if (cpuAtFirst === null && done().length === 1) cpuAtFirst = processCpuMs(target.pid)
    await new Promise((r) => setTimeout(r, 20))
  }
  const cpu1 = processCpuMs(target.pid)
  // Let the last result reach every socket before reading it.
  await new Promise((r) => setTimeout(r, 1000))
  for (const s of sockets) s.close()
  const measured = done().slice(0, rounds)
  const all: number[] = []
  const last: number[] = []
  let missed = 0
  for (const id of measured) {
    const a = arrivals.get(id)!
    all.push(...a.delays)
    last.push(Math.max(...a.delays))
    missed += count - a.delays.length
  }
  const cpuStart = cpuAtFirst ?? cpu0
  return {
    target: feed.name,
    sockets: count,
    results: measured.length,
    missed,
    deliveryP50Ms: round(quantile(all, 0.5), 1),
    deliveryP99Ms: round(quantile(all, 0.99), 1),
    lastP50Ms: round(quantile(last, 0.5), 1),
    lastP99Ms: round(quantile(last, 0.99), 1),
    serverCpuMsPerResult: cpuStart === null || cpu1 === null || measured.length === 0 ? null : round((cpu1 - cpuStart) / measured.length, 1),
  }
}

const [specPath, outPath] = process.argv.slice(2)
if (!specPath || !outPath) throw new Error('usage: fanout.ts <spec.json> <out.json>')
const spec = JSON.parse(fs.readFileSync(specPath, 'utf8')) as FanoutSpec
const windows: FanoutWindow[] = []
for (const target of spec.targets) {
  let token: string | null = null
  if (target.name === 'app') {
    const pool = new Pool(target.origin, { connections: 2 })
    token = await register(pool, `fanout-${process.pid}@example.com`)
    await pool.close()
  }
  const report = (w: FanoutWindow) => {
    process.stderr.write(`bench: fan-out ${w.target}: ${w.sockets} sockets, ${w.results} results, last p50 ${w.lastP50Ms} ms, p99 ${w.lastP99Ms} ms, missed ${w.missed}, server CPU ${w.serverCpuMsPerResult} ms a result\n`)
    windows.push(w)
  }
  report(await measure(target, spec.sockets, spec.rounds, token))
  if (target.name === 'app') {
    // One live football match, watched by every socket: its odds pushes.
    const live = (await (await fetch(`${target.origin}/api/app/sport/matches?sport=football&state=live`)).json()) as { data: { matchId: string; matchTime: number }[] }
    const match = live.data.find((m) => m.matchTime === 1 || m.matchTime === 3) ?? live.data[0]
    if (match) report(await measure(target, spec.sockets, spec.rounds, token, { name: 'appSport', event: 'sport:odds', join: ['sport:watch', { matchId: match.matchId }], key: (e) => String(e.at) }))
  }
}
fs.writeFileSync(outPath, JSON.stringify({ windows }, null, 2))
process.exit(0)
