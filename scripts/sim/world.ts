/**
 * The simulator's world: the real server as a child process (src/server/main.ts) on its own data,
 * killed with SIGKILL and started again on the same data; and a proxy between the server and its
 * PSP emulator, both ways, that drops, repeats, delays and reorders the PSP's webhooks and answers
 * 503 for the PSP's API, before or after the PSP acted (a lost answer), as its seed says.
 */
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Agent, request } from 'undici'
import { openPglite, openPostgres, type Db } from '../../src/server/db/connection'
import { freePort } from '../../tests/freePort'
import { scratchDatabase, ServerProcess, sleep } from '../../tests/server/serverProcess'
import { Rng } from './rng'

export const CAPTCHA = 'sim'
export const OPS_TOKEN = 'simulator-ops-token-0123456789abcdef0123'
const WEBHOOK_SECRET = 'simulator-webhook-secret-0123456789abcdef'
/** The demo provider's three codes, each with the secret its wallet calls are signed with. */
export const PROVIDER_SECRETS: Record<string, string> = { PG: 'simulator-pg-secret-0123456789abcdef012345', EVO: 'simulator-evo-secret-0123456789abcdef01234', BG: 'simulator-bg-secret-0123456789abcdef012345' }

/** How often each fault of the PSP's side happens (per webhook, per API call). */
export interface PspFaultRates {
  dropWebhook: number
  duplicateWebhook: number
  delayWebhook: number
  reorderWebhook: number
  unavailable: number
  loseAnswer: number
}

export type FaultTally = Record<string, number>

export interface Reply {
  http: number
  status: number
  msg: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a reply is read as the server sent it
  data: any
  text: string
}

/** The server's SPORT_SEED in a run of `seed`. */
export const simSportSeed = (seed: number) => `sim-${seed}`

export class World {
  readonly base: string
  private server!: ServerProcess
  private proxy!: http.Server
  private agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
  /** Resolves while the server is up; replaced by a pending one while it is down. */
  private up: Promise<void> = Promise.resolve()
  private markUp: () => void = () => undefined
  down = false
  /** Calls sent, by what they asked (method and route, ids left out). */
  readonly requests: Record<string, number> = {}
  readonly faults: FaultTally = {}
  private held: { path: string; body: Buffer }[] = []
  private readonly proxyRng: Rng
  private pgDrop: (() => Promise<void>) | null = null
  private pgUrl: string | null = null

  private constructor(
    readonly dataDir: string,
    private readonly port: number,
    private readonly proxyPort: number,
    readonly seed: number,
    private readonly rates: PspFaultRates,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.base = `http://127.0.0.1:${port}`
    // Its own stream, apart from the plan (1), the crashes (2) and the operations (1000 + n).
    this.proxyRng = new Rng(seed, 2_100_000_000)
  }

