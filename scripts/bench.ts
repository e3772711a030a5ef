/**
 * `npm run bench`: every figure of the app, each measured from outside the process under test
 * and beside a baseline measured in the same run, into bench/results.json and bench/results.md.
 * See docs/bench.md for what each figure means.
 *
 * Parts (all by default; `npm run bench -- --only=bets,figures` or BENCH_ONLY=bets for some):
 *  - bets: the app (as `npm start` runs it) and the bare baseline (scripts/bench/bareServer.ts),
 *    each its own process on a fresh database, driven by one load-client process
 *    (scripts/bench/loadClient.ts) at 1, 4, 16 and 50 players;
 *  - figures: login, userInfo, transfer and deposit-to-socket against a fresh app process
 *    (scripts/bench/appFigures.ts);
 *  - ledger: ledger postings per second straight on the database (scripts/bench/ledger.ts);
 *  - client: scripts/bench-client.ts (frames, first-load JS, Lighthouse), read from bench/client.json;
 *  - soak (only when asked: `npm run bench -- --only=soak`): BENCH_PLAYERS players (50) on every
 *    product against one app process for SOAK_MINUTES (30), its RSS, heap, handles (its own
 *    GET /metrics, METRICS_TOKEN set) and the database's size read every SOAK_SAMPLE_SECONDS (10):
 *    bets/s each minute, p99 per SOAK_WINDOW_MINUTES window (5; 1 under 15 minutes), the memory
 *    slopes after SOAK_WARMUP_MINUTES (one window) and the last window's throughput over the
 *    first's, with a verdict against the run's own noise (scripts/bench/soak.ts, docs/operations.md).
 *    On PGlite, or PostgreSQL with `--db=postgres` and DATABASE_URL; SOAK_MIX=dice=1,slot=1 plays only some products.
 * Each runs on PGlite, and again on PostgreSQL when DATABASE_URL is set (a fresh database made
 * there for every process, dropped after); `--db=pglite` or `--db=postgres` keeps one.
 * A partial run replaces only its own parts in bench/results.json; the others are kept.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { request } from 'undici'
import type { AppFigures } from './bench/appFigures'
import { ANSWER, freePort, round } from './bench/lib'
import type { FanoutSpec, FanoutWindow } from './bench/fanout'
import type { WatchersResult } from './bench/sportWatchers'
import type { BetWindow, LoadSpec } from './bench/loadClient'
import type { SoakResult, SoakSpec } from './bench/soak'
import { flatten, table, type BetsResult, type ClientResult, type FanoutResult, type LedgerResult, type DatabaseLabel, type Results, type Section } from './bench/report'

const root = path.resolve(import.meta.dirname, '..')
const benchDir = path.join(root, 'bench')
const PARTS = ['bets', 'figures', 'ledger', 'fanout', 'watchers', 'client', 'soak'] as const
type Part = (typeof PARTS)[number]
/** The soak's half hour runs only when asked for. */
const DEFAULT_PARTS = PARTS.filter((p) => p !== 'soak')

