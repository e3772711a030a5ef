import { expect, test as base, type Request } from '@playwright/test'

/**
 * `test` whose page fails the test on any Content-Security-Policy violation: the browser's
 * `securitypolicyviolation` event (in the page and in its frames, such as the pay page) and its
 * own console report of a refused resource, both collected until the test ends.
 *
 * When a test fails, it also prints what was still in flight (every request of the context not
 * finished, with its age) and how long the server takes to answer a page and an API call right
 * then: a hang on a CI machine then says whether the browser, a request or the server stalled.
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
    page.on('console', (message) => {
      const text = message.text()
      if (/CSP violation|Content Security Policy/i.test(text)) violations.push(text)
    })
    await use(page)
    if (testInfo.status !== testInfo.expectedStatus) await reportStall(inFlight, baseURL!)
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
