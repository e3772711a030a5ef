// Lint runs inside `npm test` with zero warnings allowed. The rule sets are the presets as published;
// the only relaxation is the one commented below.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { defineConfig } from 'eslint/config'

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
    files: ['src/client/**', 'tests/client/**', 'tests/e2e/**', 'tests/visual/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A `!` in a test or a script is itself an assertion: when it is wrong the test or the script fails
    // on the spot, which is what a guard would do anyway.
    files: ['tests/**', 'scripts/**', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
