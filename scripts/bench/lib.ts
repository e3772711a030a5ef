/** What the bench's processes share: percentiles, CPU readings, a free port, the app's sign-up steps over undici. */
import fs from 'node:fs'
import type { Dispatcher } from 'undici'

export const ANSWER = 'bench'
export const PASSWORD = 'segredo123'

/** The q-quantile (0..1) by nearest rank; NaN for no samples. */
export function quantile(xs: ArrayLike<number>, q: number): number {
  if (xs.length === 0) return NaN
  const sorted = Float64Array.from(xs).sort()
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime are fields 14 and 15 of the line, counted in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** CPU time (ms) every core of the machine has been busy so far, from /proc/stat (Linux); null elsewhere. */
export function machineBusyMs(): number | null {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    // Idle and iowait (the 4th and 5th) are the time not busy.
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
    return (user! + nice! + system! + irq! + softirq! + steal!) * 10
  } catch {
    return null
  }
}

export { freePort } from '../../tests/freePort'

export interface Envelope<T = unknown> {
  status: number
  msg?: string
  data: T
}

/** One JSON call through an undici dispatcher (a Pool: keep-alive connections); the reply's envelope. */
export async function call<T = unknown>(
  pool: Dispatcher,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ http: number; envelope: Envelope<T> }> {
  const res = await pool.request({
    method,
    path,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.body.text()
  let envelope: Envelope<T>
  try {
    envelope = JSON.parse(text) as Envelope<T>
  } catch {
    envelope = { status: -1, msg: text.slice(0, 200), data: null as T }
  }
  return { http: res.statusCode, envelope }
}

export async function ok<T>(reply: Promise<{ http: number; envelope: Envelope<T> }>, what: string): Promise<T> {
  const r = await reply
  if (r.http !== 200 || r.envelope.status !== 200) throw new Error(`${what} failed: HTTP ${r.http} ${JSON.stringify(r.envelope).slice(0, 300)}`)
  return r.envelope.data
}

/** Fetches a captcha image (the server then accepts CAPTCHA_FIXED_ANSWER for its id); answers the id. */
export async function captcha(pool: Dispatcher): Promise<number> {
  const codeId = Math.floor(Math.random() * 99_999_999)
  const res = await pool.request({ method: 'GET', path: `/api/auth/user/captcha/${codeId}` })
  await res.body.arrayBuffer()
  if (res.statusCode !== 200) throw new Error(`captcha failed: HTTP ${res.statusCode}`)
  return codeId
}

export async function register(pool: Dispatcher, email: string): Promise<string> {
  const codeId = await captcha(pool)
  const data = await ok(call<{ access_token: string }>(pool, 'POST', '/api/auth/user/restRegister', { username: email, pwd: PASSWORD, codeId, captCode: ANSWER }), 'register')
  return data.access_token
}

export async function login(pool: Dispatcher, email: string, pwd: string, deviceId: string): Promise<string> {
  const codeId = await captcha(pool)
  const data = await ok(call<{ access_token: string }>(pool, 'POST', '/api/auth/user/restLogin', { username: email, pwd, codeId, captCode: ANSWER }, { deviceId }), 'login')
  return data.access_token
}

/** Runs `fn` over `items` with at most `limit` at once; answers the results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!, i)
      }
    }),
  )
  return out
}
