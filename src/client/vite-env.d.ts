/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** vite.config.ts: the APP_MODE the client was built with (the demo ribbon keeps its place until the server says). */
  readonly APP_MODE_HINT?: string
}

/** vite.config.ts (clientLocales): a locale table's first-paint sections only. */
declare module '*.json?first' {
  const table: Record<string, unknown>
  export default table
}
