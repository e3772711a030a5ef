// Lint runs inside `npm test` with zero warnings allowed. The rule sets are the presets as published;
// the only relaxation is the one commented below.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { defineConfig } from 'eslint/config'

/**
 * The contract's barrel (shared/contract/index.ts) builds every call's zod schemas when it is
 * loaded: a client module takes its calls from their own file (contract/casino, contract/user...),
 * so a page builds only the schemas it uses (the whole contract cost /mines 170-210 ms of main
 * thread on a 4x slower phone). Types may still come from the barrel.
 */
const barrel = {
  regex: '^(\\.\\./)+shared/contract$',
  allowTypeImports: true,
  message: "The client takes calls from their own contract file ('shared/contract/casino'...), not the barrel: the barrel builds every schema of the API.",
}

export default defineConfig(
  {
    ignores: [
      'dist/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'bench/',
      'data/',
      'node_modules/',
    ],
  },
  js.configs.recommended,
  // `strict` without type information: the type-checked variants parse the whole project through the
  // TypeScript compiler and multiply lint time, and `tsc --noEmit` already runs first in `npm test`.
  tseslint.configs.strict,
  {
    files: ['src/server/**', 'src/shared/**', 'scripts/**', 'tests/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Client tests run in jsdom and e2e tests pass functions to the browser, so both worlds apply there.
    files: ['src/client/**', 'src/ops/**', 'tests/client/**', 'tests/e2e/**', 'tests/visual/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/ops/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Every client module (each layer below repeats it with its own rule).
    files: ['src/client/**'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [barrel] }] },
  },
  {
    // The operators' console is an app of its own: it takes nothing of the players' client but its pure formatting.
    files: ['src/ops/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+client/(?!format/|pages/loyalty/QrCode$)', message: "src/ops takes nothing of the players' client but client/format and the QR code (its own bundle: the players' must not carry it, nor it theirs)." }] }] },
  },
  {
    // The client's layers import downward only (DESIGN.md): the engine knows nothing of the app.
    files: ['src/client/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+(store|api|pages|app|overlays|dev)(/|$)', message: 'engine/ imports nothing of the app (store, api, pages, app, overlays, dev): the app hands it what it needs.' }] }],
    },
  },
  {
    // A scene draws what it is given (it may run in a worker): the engine, shared and pure helpers (format/), never the app.
    files: ['src/client/scenes/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+(store|api|pages|app|overlays|dev|i18n)(/|$)', message: 'scenes/ import the engine and shared only, never the app (store, api, pages, app, overlays, dev, i18n): state comes in through update(), texts through ctx.t.' }] }],
    },
  },
  {
    // The transport knows nothing of the store or the screens (DESIGN.md: store -> api -> shared).
    files: ['src/client/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+(store|pages|app|overlays|scenes|dev)(/|$)', message: 'api/ is transport only: it imports shared and nothing of the app.' }] }],
    },
  },
  {
    // The store sits under every screen: app -> pages/overlays -> store -> api.
    files: ['src/client/store/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+(pages|app|overlays|scenes|dev)(/|$)', message: 'store/ imports api, shared and pure helpers, never a screen (pages, app, overlays, scenes, dev).' }] }],
    },
  },
  {
    // Screens import the store, never the shell that hosts them.
    files: ['src/client/pages/**', 'src/client/overlays/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [barrel, { regex: '^(\\.\\./)+app(/|$)', message: 'pages/ and overlays/ do not import the app shell (app/): shared parts go down, into store/ or a shared module.' }] }],
    },
  },
  {
    // A `!` in a test or a script is itself an assertion: when it is wrong the test or the script fails
    // on the spot, which is what a guard would do anyway.
    files: ['tests/**', 'scripts/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
