/**
 * The soak (issue 34): BENCH_PLAYERS virtual players (50) play every product against one app
 * process for SOAK_MINUTES (30), from this one process over undici keep-alive connections, while
 * the server's own figures are read from its GET /metrics (Bearer METRICS_TOKEN) and the
 * database's size from disk (PGlite) or pg_database_size (PostgreSQL) every SOAK_SAMPLE_SECONDS.
 *
 * Each player has its test account (play money, a socket open on it the whole run) and its
 * session of the demo game under PG, and takes turns at random (seeded per player) between: dice
 * and limbo bets, a mines game (start, one reveal, a cash-out when still alive), a Double bet on
 * the open round (once a round; dice when betting is closed), a sport single or a two-leg parlay
 * (matches kicking off after the run), and a provider slot round (the demo provider's signed bet
 * and win). Now and then a player deposits R$ 100 (the PSP emulator's bank pays it) or withdraws
 * R$ 30 on one of the cashier accounts (real accounts with a verified identity, one per ten
 * players, one cashier call at a time each). Every stake is R$ 0,10.
 *
 * Reported: bets per second each minute (a bet is an action's end: a mines game, a slot round and
 * a parlay are one each; deposits and withdrawals are not bets), p50/p99 of every HTTP call per
 * window (SOAK_WINDOW_MINUTES), the server's RSS, heap and open handles and the database's size
 * every minute, the memory slopes after the warm-up (SOAK_WARMUP_MINUTES) and the last window's
 * throughput over the first's, each judged against the noise the run itself shows (the bounds: above slopeOf below).
 *
 * Run by scripts/bench.ts (`npm run bench -- --only=soak`): `tsx scripts/bench/soak.ts <spec.json> <out.json>`.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { generateCpf } from '@brazilian-utils/brazilian-utils'
import pg from 'pg'
import { io as connect, type Socket } from 'socket.io-client'
import { Pool } from 'undici'
import { seededRandom } from '../../src/client/engine/random'
import { SANDBOX_PAGE_PREFIX } from '../../src/server/payments/buildProviders'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { call, machineBusyMs, mapLimit, ok, processCpuMs, quantile, register, round, type Envelope } from './lib'
import { appPlayers, homePicks, launchDemoGame, newTally, walletRound, type Pick, type Player } from './loadClient'

export interface SoakSpec {
  origin: string
  pid: number
  metricsToken: string
  providerSecret: string
  players: number
  minutes: number
  windowMinutes: number
  warmupMinutes: number
  sampleSeconds: number
  seed: number
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }
  /** SOAK_MIX, when set. */
  mix?: string
}

/** One reading of the server's figures, `atMinutes` after the run began. */
export interface SoakSample {
  atMinutes: number
  rssMiB: number
  heapUsedMiB: number
  heapTotalMiB: number
  externalMiB: number
  handles: number
  sockets: number | null
  eventLoopLagMs: number
  dbMiB: number
}
export interface SoakMinute {
  minute: number
  betsPerSecond: number
  calls: number
  failed: number
  /** The sample read at this minute's end (or the last one before it). */
  rssMiB: number
  heapUsedMiB: number
  handles: number
  /** The event loop's p99 lag over prom-client's last period, ms. */
  eventLoopLagMs: number
  dbMiB: number
  serverCpuCores: number | null
  machineCpuCores: number | null
}
export interface SoakWindow {
  fromMinute: number
  toMinute: number
  betsPerSecond: number
  /** Every HTTP call the players made that ended in the window (a mines game is two or three, a slot round two). */
  calls: number
  p50Ms: number
  p99Ms: number
  failed: number
  /**
   * The server process's CPU time per bet, ms (PGlite's work included; PostgreSQL's own processes
   * not): unlike bets/s, other work on the machine does not move it, so a rise is the server's.
   */
  serverCpuMsPerBet: number | null
}
export interface SoakKind {
  actions: number
  calls: number
  failed: number
  p99Ms: number
  firstFailure?: string
}
export interface Slope {
  /** Least squares over the samples after the warm-up. */
  miBPerHour: number
  /** Its standard error (the samples taken as independent, which GC's sawtooth makes them not quite). */
  standardErrorMiBPerHour: number
  /** The readings' scatter around the fitted line. */
  residualSdMiB: number
  /** A slope up to this is a rise over the run smaller than twice that scatter: it levels off (slopeOf). */
  boundMiBPerHour: number
}
export interface SoakResult {
  players: number
  cashiers: number
  minutes: number
  windowMinutes: number
  warmupMinutes: number
  sampleSeconds: number
  seed: number
  /** SOAK_MIX, when the run played only some products. */
  mix?: string
  /** Bets that ended within the run, and every call that failed. */
  bets: number
  failed: number
  depositsPaid: number
  withdrawals: number
  socketEvents: number
  byKind: Record<string, SoakKind>
  perMinute: SoakMinute[]
  windows: SoakWindow[]
  samples: SoakSample[]
  rssSlope: Slope
  heapSlope: Slope
  throughput: {
    firstBetsPerSecond: number
    lastBetsPerSecond: number
    ratio: number
    /** The noise of a 10-second slice's bets/s around its window's own trend line. */
    sliceNoiseBetsPerSecond: number
    /** |ratio - 1| within this is steady: twice the noise of a difference of two windows, over the first. */
    ratioBound: number
  }
  memoryLevelsOff: boolean
  throughputSteady: boolean
  verdict: string
  clientCpuCores: number
}

