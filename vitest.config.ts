import { defineConfig } from 'vitest/config'
import { clientLocales } from './vite.config'

export default defineConfig({
  test: {
    // Each server test file has its own database; two at a time fits the two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'demo-provider/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['src/client/**'],
          environment: 'node',
        },
      },
      {
        // The client's locale tables as the build makes them (locales/pt_BR.json?first).
        plugins: [clientLocales()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          // On CI (a fresh, shared machine, where two runs stalled once for 30 s and more) a failed
          // test runs once more; the report marks it retried. Locally a failure is a failure.
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
