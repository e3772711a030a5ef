import type { Page } from '@playwright/test'

/**
 * A full-page shot draws fixed bars where the top of the page was: the tab bar (a fixed bar at the
 * foot) is taken out of those. Through the element's style: the app's CSP refuses an injected
 * stylesheet (toHaveScreenshot's stylePath).
 */
export async function withoutTabBar(page: Page): Promise<void> {
  await page.locator('.tabbar').evaluate((el: HTMLElement) => (el.style.display = 'none'))
}
