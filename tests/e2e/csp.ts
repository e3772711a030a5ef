import { expect, test as base } from '@playwright/test'

/**
 * `test` whose page fails the test on any Content-Security-Policy violation: the browser's
 * `securitypolicyviolation` event (in the page and in its frames, such as the pay page) and its
 * own console report of a refused resource, both collected until the test ends.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const violations: string[] = []
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
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
})
