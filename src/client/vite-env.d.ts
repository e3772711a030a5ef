/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** vite.config.ts: the APP_MODE the client was built with (the demo ribbon keeps its place until the server says). */
  readonly APP_MODE_HINT?: string
}
