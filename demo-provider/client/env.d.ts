/// <reference types="vite/client" />

/** `locales/<x>.json?demo`: only the demoProvider section of a locale (demo-provider/vite.config.ts). */
declare module '*.json?demo' {
  const section: Record<string, unknown>
  export default section
}