const MiB = 1024 * 1024
const STAKE = '0.10'

/** What a player does next, and how often (weights out of their sum; SOAK_MIX replaces them). */
const ACTIONS = [
  ['dice', 24],
  ['limbo', 20],
  ['mines', 12],
  ['double', 8],
  ['sport', 5],
  ['parlay', 2],
  ['slot', 24],
  ['deposit', 0.4],
  ['withdraw', 0.2],
] as const
type Action = (typeof ACTIONS)[number][0]

/** The weights: ACTIONS', or those SOAK_MIX names (e.g. `dice=1,slot=1`: only those two, half each). */
function mixOf(text: string | undefined): [Action, number][] {
  if (!text) return ACTIONS.map(([name, w]) => [name, w])
  return text.split(',').map((part) => {
    const [name, weight] = part.split('=').map((x) => x.trim())
    const action = ACTIONS.find(([a]) => a === name)?.[0]
    const w = Number(weight)
    if (!action || !(w > 0)) throw new Error(`SOAK_MIX must read like dice=24,slot=24 (of ${ACTIONS.map(([a]) => a).join(', ')}), not "${part}"`)
    return [action, w]
  })
}

/** Least squares of y on x (x in hours); the slope, its standard error and the residuals' scatter. */
function leastSquares(xs: number[], ys: number[]): { slope: number; se: number; residualSd: number } {
  const n = xs.length
  if (n < 3) return { slope: NaN, se: NaN, residualSd: NaN }
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - mx) ** 2
    sxy += (xs[i]! - mx) * (ys[i]! - my)
  }
  const slope = sxy / sxx
  const sse = ys.reduce((s, y, i) => s + (y - my - slope * (xs[i]! - mx)) ** 2, 0)
  const residualSd = Math.sqrt(sse / (n - 2))
  return { slope, se: residualSd / Math.sqrt(sxx), residualSd }
}

/** Bytes under a folder (PGlite's data files). */
function folderBytes(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    total += entry.isDirectory() ? folderBytes(p) : fs.statSync(p).size
  }
  return total
}

/** The unlabelled gauges of a Prometheus text page, by name. */
function gauges(text: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*) (\S+)$/.exec(line)
    if (m) out.set(m[1]!, Number(m[2]))
  }
  return out
}

const [specPath, outPath] = process.argv.slice(2)
if (!specPath || !outPath) throw new Error('usage: soak.ts <spec.json> <out.json>')
const spec = JSON.parse(fs.readFileSync(specPath, 'utf8')) as SoakSpec
const mix = mixOf(spec.mix)
const totalWeight = mix.reduce((s, [, w]) => s + w, 0)
function choose(rand: () => number): Action {
  let x = rand() * totalWeight
  for (const [name, w] of mix) if ((x -= w) < 0) return name
  return mix[0]![0]
}
const pool = new Pool(spec.origin, { connections: spec.players + 8, keepAliveTimeout: 60_000 })
const tag = randomBytes(4).toString('hex')
let keyCounter = 0
const key = () => `soak-${tag}-${keyCounter++}`

