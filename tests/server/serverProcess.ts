import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPostgres } from '../../src/server/db/connection'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The real server as a child process (src/server/main.ts), for tests that kill and restart it. */
export class ServerProcess {
  private child: ChildProcess | null = null
  output = ''

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}

  /** Starts it and waits until it answers HTTP. */
  async start(): Promise<void> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = proc
    proc.stdout!.on('data', (d) => (this.output = (this.output + d).slice(-20_000)))
    proc.stderr!.on('data', (d) => (this.output = (this.output + d).slice(-20_000)))
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
