/**
 * Chromium traces for the client bench (scripts/bench-client.ts): the page's main-thread CPU time,
 * and with BENCH_PROFILE a breakdown of where it went.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: unknown }
}

/** The trace's renderer main threads, as `pid:tid`. */
const rendererMains = (events: TraceEvent[]) => new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))

/**
 * CPU time of the page's main thread over a trace: the thread time (tdur) of its top-level tasks.
 * Unlike their wall time it does not grow when other processes take the machine's two cores.
 */
export function mainThreadCpuMs(events: TraceEvent[]): number {
  const mains = rendererMains(events)
  const perThread = new Map<string, number>()
  const endOf = new Map<string, number>()
  for (const e of events.filter((x) => x.name === 'RunTask' && x.ph === 'X').sort((a, b) => a.ts - b.ts)) {
    const key = `${e.pid}:${e.tid}`
    if (!mains.has(key) || e.ts < (endOf.get(key) ?? 0)) continue
    endOf.set(key, e.ts + (e.dur ?? 0))
    perThread.set(key, (perThread.get(key) ?? 0) + (e.tdur ?? 0))
  }
  return Math.max(0, ...perThread.values()) / 1000
}

/**
 * Where a page's main thread spent its CPU over a trace: each event's self time (its thread time
 * less its children's), summed by name (scripts by their URL and function), per frame.
 */
function profileSummary(events: TraceEvent[], count: number): string {
  const mains = rendererMains(events)
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.tdur === undefined || !mains.has(key)) continue
    let list = byThread.get(key)
    if (!list) byThread.set(key, (list = []))
    list.push(e)
  }
  // The busiest renderer main thread is the page's.
  const busiest = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? []
  busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<string, number>()
  const stack: { end: number; key: string; child: number; tdur: number }[] = []
  const pop = () => {
    const top = stack.pop()!
    self.set(top.key, (self.get(top.key) ?? 0) + Math.max(0, top.tdur - top.child))
    if (stack.length) stack[stack.length - 1]!.child += top.tdur
  }
  for (const e of busiest) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop()
    const data = (e.args as { data?: { url?: string; functionName?: string } } | undefined)?.data
    const where = data?.url ? ` ${data.url.replace(/^.*\//, '')}${data.functionName ? ` ${data.functionName}` : ''}` : ''
    stack.push({ end: e.ts + (e.dur ?? 0), key: e.name + where, child: 0, tdur: e.tdur ?? 0 })
  }
  while (stack.length) pop()
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)
  return top.map(([k, us]) => `    ${(us / 1000 / count).toFixed(2).padStart(6)} ms/frame ${((us / total) * 100).toFixed(0).padStart(3)} %  ${k}`).join('\n')
}

/** BENCH_PROFILE: the window's trace to a file in `dir` (none: nothing), and its summary printed. */
export function keepProfile(dir: string | null, label: string, r: { events: TraceEvent[]; count: number }) {
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${label}-${Date.now()}.json`)
  fs.writeFileSync(file, JSON.stringify({ traceEvents: r.events }))
  console.log(`  ${label}: where the main thread went (${file})\n${profileSummary(r.events, r.count)}`)
}

/** A profiled run's build keeps its source maps beside the traces (`dir/maps`), so a trace's script positions can be named. */
export function keepSourceMaps(buildDir: string, dir: string): void {
  fs.cpSync(path.join(buildDir, 'assets'), path.join(dir, 'maps'), { recursive: true, filter: (f) => f.endsWith('.map') || fs.statSync(f).isDirectory() })
}
