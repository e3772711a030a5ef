/**
 * Whether this page registers the service worker. Always in a production build; in a test build
 * (VITE_DEV_SCENES=1) only when a test asks (`?sw`) or the page is already controlled, and never
 * in snapshot mode: the other e2e tests and the snapshots run without a cached shell.
 */
export function serviceWorkerWanted(env: { supported: boolean; testBuild: boolean; snapshot: boolean; search: string; controlled: boolean }): boolean {
  if (!env.supported) return false
  if (!env.testBuild) return true
  if (env.snapshot) return false
  return new URLSearchParams(env.search).has('sw') || env.controlled
}