  static async create(opts: { seed: number; db: 'pglite' | 'postgres'; rates: PspFaultRates; keep?: boolean }): Promise<World> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-sim-'))
    const [port, proxyPort] = [await freePort(), await freePort()]
    const proxyBase = `http://127.0.0.1:${proxyPort}`
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_FIXED_ANSWER: CAPTCHA,
      // SIM_SERVER_LOG=<file>: the server logs (pino's JSON) into that file.
      LOG: process.env.SIM_SERVER_LOG ? '1' : '0',
      OPS_TOKEN,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // The server reaches its emulator, and the emulator its webhook, through the proxy.
      PIX_BASE_URL: `${proxyBase}/psp-sandbox`,
      PIX_WEBHOOK_URL: `${proxyBase}/api/pay/webhook/apipix/${WEBHOOK_SECRET}`,
      PIX_RECONCILE_MINUTES: '0.25',
      PIX_TIMEOUT_SECONDS: '5',
      PAYOUT_SANDBOX_SETTLE_SECONDS: '1',
      PROVIDER_SECRETS: Object.entries(PROVIDER_SECRETS).map(([k, v]) => `${k}=${v}`).join(','),
      GAME_AGGREGATOR: 'demo',
      DEPOSIT_TURNOVER: '0',
      TRANSFER_COUNT_PER_DAY: '1000000',
      TRANSFER_MAX_PER_DAY: '10000000',
      ROUND_CHAIN_LENGTH: '200000',
      ROUND_SALT_WAIT_SECONDS: '0',
      ROUND_TIMINGS: 'double=10/1/0.5,rowDouble=10/1/0.5,luckyColor=10/1/0.5',
      RETENTION_INTERVAL_MINUTES: '0',
      // The sportsbook plays the run's own calendar, which the players read ahead (players.ts).
      SPORT_SEED: simSportSeed(opts.seed),
    }
    delete env.DATABASE_URL
    const world = new World(dataDir, port, proxyPort, opts.seed, opts.rates, env)
    if (opts.db === 'postgres') {
      if (!process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL (an administrator URL: the simulator makes its own database)')
      const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sim')
      env.DATABASE_URL = scratch.url
      world.pgUrl = scratch.url
      world.pgDrop = scratch.drop
    }
    world.server = new ServerProcess(env, world.base, (process.env.SIM_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), process.env.SIM_SERVER_LOG || null)
    // A simulator that dies (an error, Ctrl-C) takes its server with it, whichever incarnation runs.
    process.once('exit', () => {
      const pid = world.server.pid
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // Gone already.
        }
      }
    })
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))
    world.proxy = http.createServer((req, res) => void world.relay(req, res).catch(() => res.destroy()))
    await new Promise<void>((r) => world.proxy.listen(proxyPort, '127.0.0.1', r))
    await world.server.start()
    return world
  }

  count(kind: string): void {
    this.faults[kind] = (this.faults[kind] ?? 0) + 1
  }

  // ---- the proxy ----

  private async relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks)
    const url = req.url ?? '/'
    if (url.startsWith('/api/pay/webhook/')) {
      // The PSP's webhook: taken (200) whatever becomes of it on the way.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      const r = this.proxyRng
      if (r.chance(this.rates.dropWebhook)) return this.count('webhook dropped')
      if (r.chance(this.rates.reorderWebhook)) {
        this.count('webhook reordered')
        this.held.push({ path: url, body })
        return
      }
      const times = r.chance(this.rates.duplicateWebhook) ? (this.count('webhook duplicated'), 2) : 1
      const delay = r.chance(this.rates.delayWebhook) ? (this.count('webhook delayed'), r.between(200, 3000)) : 0
      // A webhook held back goes after this one.
      const later = this.held.splice(0)
      if (delay) await sleep(delay)
      for (let i = 0; i < times; i++) await this.forward('POST', url, body).catch(() => undefined)
      for (const h of later) await this.forward('POST', h.path, h.body).catch(() => undefined)
      return
    }
    // The PSP's API, as the server calls it.
    const r = this.proxyRng
    if (r.chance(this.rates.unavailable)) {
      this.count('PSP 503')
      return void res.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"type":"https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel","title":"Serviço Indisponível","status":503}')
    }
    const lose = r.chance(this.rates.loseAnswer)
    const answer = await this.forward(req.method ?? 'GET', url, body, req.headers)
    if (lose) {
      this.count('PSP answer lost')
      return void res.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"type":"https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel","title":"Serviço Indisponível","status":503}')
    }
    res.writeHead(answer.status, answer.headers).end(answer.body)
  }

  /** Releases the webhooks held back (a reordered one whose follower never came). */
  async flushHeld(): Promise<void> {
    for (const h of this.held.splice(0)) await this.forward('POST', h.path, h.body).catch(() => undefined)
  }

  private async forward(method: string, url: string, body: Buffer, headers: http.IncomingHttpHeaders = { 'content-type': 'application/json' }) {
    const h: Record<string, string> = {}
    for (const [k, v] of Object.entries(headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) h[k] = v
    const res = await request(this.base + url, { method: method as 'POST', headers: h, body: method === 'GET' || method === 'HEAD' ? undefined : body, dispatcher: this.agent })
    const out = Buffer.from(await res.body.arrayBuffer())
    const back: Record<string, string> = {}
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && !['connection', 'transfer-encoding', 'keep-alive', 'content-length'].includes(k)) back[k] = v
    return { status: res.statusCode, headers: back, body: out }
  }

  // ---- calls ----

  /** One call; a call cut by a crash waits for the server and is sent again, as it was. */
  async call(method: 'GET' | 'POST' | 'PUT', url: string, opts: { body?: unknown; raw?: string; token?: string; key?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
    const headers: Record<string, string> = { lang: 'pt_BR', ...opts.headers }
    if (opts.token) headers.authorization = opts.token
    if (opts.key) headers['idempotency-key'] = opts.key
    const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json'
    const route = `${method} ${url.replace(/\?.*$/, '').replace(/\/[A-Z]?\d+(?=\/|$)/g, '/:id').replace(/\/pix\/[A-Z0-9]{20,}/, '/pix/:payNo')}`
    this.requests[route] = (this.requests[route] ?? 0) + 1
    for (let attempt = 0; ; attempt++) {
      await this.up
      try {
        const res = await request(this.base + url, { method, headers, body, dispatcher: this.agent, headersTimeout: 60_000, bodyTimeout: 60_000 })
        const text = await res.body.text()
        let env: { status?: number; msg?: string; data?: unknown } = {}
        try {
          env = JSON.parse(text) as typeof env
        } catch {
          // Not JSON (a redirect, a page).
        }
        return { http: res.statusCode, status: env.status ?? res.statusCode, msg: env.msg ?? '', data: env.data ?? null, text }
      } catch (err) {
        if (this.down) continue
        if (attempt > 50) throw new Error(`${method} ${url}: ${String(err)}`, { cause: err })
        await sleep(100)
      }
    }
  }

  /** A provider's wallet call, signed with its secret. */
  async wallet(code: string, op: string, body: Record<string, unknown>): Promise<Reply> {
    const raw = JSON.stringify(body)
    return this.call('POST', `/api/provider/${code}/wallet/${op}`, { raw, headers: { 'x-signature': createHmac('sha256', PROVIDER_SECRETS[code]!).update(raw).digest('hex') } })
  }

  // ---- crashes ----

  /** SIGKILL now, whatever is in flight; `between` runs on the dead server's data; then the server starts again. */
  async crash(between: (db: Db) => Promise<void>): Promise<void> {
    this.down = true
    this.up = new Promise((r) => (this.markUp = r))
    await this.server.kill('SIGKILL')
    await this.agent.close().catch(() => undefined)
    this.agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
    await this.withDb(between)
    await this.server.start()
    this.down = false
    this.markUp()
  }

  /** Opens the database (PGlite: only while the server is down, which holds it otherwise). */
  async withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const db = this.pgUrl ? await openPostgres(this.pgUrl) : await openPglite(path.join(this.dataDir, 'pglite'))
    try {
      return await fn(db)
    } finally {
      await db.close()
    }
  }

  /** Stops the server with SIGTERM (a graceful shutdown); answers its exit. */
  async stop(): Promise<void> {
    this.down = true
    await this.server.kill('SIGTERM')
  }

  get output(): string {
    return this.server.output
  }

  async dispose(keep: boolean): Promise<void> {
    await this.server.kill('SIGKILL')
    await new Promise((r) => this.proxy.close(r))
    await this.agent.close().catch(() => undefined)
    if (this.pgDrop && !keep) await this.pgDrop()
    if (!keep) fs.rmSync(this.dataDir, { recursive: true, force: true })
  }
}
