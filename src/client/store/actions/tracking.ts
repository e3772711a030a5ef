/**
 * Marketing conversion events (the spec's purchase tracking on paySuccess with czflag 0): pushed
 * to the page's `dataLayer` when a tag manager installed one (GA4's event names: `purchase`,
 * `sign_up`), and dispatched as an `aposta:track` DOM event for anything else listening. Nothing is
 * sent anywhere by the app itself; no personal data goes in an event.
 */
export type TrackEvent = { event: 'purchase'; orderId?: string } | { event: 'sign_up' }

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function track(e: TrackEvent): void {
  if (typeof window === 'undefined') return
  if (Array.isArray(window.dataLayer)) window.dataLayer.push({ ...e })
  window.dispatchEvent(new CustomEvent('aposta:track', { detail: { ...e } }))
}
