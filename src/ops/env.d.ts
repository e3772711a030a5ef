/// <reference types="vite/client" />

/** vite.ops.config.ts (localeSection): a locale table's ops section only. */
declare module '*.json?ops' {
  const table: Record<string, unknown>
  export default table
}
