import { expect, test as base, type Page, type Request } from '@playwright/test'

/**
 * `test` whose page fails the test on any Content-Security-Policy violation: the browser's
 * `securitypolicyviolation` event (in the page and in its frames, such as the pay page) and its
 * own console report of a refused resource, both collected until the test ends.
 *
 * When a test fails, it also prints what was still in flight (every request of the context not
 * finished, with its age) and how long the server takes to answer a page and an API call right
 * then, and whether the page's main thread answers (if not, where its script is busy): a hang on
 * a CI machine then says whether the browser, a request, the page's script or the server stalled.
 */
export const test = base.extend({
  page: async ({ page, baseURL }, use, testInfo) => {
    const violations: string[] = []
    const inFlight = new Map<Request, number>()
    const context = page.context()
    context.on('request', (r) => inFlight.set(r, Date.now()))
    context.on('requestfinished', (r) => inFlight.delete(r))
    context.on('requestfailed', (r) => inFlight.delete(r))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`)
      })
    })
    // The page's own life (navigations of its main frame, DOMContentLoaded, load, a crash), for a stall's report.
    const started = Date.now()
    const life: string[] = []
    const mark = (what: string) => life.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`)
    page.on('framenavigated', (frame) => mark(`${frame === page.mainFrame() ? 'navigated' : 'subframe navigated'} ${frame.url()}`))
    page.on('domcontentloaded', () => mark('DOMContentLoaded'))
    page.on('load', () => mark('load'))
    page.on('crash', () => mark('crash'))
    page.on('console', (message) => {
      const text = message.text()
      if (/CSP violation|Content Security Policy/i.test(text)) violations.push(text)
    })
    await use(page)
    if (testInfo.status !== testInfo.expectedStatus) {
      await reportStall(inFlight, baseURL!)
      console.error(`the page's last events:\n  ${life.slice(-12).join('\n  ')}`)
      await reportPage(page)
    }
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
})

async function reportStall(inFlight: Map<Request, number>, baseURL: string): Promise<void> {
  const now = Date.now()
  const lines = [...inFlight].map(([r, at]) => `  ${Math.round((now - at) / 1000)} s  ${r.method()} ${r.url()} (${r.resourceType()})`)
  console.error(`requests still in flight at the failure: ${lines.length}\n${lines.join('\n')}`)
  for (const path of ['/home', '/api/app/main/main']) {
    const started = Date.now()
    const answer = await fetch(new URL(path, baseURL), { signal: AbortSignal.timeout(15_000) }).then(
      (res) => `HTTP ${res.status}`,
      (err: unknown) => String(err),
    )
    console.error(`server probe: GET ${path} → ${answer} in ${Date.now() - started} ms`)
  }
}

const within = <T>(ms: number, work: Promise<T>): Promise<T | 'timed out'> =>
  Promise.race([work, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))])

/** Each page of the context, its address and whether its main thread answers; a busy one is paused to print its stack. */
async function reportPage(page: Page): Promise<void> {
  for (const open of page.context().pages()) {
    const state = await within(5_000, open.evaluate(() => `${document.readyState}, ${location.href}`).catch((err: unknown) => `evaluate failed: ${String(err).slice(0, 200)}`))
    console.error(`page ${open.url()}: ${state === 'timed out' ? 'main thread did not answer in 5 s' : state}`)
    if (state !== 'timed out') continue
    const cdp = await open.context().newCDPSession(open)
    type Frame = { functionName: string; url: string; location: { lineNumber: number; columnNumber?: number } }
    const paused = new Promise<Frame[]>((resolve) => cdp.on('Debugger.paused', (event) => resolve(event.callFrames)))
    await within(5_000, cdp.send('Debugger.enable'))
    await within(5_000, cdp.send('Debugger.pause'))
    const stack = await within(5_000, paused)
    if (stack === 'timed out') console.error('  no pause within 5 s')
    else for (const f of stack.slice(0, 20)) console.error(`  at ${f.functionName || '(anonymous)'} ${f.url}:${f.location.lineNumber + 1}:${(f.location.columnNumber ?? 0) + 1}`)
  }
}
