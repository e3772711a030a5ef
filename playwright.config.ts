import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { E2E_OPS_TOKEN } from './tests/e2e/opsToken'

const PORT = Number(process.env.E2E_PORT || 3199)
const dataDir = path.join(os.tmpdir(), `aposta-e2e-${process.pid}`)

/** The built app served by the real server on a fresh embedded database, driven by Debian's chromium. */
export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'visual/**/*.spec.ts'],
  timeout: 60_000,
  workers: 1,
  // On CI (a fresh, shared machine) a failed test runs once more and is reported as flaky if it
  // then passes; a test that fails twice fails the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // threshold 0.05 (Playwright's default 0.2 let a navy-to-burgundy header and a red-to-crimson wheel pass on this dark palette).
  expect: { toHaveScreenshot: { maxDiffPixels: 50, threshold: 0.05, animations: 'disabled', caret: 'hide' } },
  snapshotPathTemplate: '{testDir}/visual/baselines/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/api/app/main/main`,
    // Any HTTP answer (40101 here) means the server is up.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    // The bonus boost after R$15 of stakes in a day, so one e2e test reaches it in two bets (test accounts never get it).
    // Deposits may leave at once (DEPOSIT_TURNOVER 0): the cashier flow deposits then withdraws; the server suites test the turnover.
    // The sportsbook's clock stands at one instant (SPORT_CLOCK) and its matches follow a seed (SPORT_SEED) instead of the
    // database's secret: the same matches, scores and odds in every run, for the snapshots. A Saturday at 16:40 in Brasília:
    // the calendar keeps real hours, and then the Brasileirão is in play with the evening's matches to come. OPS_TOKEN: the tests settle matches.
    // REALITY_CHECK_MINUTE_SECONDS 2: a reality check's minute lasts 2 s, so the 15-minute check comes after 30 s of play
    // (the default 60-minute one after 2 minutes, longer than any test's session: each test plays as a new player).
    // DEV_TUNING_DIR: the scene switcher's saves go to copies in the run's data folder, never into src/client/scenes.
    // WITHDRAW_REVIEW_OVER 50: a withdrawal above R$ 50 waits for the console's review (tests/e2e/ops.spec.ts); the cashier's flows withdraw R$ 30.
    // WAGER_CONTRIBUTION: the defaults but sport at 100 %, so the loyalty flow's one R$ 500 sport bet reaches VIP 1 (30 % by default).
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_FIXED_ANSWER: 'teste', LOG: '0', VITE_DEV_SCENES: '1', DEV_TUNING_DIR: path.join(dataDir, 'tuning'), BOOST_AFTER_WAGERED: '15', DEPOSIT_TURNOVER: '0', ROUND_CHAIN_LENGTH: '20000', ROUND_SALT_WAIT_SECONDS: '0', ROUND_TIMINGS: 'double=8/3/2', SPORT_CLOCK: '2026-11-28T19:40:00Z', SPORT_SEED: '1', OPS_TOKEN: E2E_OPS_TOKEN, REALITY_CHECK_MINUTE_SECONDS: '2', WITHDRAW_REVIEW_OVER: '50', WAGER_CONTRIBUTION: 'dice=10,limbo=9,mines=10,double=65,rowDouble=65,luckyColor=20,sport=100,slots=35' },
  },
})