// The database's size, and the server's figures from its /metrics.
const pgClient = spec.database.kind === 'postgres' ? new pg.Client({ connectionString: spec.database.url }) : null
await pgClient?.connect()
async function databaseBytes(): Promise<number> {
  if (spec.database.kind === 'pglite') return folderBytes(path.join(spec.database.dir, 'pglite'))
  const r = await pgClient!.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size')
  return Number(r.rows[0]!.size)
}
async function readMetrics(): Promise<Map<string, number>> {
  const res = await pool.request({ method: 'GET', path: '/metrics', headers: { authorization: `Bearer ${spec.metricsToken}` } })
  const text = await res.body.text()
  if (res.statusCode !== 200) throw new Error(`GET /metrics: HTTP ${res.statusCode} ${text.slice(0, 200)}`)
  return gauges(text)
}
// Checked before the players are made: a run without the server's figures measures nothing.
await readMetrics()

// The players: a test account each (its session, its socket, its game session at PG), and the cashier accounts.
const setup0 = performance.now()
const tokens = await appPlayers(pool, spec.players, `soak${tag}`)
const games = await mapLimit(tokens, 4, (token) => launchDemoGame(pool, token, spec.providerSecret))
let socketEvents = 0
const sockets: Socket[] = await mapLimit(tokens, 8, async (token) => {
  const socket = connect(spec.origin, { path: SOCKET_PATH, transports: ['websocket'], query: { token }, reconnection: true, forceNew: true })
  socket.onAny(() => socketEvents++)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
})
interface Cashier {
  token: string
  cpf: string
  /** Cash this run put in and has not taken out (a withdrawal only when R$ 30 is there). */
  cash: number
  busy: boolean
}
const cashiers: Cashier[] = await mapLimit(
  Array.from({ length: Math.max(1, Math.ceil(spec.players / 10)) }, (_, i) => i),
  4,
  async (i) => {
    const token = await register(pool, `soak-${tag}-cashier-${i}@example.com`)
    const cpf = generateCpf()
    await ok(call(pool, 'POST', '/api/app/user/updateKyc', { name: 'Soak Cashier', cardNo: cpf }, { authorization: token }), 'updateKyc')
    return { token, cpf, cash: 0, busy: false }
  },
)
const prices = await ok(call<{ pkgId: number; price: number; curreny: string }[]>(pool, 'GET', '/api/app/order/getPrices', undefined, { authorization: cashiers[0]!.token }), 'getPrices')
const pkg = prices.find((p) => p.curreny === 'BRL' && p.price === 100)
if (!pkg) throw new Error('no R$ 100 deposit package')
// Matches that kick off well after the run: a market closing at kick-off would refuse bets for a reason the soak does not measure.
const picks: Pick[] = await homePicks(pool, 8, (spec.minutes + 15) * 60_000)
if (picks.length < 2) throw new Error('fewer than two upcoming football matches: no parlay')
process.stderr.write(`soak: ${spec.players} players, ${cashiers.length} cashier accounts, ${picks.length} matches ready in ${((performance.now() - setup0) / 1000).toFixed(1)} s\n`)

// The run's tallies: per minute, per window, per kind.
const runMs = spec.minutes * 60_000
const windows = Math.max(1, Math.floor(spec.minutes / spec.windowMinutes))
const minuteBets = new Array<number>(spec.minutes).fill(0)
const minuteCalls = new Array<number>(spec.minutes).fill(0)
const minuteFailed = new Array<number>(spec.minutes).fill(0)
/** Bets per 10-second slice: the throughput's noise is measured between them. */
const SLICE_MS = 10_000
const sliceBets = new Array<number>(runMs / SLICE_MS).fill(0)
const windowLatencies: number[][] = Array.from({ length: windows }, () => [])
const windowFailed = new Array<number>(windows).fill(0)
const kinds = new Map<Action, { actions: number; calls: number; failed: number; latencies: number[]; firstFailure?: string }>(ACTIONS.map(([a]) => [a, { actions: 0, calls: 0, failed: 0, latencies: [] }]))
let depositsPaid = 0
let withdrawals = 0
let cashierTurn = 0
/** The first free cashier account from the one after the last taken. */
function nextCashier(): Cashier | undefined {
  for (let i = 0; i < cashiers.length; i++) {
    const c = cashiers[(cashierTurn + i) % cashiers.length]!
    if (c.busy) continue
    cashierTurn = (cashierTurn + i + 1) % cashiers.length
    return c
  }
  return undefined
}
let start = 0

