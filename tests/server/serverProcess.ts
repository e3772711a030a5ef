import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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
