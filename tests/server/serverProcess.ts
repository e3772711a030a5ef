import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPglite, openPostgres, type Db } from '../../src/server/db/connection'
import { freePort } from '../freePort'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The real server as a child process (src/server/main.ts), for tests that kill and restart it. */
export class ServerProcess {
  private child: ChildProcess | null = null
  output = ''
  /** How the last process started ended (null while it runs): its exit code, or the signal that ended it. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly base: string,
    /** Node's own options for the server, e.g. --cpu-prof (the simulator's SIM_SERVER_NODE_ARGS). */
    private readonly nodeArgs: string[] = [],
    /** A file every line the server writes is appended to (the simulator's SIM_SERVER_LOG). */
    private readonly outputFile: string | null = null,
  ) {}

  /** The running process's id (undefined before it starts). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Starts it and waits until it answers HTTP. */
  async start(): Promise<void> {
    const proc = spawn(process.execPath, [...this.nodeArgs, '--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = proc
    this.exit = null
    proc.once('exit', (code, signal) => (this.exit = { code, signal }))
    const keep = (d: Buffer) => {
      this.output = (this.output + d).slice(-20_000)
      if (this.outputFile) fs.appendFileSync(this.outputFile, d)
    }
    proc.stdout!.on('data', keep)
    proc.stderr!.on('data', keep)
    const end = Date.now() + 30_000
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}): ${this.output}`)
      const up = await fetch(`${this.base}/api/app/main/appInfo`).then((r) => r.ok).catch(() => false)
      if (up) return
      if (Date.now() > end) throw new Error(`server did not start: ${this.output}`)
      await sleep(50)
    }
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const proc = this.child
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
    const exited = new Promise((r) => proc.once('exit', r))
    proc.kill(signal)
    await exited
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads a reply as the server sent it
  async json(url: string, init?: RequestInit): Promise<{ status: number; data: any }> {
    const res = await fetch(this.base + url, init)
    return (await res.json()) as { status: number; data: never }
  }
}

/** A new, empty database on the PostgreSQL of `adminUrl`: its URL, and how to drop it. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = await openPostgres(adminUrl)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.close()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const a = await openPostgres(adminUrl)
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.close()
    },
  }
}

/**
 * Where a test's server process runs: a data folder, its database (a new one on the PostgreSQL of
 * DATABASE_URL when that is set, else a copy of the migrated PGlite template: initdb costs seconds)
 * and a free loopback port, all set on `env` (DATA_DIR, DATABASE_URL, PORT, HOST). `cleanup` gets
 * what undoes them; `openDb` opens the database once the process has exited.
 */
export async function serverPlace(prefix: string, env: NodeJS.ProcessEnv, pgliteTemplate: string, cleanup: (() => Promise<void>)[]): Promise<{ base: string; dataDir: string; openDb(): Promise<Db> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aposta-${prefix}-`))
  cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
  env.DATA_DIR = dataDir
  delete env.DATABASE_URL
  let pgUrl: string | null = null
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, prefix)
    pgUrl = env.DATABASE_URL = scratch.url
    cleanup.push(() => scratch.drop())
  } else {
    fs.cpSync(pgliteTemplate, path.join(dataDir, 'pglite'), { recursive: true })
  }
  const port = await freePort()
  env.PORT = String(port)
  env.HOST = '127.0.0.1'
  return { base: `http://127.0.0.1:${port}`, dataDir, openDb: () => (pgUrl ? openPostgres(pgUrl) : openPglite(path.join(dataDir, 'pglite'))) }
}

/** A JSON POST as the app sends it: the answer's HTTP status and text. */
export async function postJson(base: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ http: number; text: string }> {
  const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'pt_BR', ...headers }, body: JSON.stringify(body) })
  return { http: res.status, text: await res.text() }
}

/** Registers `email` (password segredo123) through the captcha the test build fixes: its session token. */
export async function registerPlayer(base: string, email: string, captcha: string): Promise<string> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  await (await fetch(`${base}/api/auth/user/captcha/${codeId}`)).arrayBuffer()
  const r = await postJson(base, '/api/auth/user/restRegister', { username: email, pwd: 'segredo123', codeId, captCode: captcha })
  return JSON.parse(r.text).data.access_token as string
}