/** Files one HTTP call's latency and outcome under the minute and window it ended in. */
function note(kind: Action, t0: number, failure: string | null): void {
  const t1 = performance.now()
  const at = t1 - start
  const k = kinds.get(kind)!
  k.calls++
  k.latencies.push(t1 - t0)
  if (failure !== null) {
    k.failed++
    k.firstFailure ??= failure.slice(0, 300)
  }
  if (at < 0 || at >= runMs) return
  const minute = Math.floor(at / 60_000)
  const win = Math.floor(minute / spec.windowMinutes)
  minuteCalls[minute]!++
  if (failure !== null) minuteFailed[minute]!++
  if (win < windows) {
    windowLatencies[win]!.push(t1 - t0)
    if (failure !== null) windowFailed[win]!++
  }
}

/** One app call, timed and noted; its data, or null when it failed. */
async function timed<T>(kind: Action, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<T | null> {
  const headers: Record<string, string> = { ...(token ? { authorization: token } : {}), ...(method === 'POST' ? { 'idempotency-key': key() } : {}) }
  const t0 = performance.now()
  let reply: { http: number; envelope: Envelope<T> }
  try {
    reply = await call<T>(pool, method, url, body, headers)
  } catch (err) {
    note(kind, t0, String(err))
    return null
  }
  const failed = reply.http !== 200 || reply.envelope.status !== 200
  note(kind, t0, failed ? `HTTP ${reply.http} ${JSON.stringify(reply.envelope).slice(0, 200)}` : null)
  return failed ? null : reply.envelope.data
}

// Double's open round, read at most once a second for all players.
interface RoundState {
  roundId: string
  phase: string
  bettingEndsAt: number
}
let roundState: { at: number; state: Promise<RoundState | null> } = { at: 0, state: Promise.resolve(null) }
function doubleState(): Promise<RoundState | null> {
  if (performance.now() - roundState.at > 1000) {
    roundState = { at: performance.now(), state: timed<RoundState | null>('double', 'GET', '/api/app/casino/double/state', null) }
  }
  return roundState.state
}

interface SoakPlayer {
  token: string
  game: Player
  rand: () => number
  lastRound: string | null
}

/** One action; true when it was a bet. */
async function act(p: SoakPlayer, action: Action): Promise<boolean> {
  const amount = STAKE
  switch (action) {
    case 'dice':
      return (await timed('dice', 'POST', '/api/app/casino/dice/bet', p.token, { amount, target: '50.50', condition: p.rand() < 0.5 ? 'under' : 'over' })) !== null
    case 'limbo':
      return (await timed('limbo', 'POST', '/api/app/casino/limbo/bet', p.token, { amount, target: '2.00' })) !== null
    case 'mines': {
      const started = await timed<{ state: string }>('mines', 'POST', '/api/app/casino/mines/start', p.token, { amount, mines: 3 })
      if (!started) return false
      const revealed = await timed<{ state: string }>('mines', 'POST', '/api/app/casino/mines/reveal', p.token, { tile: Math.floor(p.rand() * 25) })
      if (revealed?.state === 'active') await timed('mines', 'POST', '/api/app/casino/mines/cashout', p.token, {})
      else if (!revealed) await timed('mines', 'POST', '/api/app/casino/mines/cashout', p.token, {})
      return true
    }
    case 'double': {
      const state = await doubleState()
      // Betting open for at least another 2 s (a call's p99 under load), and not yet bet on this round: else a dice bet.
      if (!state || state.phase !== 'betting' || state.bettingEndsAt - Date.now() < 2000 || p.lastRound === state.roundId) return act(p, 'dice')
      p.lastRound = state.roundId
      const choice = p.rand() < 0.1 ? 'white' : p.rand() < 0.5 ? 'red' : 'black'
      return (await timed('double', 'POST', '/api/app/casino/double/bet', p.token, { roundId: state.roundId, choice, amount })) !== null
    }
    case 'sport': {
      const pick = picks[Math.floor(p.rand() * picks.length)]!
      return (await timed('sport', 'POST', '/api/app/sport/bet', p.token, { type: 'single', amount, selections: [pick], acceptOdds: 'any' })) !== null
    }
    case 'parlay': {
      const first = Math.floor(p.rand() * picks.length)
      const second = (first + 1 + Math.floor(p.rand() * (picks.length - 1))) % picks.length
      return (await timed('parlay', 'POST', '/api/app/sport/bet', p.token, { type: 'parlay', amount, selections: [picks[first], picks[second]], acceptOdds: 'any' })) !== null
    }
    case 'slot': {
      const t0 = performance.now()
      const failure = await walletRound(pool, p.game, newTally())
      note('slot', t0, failure)
      return failure === null
    }
    case 'deposit':
    case 'withdraw': {
      // The next free account in turn: taking the first free one gave one account most of the
      // withdrawals, and it ran out of its day's WITHDRAW_PER_DAY (1000) at minute 24 of 30.
      const c = nextCashier()
      if (!c) return act(p, 'dice')
      c.busy = true
      try {
        if (action === 'withdraw' && c.cash >= 30) {
          const body = { payCardBank: 'CPF', payCardNo: c.cpf, name: 'Soak Cashier', amount: '30', whatsapp: '' }
          if (await timed('withdraw', 'POST', '/api/app/order/withdraw', c.token, body)) {
            c.cash -= 30
            withdrawals++
          }
          return false
        }
        const order = await timed<{ payNo: string }>('deposit', 'POST', `/api/app/order/prePay/${pkg!.pkgId}`, c.token, { gift: 0, pkgId: pkg!.pkgId, isapp: 0 })
        if (!order) return false
        // The PSP emulator's bank pays: its webhook, confirmed with GET /v2/pix, credits the order.
        const t0 = performance.now()
        try {
          const res = await pool.request({ method: 'POST', path: `${SANDBOX_PAGE_PREFIX}/${order.payNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
          const text = await res.body.text()
          note('deposit', t0, res.statusCode === 303 ? null : `bank payment: HTTP ${res.statusCode} ${text.slice(0, 200)}`)
          if (res.statusCode === 303) {
            c.cash += 100
            depositsPaid++
          }
        } catch (err) {
          note('deposit', t0, String(err))
        }
        return false
      } finally {
        c.busy = false
      }
    }
  }
}

const players: SoakPlayer[] = tokens.map((token, i) => ({ token, game: games[i]!, rand: seededRandom(spec.seed * 1000 + i), lastRound: null }))

// The server's figures every sampleSeconds, the first at the start.
const samples: SoakSample[] = []
const cpuMarks: { minute: number; ms: number; server: number | null; machine: number | null }[] = []
const cpuMark = (minute: number) => cpuMarks.push({ minute, ms: performance.now(), server: processCpuMs(spec.pid), machine: machineBusyMs() })
async function sample(): Promise<void> {
  const at = (performance.now() - start) / 60_000
  try {
    const [m, db] = await Promise.all([readMetrics(), databaseBytes()])
    const get = (name: string) => m.get(name) ?? NaN
    samples.push({
      atMinutes: round(at, 3),
      rssMiB: round(get('process_resident_memory_bytes') / MiB, 2),
      heapUsedMiB: round(get('nodejs_heap_size_used_bytes') / MiB, 2),
      heapTotalMiB: round(get('nodejs_heap_size_total_bytes') / MiB, 2),
      externalMiB: round(get('nodejs_external_memory_bytes') / MiB, 2),
      handles: get('nodejs_active_handles_total'),
      sockets: m.has('socket_connections') ? get('socket_connections') : null,
      eventLoopLagMs: round(get('nodejs_eventloop_lag_p99_seconds') * 1000, 2),
      dbMiB: round(db / MiB, 2),
    })
  } catch (err) {
    process.stderr.write(`soak: a sample failed: ${String(err)}\n`)
  }
}

const cpu0 = process.cpuUsage()
start = performance.now()
const end = start + runMs
await sample()
cpuMark(0)
let lastMinuteLogged = 0
const sampler = setInterval(() => {
  void sample()
  const minute = Math.floor((performance.now() - start) / 60_000)
  if (minute > lastMinuteLogged && minute <= spec.minutes) {
    cpuMark(minute)
    const s = samples.at(-1)
    process.stderr.write(
      `soak: minute ${minute}: ${round(minuteBets[minute - 1]! / 60)} bets/s, ${minuteFailed[minute - 1]} failed, RSS ${s?.rssMiB} MiB, heap ${s?.heapUsedMiB} MiB, handles ${s?.handles}, database ${s?.dbMiB} MiB\n`,
    )
    lastMinuteLogged = minute
  }
}, spec.sampleSeconds * 1000)

await Promise.all(
  players.map(async (p) => {
    while (performance.now() < end) {
      const action = choose(p.rand)
      kinds.get(action)!.actions++
      const bet = await act(p, action)
      const at = performance.now() - start
      if (bet && at < runMs) {
        minuteBets[Math.floor(at / 60_000)]!++
        sliceBets[Math.floor(at / SLICE_MS)]!++
      }
    }
  }),
)
clearInterval(sampler)
await sample()
if (lastMinuteLogged < spec.minutes) cpuMark(spec.minutes)
const clientCpuMs = process.cpuUsage(cpu0)
for (const s of sockets) s.disconnect()
await pgClient?.end()
await pool.close()

// Per minute: bets/s, and the sample at the minute's end.
const sampleAt = (minute: number) => samples.filter((s) => s.atMinutes <= minute + 0.01).at(-1) ?? samples[0]!
/** Cores busy between two marks (the marks fall within a sample's period of the minutes' ends). */
const cores = (from: (typeof cpuMarks)[number] | undefined, to: (typeof cpuMarks)[number] | undefined, which: 'server' | 'machine') => {
  const a = from?.[which]
  const b = to?.[which]
  return a === null || a === undefined || b === null || b === undefined ? null : round((b - a) / (to!.ms - from!.ms), 2)
}
const perMinute: SoakMinute[] = minuteBets.map((bets, m) => {
  const s = sampleAt(m + 1)
  const from = cpuMarks.find((c) => c.minute === m)
  const to = cpuMarks.find((c) => c.minute === m + 1)
  return {
    minute: m + 1,
    betsPerSecond: round(bets / 60),
    calls: minuteCalls[m]!,
    failed: minuteFailed[m]!,
    rssMiB: s.rssMiB,
    heapUsedMiB: s.heapUsedMiB,
    handles: s.handles,
    eventLoopLagMs: s.eventLoopLagMs,
    dbMiB: s.dbMiB,
    serverCpuCores: cores(from, to, 'server'),
    machineCpuCores: cores(from, to, 'machine'),
  }
})
/** The server's CPU ms per bet between two minutes' marks. */
function cpuPerBet(fromMinute: number, toMinute: number, bets: number): number | null {
  const a = cpuMarks.find((c) => c.minute === fromMinute)?.server
  const b = cpuMarks.find((c) => c.minute === toMinute)?.server
  return a === null || a === undefined || b === null || b === undefined || bets === 0 ? null : round((b - a) / bets, 2)
}
const windowRows: SoakWindow[] = windowLatencies.map((lat, w) => {
  const from = w * spec.windowMinutes
  const bets = minuteBets.slice(from, from + spec.windowMinutes).reduce((a, b) => a + b, 0)
  return {
    fromMinute: from,
    toMinute: from + spec.windowMinutes,
    betsPerSecond: round(bets / (spec.windowMinutes * 60)),
    calls: lat.length,
    p50Ms: round(quantile(lat, 0.5), 1),
    p99Ms: round(quantile(lat, 0.99), 1),
    failed: windowFailed[w]!,
    serverCpuMsPerBet: cpuPerBet(from, from + spec.windowMinutes, bets),
  }
})

/**
 * The verdict and its bounds.
 * Memory: a heap reading is a point on GC's sawtooth, so readings scatter around any trend by the
 * residuals' standard deviation s. A slope whose rise over the post-warm-up span T is within 2 s
 * (|slope| <= 2 s / T) cannot be told from where on the sawtooth the first and last readings fell:
 * the heap levels off. The bound shrinks as the run lengthens, so a longer soak catches slower leaks.
 * Throughput: the noise is measured between the 10-second slices of each window, around that
 * window's own least-squares line (pooled: sd = sqrt(sum of squared residuals / sum of (n - 2))),
 * so that a trend across the run is not taken for noise (successive minutes' differences were: a
 * 3-minute run falling 188, 97, 63 bets/s came out "steady"). A window of k slices has a mean of
 * sd / sqrt(k), and the difference of two windows sqrt(2) times that. The last window is steady
 * when it is within twice that of the first: |last / first - 1| <= 2 sqrt(2) sd / sqrt(k) / first.
 */
function slopeOf(pick: (s: SoakSample) => number): Slope {
  const after = samples.filter((s) => s.atMinutes >= spec.warmupMinutes && Number.isFinite(pick(s)))
  const fit = leastSquares(
    after.map((s) => s.atMinutes / 60),
    after.map(pick),
  )
  const spanHours = after.length ? (after.at(-1)!.atMinutes - after[0]!.atMinutes) / 60 : NaN
  return { miBPerHour: round(fit.slope, 2), standardErrorMiBPerHour: round(fit.se, 2), residualSdMiB: round(fit.residualSd, 2), boundMiBPerHour: round((2 * fit.residualSd) / spanHours, 2) }
}
const rssSlope = slopeOf((s) => s.rssMiB)
const heapSlope = slopeOf((s) => s.heapUsedMiB)
const slicesPerWindow = (spec.windowMinutes * 60_000) / SLICE_MS
let squares = 0
let freedom = 0
for (let w = 0; w < windows; w++) {
  const rates = sliceBets.slice(w * slicesPerWindow, (w + 1) * slicesPerWindow).map((n) => n / (SLICE_MS / 1000))
  const fit = leastSquares(
    rates.map((_, i) => i),
    rates,
  )
  squares += fit.residualSd ** 2 * (rates.length - 2)
  freedom += rates.length - 2
}
const sliceNoise = Math.sqrt(squares / freedom)
const first = windowRows[0]!.betsPerSecond
const last = windowRows.at(-1)!.betsPerSecond
const ratioBound = (2 * Math.SQRT2 * sliceNoise) / Math.sqrt(slicesPerWindow) / first
const ratio = last / first
const memoryLevelsOff = heapSlope.miBPerHour <= heapSlope.boundMiBPerHour
const throughputSteady = Math.abs(ratio - 1) <= ratioBound
const verdict = [
  memoryLevelsOff
    ? `memory levels off: heap ${heapSlope.miBPerHour} MiB/h after the ${spec.warmupMinutes}-minute warm-up, within ${heapSlope.boundMiBPerHour} MiB/h (a rise under twice the readings' scatter of ${heapSlope.residualSdMiB} MiB)`
    : `memory grows: heap ${heapSlope.miBPerHour} MiB/h after the ${spec.warmupMinutes}-minute warm-up, beyond ${heapSlope.boundMiBPerHour} MiB/h (twice the readings' scatter of ${heapSlope.residualSdMiB} MiB over the run)`,
  `RSS ${rssSlope.miBPerHour} MiB/h`,
  throughputSteady
    ? `steady: the last window's ${last} bets/s is ${round(ratio, 3)}x the first's ${first}, within 1 +- ${round(ratioBound, 3)} (the windows' noise)`
    : `not steady: the last window's ${last} bets/s is ${round(ratio, 3)}x the first's ${first}, beyond 1 +- ${round(ratioBound, 3)} (the windows' noise)`,
  `the server's CPU per bet ${windowRows[0]!.serverCpuMsPerBet} ms in the first window, ${windowRows.at(-1)!.serverCpuMsPerBet} ms in the last`,
].join('; ')

const failed = [...kinds.values()].reduce((s, k) => s + k.failed, 0)
const result: SoakResult = {
  players: spec.players,
  cashiers: cashiers.length,
  minutes: spec.minutes,
  windowMinutes: spec.windowMinutes,
  warmupMinutes: spec.warmupMinutes,
  sampleSeconds: spec.sampleSeconds,
  seed: spec.seed,
  ...(spec.mix ? { mix: spec.mix } : {}),
  bets: minuteBets.reduce((a, b) => a + b, 0),
  failed,
  depositsPaid,
  withdrawals,
  socketEvents,
  byKind: Object.fromEntries(
    [...kinds].map(([name, k]) => [name, { actions: k.actions, calls: k.calls, failed: k.failed, p99Ms: round(quantile(k.latencies, 0.99), 1), ...(k.firstFailure ? { firstFailure: k.firstFailure } : {}) }]),
  ),
  perMinute,
  windows: windowRows,
  samples,
  rssSlope,
  heapSlope,
  throughput: { firstBetsPerSecond: first, lastBetsPerSecond: last, ratio: round(ratio, 3), sliceNoiseBetsPerSecond: round(sliceNoise, 2), ratioBound: round(ratioBound, 3) },
  memoryLevelsOff,
  throughputSteady,
  verdict,
  clientCpuCores: round((clientCpuMs.user + clientCpuMs.system) / 1000 / runMs, 3),
}
process.stderr.write(`soak: ${verdict}\n`)
fs.writeFileSync(outPath, JSON.stringify(result, null, 2))
// The socket.io clients may keep a timer alive.
process.exit(0)