function argValue(name: string): string | undefined {
  const prefix = `--${name}=`
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length)
}
function listEnv(raw: string | undefined, allowed: readonly string[], what: string): string[] | null {
  if (!raw) return null
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean)
  const bad = list.find((p) => !allowed.includes(p))
  if (bad) throw new Error(`${what}: "${bad}" is not one of ${allowed.join(', ')}`)
  return list
}
const parts = new Set((listEnv(argValue('only') ?? process.env.BENCH_ONLY, PARTS, '--only') ?? DEFAULT_PARTS) as Part[])
const seconds = (name: string, fallback: number) => Number(process.env[name] || fallback) * 1000
const spec: Omit<LoadSpec, 'targets'> = {
  players: (process.env.BENCH_PLAYERS || '1,4,16,50').split(',').map(Number),
  windowMs: seconds('BENCH_WINDOW_SECONDS', 10),
  warmupMs: seconds('BENCH_WARMUP_SECONDS', 2),
  slices: Number(process.env.BENCH_SLICES || 1),
}
if (spec.players.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('BENCH_PLAYERS must list whole numbers, e.g. 1,4,16,50')
if (!Number.isInteger(spec.slices) || spec.slices! < 1) throw new Error('BENCH_SLICES must be a whole number, 1 or more')

interface Database {
  label: DatabaseLabel
  /** A fresh, empty place for one process: its env (DATA_DIR or DATABASE_URL) and how to remove it. */
  fresh(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>
}

const temps: string[] = []
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aposta-bench-${name}-`))
  temps.push(dir)
  return dir
}

const pglite: Database = {
  label: 'PGlite',
  async fresh() {
    const dir = tempDir('db')
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) }
  },
}

function postgres(adminUrl: string): Database {
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try {
      return await fn(c)
    } finally {
      await c.end()
    }
  }
  return {
    label: 'PostgreSQL',
    async fresh() {
      const name = `bench_${process.pid}_${randomBytes(4).toString('hex')}`
      await admin((c) => c.query(`CREATE DATABASE ${name}`))
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      // The app still writes its mail outbox under DATA_DIR.
      const dir = tempDir('pgdata')
      return {
        env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
        drop: async () => {
          await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
          fs.rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  }
}

const databases: Database[] = [pglite]
if (process.env.DATABASE_URL) databases.push(postgres(process.env.DATABASE_URL))
const onlyDb = argValue('db')
if (onlyDb && !['pglite', 'postgres'].includes(onlyDb)) throw new Error('--db must be pglite or postgres')
const chosen = databases.filter((d) => !onlyDb || d.label.toLowerCase().startsWith(onlyDb))
if (onlyDb === 'postgres' && chosen.length === 0) throw new Error('--db=postgres needs DATABASE_URL')

/** The environment of every process the bench starts: the caller's, less its database choice. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  return env
}

const BENCH_PROVIDER_SECRET = randomBytes(24).toString('hex')

/** Settings of the app under test, beyond what `npm start` has; why each is in docs/bench.md. */
const APP_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  SKIP_CLIENT_BUILD: '1',
  CAPTCHA_FIXED_ANSWER: ANSWER,
  LOG: '0',
  // Every virtual player comes from 127.0.0.1: its sign-up, test account and captchas count
  // against per-address limits (100, 60 and 600 an hour by default) that a larger BENCH_PLAYERS passes.
  RATE_LIMIT_REGISTER_IP: '10000/1h',
  RATE_LIMIT_TEST_ACCOUNT_IP: '10000/1h',
  RATE_LIMIT_CAPTCHA_IP: '100000/1h',
  // The fan-out's sockets (BENCH_SOCKETS, 2,000) are one player's, from 127.0.0.1.
  SOCKETS_PER_PLAYER: '100000',
  SOCKETS_PER_ADDRESS: '100000',
  // The retention job's first run, within 30 s of start, would land in a measured window.
  RETENTION_INTERVAL_MINUTES: '0',
  // No sandbox payout timer running beside the measure.
  PAYOUT_SANDBOX_SETTLE_SECONDS: 'off',
  // The shared rounds' hash chains are made at first start (three of 1,000,000 links, about 15 s of
  // two cores): short ones here, so their making does not land in a measured window.
  ROUND_CHAIN_LENGTH: '20000',
  ROUND_SALT_WAIT_SECONDS: '0',
  // The game provider's wallet secret, so the load client can sign its calls as the provider does.
  PROVIDER_SECRETS: `PG=${BENCH_PROVIDER_SECRET}`,
  // PG from the demo provider directly (HMAC-signed wallet calls), BG through Hub88's emulator (RSA): the two signatures side by side.
  GAME_PROVIDERS: 'PG=demo,BG=hub88',
}
/** The figures' app also lifts the transfer limits: 500 transfers are measured, not the daily caps. */
const FIGURES_ENV: Record<string, string> = { TRANSFER_COUNT_PER_DAY: '1000000', TRANSFER_MAX_PER_DAY: '100000000', DEPOSIT_TURNOVER: '0' }

interface Running {
  origin: string
  pid: number
  stop(): Promise<void>
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())))

/** Starts a server process and waits until it answers HTTP; its output goes to a log file, shown if it fails. */
async function startServer(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort()
  const logFile = path.join(tempDir('log'), `${name}.log`)
  const log = fs.openSync(logFile, 'w')
  // BENCH_CPU_PROF=dir: every server process writes V8 CPU profiles (one per thread, the largest is
  // the main thread's) under dir/<name> when it stops; DevTools' Performance panel opens them.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF, name)}`] : []
  const child = spawn(process.execPath, [...profile, ...args], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  const origin = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited(child)
    clearTimeout(timer)
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before answering:\n${fs.readFileSync(logFile, 'utf8')}`)
    try {
      const res = await request(`${origin}/api/app/main/appInfo`)
      await res.body.dump()
      break
    } catch {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`${name} did not answer within 180 s:\n${fs.readFileSync(logFile, 'utf8')}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  return { origin, pid: child.pid!, stop }
}

const tsx = (script: string) => ['--import', 'tsx/esm', path.join(root, script)]

/** Runs a bench script to its end in its own process; answers the JSON it wrote. */
async function runScript<T>(script: string, args: string[], env: NodeJS.ProcessEnv = baseEnv()): Promise<T> {
  const out = path.join(tempDir('out'), 'out.json')
  const child = spawn(process.execPath, [...tsx(script), ...args, out], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  await exited(child)
  if (child.exitCode !== 0) throw new Error(`${script} failed (exit ${child.exitCode ?? child.signalCode})`)
  return JSON.parse(fs.readFileSync(out, 'utf8')) as T
}

async function benchBets(db: Database): Promise<BetsResult> {
  const appDb = await db.fresh()
  const bareDb = await db.fresh()
  const app = await startServer('app', [path.join(root, 'scripts/start.mjs')], { ...baseEnv(), ...APP_ENV, ...appDb.env })
  let bare: Running | null = null
  try {
    bare = await startServer('bare', tsx('scripts/bench/bareServer.ts'), { ...baseEnv(), ...bareDb.env })
    const specFile = path.join(tempDir('spec'), 'spec.json')
    const load: LoadSpec = {
      ...spec,
      targets: [
        { name: 'app', origin: app.origin, kind: 'app', pid: app.pid },
        { name: 'bare', origin: bare.origin, kind: 'bare', pid: bare.pid },
        { name: 'appSport', origin: app.origin, kind: 'appSport', pid: app.pid },
        { name: 'appWallet', origin: app.origin, kind: 'appWallet', pid: app.pid, providerSecret: BENCH_PROVIDER_SECRET },
        { name: 'appLimited', origin: app.origin, kind: 'appLimited', pid: app.pid },
        // Hub88's key pair is made by the app at its start, in its data directory (providers/hub88/keys.ts).
        { name: 'appHub88', origin: app.origin, kind: 'appHub88', pid: app.pid, hub88KeyFile: path.join(appDb.env.DATA_DIR!, 'hub88-keys.json') },
      ],
    }
    fs.writeFileSync(specFile, JSON.stringify(load))
    const { windows } = await runScript<{ windows: BetWindow[] }>('scripts/bench/loadClient.ts', [specFile])
    return {
      rows: spec.players.map((players) => {
        const appW = windows.find((w) => w.target === 'app' && w.players === players)!
        const bareW = windows.find((w) => w.target === 'bare' && w.players === players)!
        const sportW = windows.find((w) => w.target === 'appSport' && w.players === players)!
        const walletW = windows.find((w) => w.target === 'appWallet' && w.players === players)!
        const limitedW = windows.find((w) => w.target === 'appLimited' && w.players === players)!
        const hub88W = windows.find((w) => w.target === 'appHub88' && w.players === players)!
        return {
          players,
          app: appW,
          bare: bareW,
          ratio: round(appW.betsPerSecond / bareW.betsPerSecond, 3),
          sport: sportW,
          sportRatio: round(sportW.betsPerSecond / bareW.betsPerSecond, 3),
          wallet: walletW,
          walletRatio: round(walletW.betsPerSecond / bareW.betsPerSecond, 3),
          limited: limitedW,
          limitedRatio: round(limitedW.betsPerSecond / bareW.betsPerSecond, 3),
          hub88: hub88W,
          // Hub88's signed pairs (RSA-SHA256: its signature checked, ours on each answer) over the HMAC-signed ones.
          hub88Ratio: round(hub88W.betsPerSecond / walletW.betsPerSecond, 3),
        }
      }),
    }
  } finally {
    await app.stop()
    await bare?.stop()
    await appDb.drop()
    await bareDb.drop()
  }
}

async function benchFigures(db: Database): Promise<AppFigures> {
  const appDb = await db.fresh()
  const bareDb = await db.fresh()
  const app = await startServer('app', [path.join(root, 'scripts/start.mjs')], { ...baseEnv(), ...APP_ENV, ...FIGURES_ENV, ...appDb.env })
  let bare: Running | null = null
  try {
    bare = await startServer('bare', tsx('scripts/bench/bareServer.ts'), { ...baseEnv(), ...bareDb.env })
    return await runScript<AppFigures>('scripts/bench/appFigures.ts', [app.origin, bare.origin])
  } finally {
    await app.stop()
    await bare?.stop()
    await appDb.drop()
    await bareDb.drop()
  }
}

async function benchLedger(db: Database): Promise<LedgerResult> {
  const place = await db.fresh()
  try {
    return await runScript<LedgerResult>('scripts/bench/ledger.ts', [], { ...baseEnv(), ...place.env })
  } finally {
    await place.drop()
  }
}

/** Socket fan-out: the app (its Double rounds every 4 s here) and the bare socket.io server, one after the other. */
async function benchFanout(): Promise<FanoutResult> {
  const appDb = await databases[0]!.fresh()
  const app = await startServer('app', [path.join(root, 'scripts/start.mjs')], {
    ...baseEnv(),
    ...APP_ENV,
    ...appDb.env,
    ROUND_TIMINGS: 'double=2/1/1',
  })
  let bare: Running | null = null
  try {
    bare = await startServer('bare', tsx('scripts/bench/bareSocket.ts'), { ...baseEnv(), BARE_EVERY_MS: '4000' })
    const fanoutSpec: FanoutSpec = {
      targets: [
        { name: 'app', origin: app.origin, pid: app.pid },
        { name: 'bare', origin: bare.origin, pid: bare.pid },
      ],
      sockets: Number(process.env.BENCH_SOCKETS || 2000),
      rounds: Number(process.env.BENCH_FANOUT_ROUNDS || 5),
    }
    const specFile = path.join(tempDir('fanout'), 'spec.json')
    fs.writeFileSync(specFile, JSON.stringify(fanoutSpec))
    const out = await runScript<{ windows: FanoutWindow[] }>('scripts/bench/fanout.ts', [specFile])
    return { sockets: fanoutSpec.sockets, windows: out.windows }
  } finally {
    await app.stop()
    await bare?.stop()
    await appDb.drop()
  }
}

/** getBalance with no socket, then with BENCH_WATCHERS sockets watching sport matches (scripts/bench/sportWatchers.ts). */
async function benchWatchers(): Promise<WatchersResult> {
  const appDb = await databases[0]!.fresh()
  const app = await startServer('app', [path.join(root, 'scripts/start.mjs')], { ...baseEnv(), ...APP_ENV, ...appDb.env })
  try {
    return await runScript<WatchersResult>('scripts/bench/sportWatchers.ts', [app.origin])
  } finally {
    await app.stop()
    await appDb.drop()
  }
}

/** Settings of the soak's app beyond APP_ENV: the cashier's withdrawals are taken (no turnover, enough a day) and paid by the sandbox within the run, and the retention job runs in it. */
const SOAK_ENV: Record<string, string> = { DEPOSIT_TURNOVER: '0', WITHDRAW_PER_DAY: '1000', PAYOUT_SANDBOX_SETTLE_SECONDS: '30', RETENTION_INTERVAL_MINUTES: '10' }
const soakMinutes = Number(process.env.SOAK_MINUTES || 30)
const soakWindow = Number(process.env.SOAK_WINDOW_MINUTES || (soakMinutes >= 15 ? 5 : 1))
const soakSettings = {
  players: Math.max(...spec.players),
  minutes: soakMinutes,
  windowMinutes: soakWindow,
  warmupMinutes: Number(process.env.SOAK_WARMUP_MINUTES || soakWindow),
  sampleSeconds: Number(process.env.SOAK_SAMPLE_SECONDS || 10),
  seed: Number(process.env.SOAK_SEED || 1),
  ...(process.env.SOAK_MIX ? { mix: process.env.SOAK_MIX } : {}),
}
if (parts.has('soak')) {
  for (const [name, value] of Object.entries({ SOAK_MINUTES: soakSettings.minutes, SOAK_WINDOW_MINUTES: soakSettings.windowMinutes, SOAK_SAMPLE_SECONDS: soakSettings.sampleSeconds })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number, 1 or more`)
  }
  if (soakSettings.minutes < 2 * soakSettings.windowMinutes) throw new Error('SOAK_MINUTES must cover two windows (SOAK_WINDOW_MINUTES) at least: the last is compared with the first')
  if (!(soakSettings.warmupMinutes >= 0 && soakSettings.warmupMinutes < soakSettings.minutes)) throw new Error('SOAK_WARMUP_MINUTES must be shorter than SOAK_MINUTES')
}

/** The soak: one app process with METRICS_TOKEN, driven by scripts/bench/soak.ts for SOAK_MINUTES. */
async function benchSoak(db: Database): Promise<SoakResult> {
  const appDb = await db.fresh()
  const metricsToken = randomBytes(32).toString('hex')
  const app = await startServer('app', [path.join(root, 'scripts/start.mjs')], { ...baseEnv(), ...APP_ENV, ...SOAK_ENV, METRICS_TOKEN: metricsToken, ...appDb.env })
  try {
    const soakSpec: SoakSpec = {
      ...soakSettings,
      origin: app.origin,
      pid: app.pid,
      metricsToken,
      providerSecret: BENCH_PROVIDER_SECRET,
      database: appDb.env.DATABASE_URL ? { kind: 'postgres', url: appDb.env.DATABASE_URL } : { kind: 'pglite', dir: appDb.env.DATA_DIR! },
    }
    const specFile = path.join(tempDir('soak'), 'spec.json')
    fs.writeFileSync(specFile, JSON.stringify(soakSpec))
    return await runScript<SoakResult>('scripts/bench/soak.ts', [specFile])
  } finally {
    await app.stop()
    await appDb.drop()
  }
}

const resultsFile = path.join(benchDir, 'results.json')
const previous: Partial<Results> = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Partial<Results>) : {}
const runStamp = new Date().toISOString()
/** This run's section: started afresh by its first database, added to by the next. */
function newSection<S extends Section<unknown>>(prev: S | undefined, extra: Omit<S, 'measuredAt' | 'byDatabase'> = {} as Omit<S, 'measuredAt' | 'byDatabase'>): S {
  return prev?.measuredAt === runStamp ? prev : ({ ...extra, measuredAt: runStamp, byDatabase: {} } as S)
}
const results: Results = {
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', loadAverage: os.loadavg().map((n) => round(n, 2)) },
  // A partial run (--only) keeps the parts it did not measure.
  ...(previous.bets ? { bets: previous.bets } : {}),
  ...(previous.figures ? { figures: previous.figures } : {}),
  ...(previous.ledger ? { ledger: previous.ledger } : {}),
  ...(previous.fanout ? { fanout: previous.fanout } : {}),
  ...(previous.watchers ? { watchers: previous.watchers } : {}),
  ...(previous.soak ? { soak: previous.soak } : {}),
  list: [],
}

/** A part that fails is reported and the others still run: their figures are written all the same. */
const failures: string[] = []
async function attempt(what: string, fn: () => Promise<void>): Promise<void> {
  console.log(`== ${what}`)
  try {
    await fn()
  } catch (err) {
    console.error(`bench: ${what} failed: ${err instanceof Error ? err.message : String(err)}`)
    failures.push(what)
  }
}

try {
  for (const db of chosen) {
    if (parts.has('bets')) {
      await attempt(`bets on ${db.label}: app and bare, ${spec.players.join('/')} players, ${spec.warmupMs / 1000} s warm-up + ${spec.windowMs / 1000} s each`, async () => {
        const section = newSection(results.bets, { windowSeconds: spec.windowMs / 1000, warmupSeconds: spec.warmupMs / 1000, slices: spec.slices! })
        section.byDatabase[db.label] = await benchBets(db)
        results.bets = section
      })
    }
    if (parts.has('figures')) {
      await attempt(`login, userInfo, transfer, deposit on ${db.label}`, async () => {
        const figures = await benchFigures(db)
        results.figures = newSection(results.figures)
        results.figures.byDatabase[db.label] = figures
      })
    }
    if (parts.has('ledger')) {
      await attempt(`ledger postings on ${db.label}`, async () => {
        const ledger = await benchLedger(db)
        results.ledger = newSection(results.ledger)
        results.ledger.byDatabase[db.label] = ledger
      })
    }
  }
  if (parts.has('fanout')) {
    await attempt(`socket fan-out: ${process.env.BENCH_SOCKETS || 2000} sockets in one Double room, app and bare socket.io`, async () => {
      results.fanout = { measuredAt: runStamp, ...(await benchFanout()) }
    })
  }
  if (parts.has('watchers')) {
    await attempt(`getBalance beside ${process.env.BENCH_WATCHERS || 800} sockets watching sport matches`, async () => {
      results.watchers = { measuredAt: runStamp, ...(await benchWatchers()) }
    })
  }
  if (parts.has('soak')) {
    // PGlite unless --db says otherwise: one database's half hour at a time.
    for (const db of onlyDb ? chosen : [pglite]) {
      await attempt(`soak on ${db.label}: ${soakSettings.players} players on every product for ${soakSettings.minutes} minutes`, async () => {
        const soak = await benchSoak(db)
        results.soak = newSection(results.soak)
        results.soak.byDatabase[db.label] = soak
      })
    }
  }
  if (parts.has('client')) {
    await attempt('client (scripts/bench-client.ts, writes bench/client.json)', async () => {
      const child = spawn(process.execPath, tsx('scripts/bench-client.ts'), { cwd: root, stdio: 'inherit' })
      await exited(child)
      if (child.exitCode !== 0) throw new Error(`exit ${child.exitCode ?? child.signalCode}`)
    })
  }
} finally {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true })
}

const clientFile = path.join(benchDir, 'client.json')
if (fs.existsSync(clientFile)) results.client = JSON.parse(fs.readFileSync(clientFile, 'utf8')) as ClientResult
results.list = flatten(results)
fs.mkdirSync(benchDir, { recursive: true })
fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n')
const markdown = table(results)
fs.writeFileSync(path.join(benchDir, 'results.md'), markdown)
console.log(`\n${markdown}\nWrote bench/results.json and bench/results.md`)
if (failures.length) {
  console.error(`bench: failed: ${failures.join('; ')}`)
  process.exitCode = 1
}
