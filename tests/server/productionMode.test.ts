import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/server/config'
import { freePort } from './testApp'

/**
 * The real executable, started the way `npm start` starts it (scripts/start.mjs, without the
 * client build): production mode refuses to start with any unsafe setting, saying why on stderr,
 * and an unset APP_MODE runs the demo.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SECRET = 'a-production-webhook-secret-of-32+bytes'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** The environment of a fresh server: nothing inherited that could decide the mode or a payment setting. */
async function serverEnv(extra: Record<string, string>): Promise<NodeJS.ProcessEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-mode-'))
  dirs.push(dataDir)
  const dropped = new Set(['APP_MODE', 'NODE_ENV', 'DATABASE_URL', 'PIX_PROVIDER', 'PIX_PAYOUTS', 'PAYMENT_WEBHOOK_SECRET', 'PAYOUT_SANDBOX_SETTLE_SECONDS', 'CAPTCHA_FIXED_ANSWER', 'GAME_PROVIDERS', 'PROVIDER_SECRETS', 'DEMO_PROVIDER_FAULTS', 'OPS_TOKEN', 'PIX_RECONCILE_MINUTES', 'KYC_PROVIDER', 'REALITY_CHECK_MINUTE_SECONDS'])
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropped.has(name)))
  const env: NodeJS.ProcessEnv = { ...inherited, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', LOG: '0', CLIENT_DIR: path.join(dataDir, 'no-client') }
  return { ...env, ...extra }
}

/** Starts `npm start`'s script and waits for it to exit (a refusal) within `ms`. */
function runUntilExit(env: NodeJS.ProcessEnv, ms = 20_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the server did not exit within ${ms} ms; stderr: ${stderr}`))
    }, ms)
    // 'close', not 'exit': on a busy machine the process can exit before its stderr has been read.
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

const problemLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('Configuration error: '))
const NO_PROVIDER = "Configuration error: PIX_PROVIDER is none: production needs PIX deposits; set PIX_PROVIDER=apipix and the PSP's PIX_* settings."

describe('APP_MODE=production refuses to start', () => {
  // Identities checked by Serpro's Datavalid (its settings are not reached: the start is refused first).
  const datavalid = { KYC_PROVIDER: 'datavalid', DATAVALID_BASE_URL: 'https://gateway.apiserpro.serpro.gov.br/datavalid', DATAVALID_TOKEN_URL: 'https://gateway.apiserpro.serpro.gov.br/token', DATAVALID_CONSUMER_KEY: 'key', DATAVALID_CONSUMER_SECRET: 'secret' }
  const production = { APP_MODE: 'production', PAYMENT_WEBHOOK_SECRET: SECRET, GAME_PROVIDERS: '', ...datavalid }
  const cases: [string, Record<string, string>, string][] = [
    ['the PSP emulator', { PIX_PROVIDER: 'sandbox' }, 'Configuration error: PIX_PROVIDER is sandbox: '],
    ['the sandbox payouts on', { PAYOUT_SANDBOX_SETTLE_SECONDS: '120' }, 'Configuration error: PAYOUT_SANDBOX_SETTLE_SECONDS is set: '],
    ['no webhook secret', { PAYMENT_WEBHOOK_SECRET: '' }, 'Configuration error: PAYMENT_WEBHOOK_SECRET must be a secret of at least 32 bytes (unset'],
    ['a webhook secret of 31 bytes', { PAYMENT_WEBHOOK_SECRET: 'x'.repeat(31) }, 'Configuration error: PAYMENT_WEBHOOK_SECRET must be a secret of at least 32 bytes (it has 31).'],
    ['a fixed captcha answer', { CAPTCHA_FIXED_ANSWER: 'teste' }, 'Configuration error: CAPTCHA_FIXED_ANSWER is set: '],
    ['the built-in demo game provider', { GAME_PROVIDERS: 'PG=demo' }, 'Configuration error: GAME_PROVIDERS lists PG as the built-in demo provider'],
    ['the sportsbook simulator', { SPORT_FEED: 'simulator' }, 'Configuration error: SPORT_FEED is simulator: '],
    ['the Odds API emulator', { SPORT_FEED: 'theoddsapi', ODDS_API_KEY: 'a-key' }, 'Configuration error: ODDS_API_URL is unset: '],
    ['The Odds API over plain http', { SPORT_FEED: 'theoddsapi', ODDS_API_KEY: 'a-key', ODDS_API_URL: 'http://api.the-odds-api.com' }, 'Configuration error: ODDS_API_URL must be https:// in production'],
    ["the simulator's seed", { SPORT_SEED: '1' }, 'Configuration error: SPORT_SEED is set: '],
    ["the simulator's time scale", { SPORT_TIME_SCALE: '60' }, 'Configuration error: SPORT_TIME_SCALE is set: '],
    ["the simulator's stopped clock", { SPORT_CLOCK: '2026-11-24T18:00:00Z' }, 'Configuration error: SPORT_CLOCK is set: '],
    ['an ops token of 31 bytes', { OPS_TOKEN: 'x'.repeat(31) }, 'Configuration error: OPS_TOKEN must be a secret of at least 32 bytes (it has 31).'],
    ['PIX reconciliation turned off', { PIX_RECONCILE_MINUTES: '0' }, 'Configuration error: PIX_RECONCILE_MINUTES is 0: '],
    ['the Datavalid emulator (KYC)', { KYC_PROVIDER: 'emulator' }, 'Configuration error: KYC_PROVIDER is emulator: '],
    ['no identity check (KYC)', { KYC_PROVIDER: 'none' }, 'Configuration error: KYC_PROVIDER is none: '],
    ['a test-length reality check', { REALITY_CHECK_MINUTE_SECONDS: '2' }, 'Configuration error: REALITY_CHECK_MINUTE_SECONDS is a test setting: '],
  ]
  for (const [what, extra, line] of cases) {
    it.concurrent(`with ${what}`, async () => {
      const { code, stderr } = await runUntilExit(await serverEnv({ ...production, ...extra }))
      expect(code, stderr).toBe(2)
      const lines = problemLines(stderr)
      // Every problem is listed, not only the first: this one, and the missing real provider.
      const expected = line.includes('PIX_PROVIDER') ? [line] : [line, NO_PROVIDER]
      expect(lines.length, stderr).toBe(expected.length)
      expected.forEach((start, i) => expect(lines[i], stderr).toMatch(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)))
    })
  }

  it.concurrent('with no PIX provider, even when everything else is safe', async () => {
    const { code, stderr } = await runUntilExit(await serverEnv(production))
    expect(code, stderr).toBe(2)
    expect(problemLines(stderr)).toEqual([NO_PROVIDER])
  })

  it.concurrent('listing every problem at once, whatever NODE_ENV says', async () => {
    const env = await serverEnv({ APP_MODE: 'production', NODE_ENV: 'development', PIX_PROVIDER: 'sandbox', PAYOUT_SANDBOX_SETTLE_SECONDS: '5', CAPTCHA_FIXED_ANSWER: 'teste' })
    const { code, stderr } = await runUntilExit(env)
    expect(code, stderr).toBe(2)
    // GAME_PROVIDERS and GAME_AGGREGATOR unset: production lists no provider games (nothing to refuse).
    expect(problemLines(stderr).map((l) => l.split(' ')[2])).toEqual(['PIX_PROVIDER', 'PAYOUT_SANDBOX_SETTLE_SECONDS', 'PAYMENT_WEBHOOK_SECRET', 'KYC_PROVIDER', 'CAPTCHA_FIXED_ANSWER'])
  })
})

describe('nonsense numbers are refused at start, in every mode', () => {
  // Each is refused whatever the mode: none of them means anything (NaN, a timeout of 0, a timer
  // past setTimeout's 24.8 days that would fire at once, more proxy hops than any deployment has).
  const nonsense: [string, string][] = [
    ['SESSION_IDLE_HOURS', 'abc'],
    ['SESSION_IDLE_HOURS', '0'],
    ['SESSION_MAX_DAYS', '-1'],
    ['PROVIDER_SESSION_HOURS', 'doze'],
    ['HTTP_TIMEOUT_SECONDS', '0'],
    ['HTTP_TIMEOUT_SECONDS', '1e9'],
    ['DB_STATEMENT_TIMEOUT_SECONDS', '0'],
    ['RETENTION_INTERVAL_MINUTES', '100000'],
    ['PIX_RECONCILE_MINUTES', 'Infinity'],
    ['PIX_RECONCILE_HOURS', '0'],
    ['PIX_TIMEOUT_SECONDS', '0'],
    ['WITHDRAW_PER_DAY', '0'],
    ['USDT_RATE', '0'],
    ['DEPOSIT_TTL_MINUTES', '0'],
    ['PROMO_OFFER_TTL_MINUTES', '0'],
    ['PASSWORD_CHANGE_HOLD_HOURS', '1e6'],
    ['PAYOUT_SANDBOX_SETTLE_SECONDS', '1e9'],
    ['ROUND_CHAIN_LENGTH', '1e12'],
    ['PORT', '70000'],
    ['TRUST_PROXY', '6'],
    ['TRUST_PROXY', '99999999999999999999'],
    ['RATE_LIMIT_CAPTCHA_IP', '0/1h'],
    ['RATE_LIMIT_REGISTER_IP', '10/0h'],
    ['RATE_LIMIT_SENDEMAIL_IP', 'many'],
    ['ROUND_TIMINGS', 'double=99999999/6/4'],
  ]
  for (const mode of ['demo', 'production']) {
    it(`${mode}: a ConfigError naming the variable`, () => {
      for (const [name, value] of nonsense) {
        let error: unknown = null
        try {
          loadConfig({ APP_MODE: mode, [name]: value })
        } catch (err) {
          error = err
        }
        expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError)
        // The setting's own line first; production then lists its unsafe defaults (none about this setting).
        const [first, ...rest] = (error as ConfigError).problems
        expect(first, `${name}=${value}`).toMatch(new RegExp(`^${name}\\b`))
        if (mode === 'demo') expect(rest, `${name}=${value}`).toEqual([])
        else expect(rest.filter((line) => line.startsWith(name)), `${name}=${value}`).toEqual([])
      }
    })
  }

  it('the defaults and the edges of each range load', () => {
    const config = loadConfig({ TRUST_PROXY: '5', HTTP_TIMEOUT_SECONDS: '1', RETENTION_INTERVAL_MINUTES: '0.001', PIX_RECONCILE_MINUTES: '0', SESSION_IDLE_HOURS: '0.5', PORT: '0' })
    expect(config.trustProxy).toBe(5)
    expect(config.httpTimeoutMs).toBe(1000)
    expect(config.sessionIdleMs).toBe(1_800_000)
    expect(config.wallet.pix.reconcileEveryMs).toBe(0)
    expect(loadConfig({}).sessionIdleMs).toBe(72 * 3_600_000)
  })

  it.concurrent('the started process says which one and exits with 2', async () => {
    const { code, stderr } = await runUntilExit(await serverEnv({ SESSION_IDLE_HOURS: 'abc' }))
    expect(code, stderr).toBe(2)
    expect(problemLines(stderr)).toEqual([expect.stringMatching(/^Configuration error: SESSION_IDLE_HOURS must be a number from 0\.1 to 720, not "abc"$/)])
  })
})

describe('APP_MODE', () => {
  it.concurrent('refuses an unknown mode', async () => {
    const { code, stderr } = await runUntilExit(await serverEnv({ APP_MODE: 'prod' }))
    expect(code, stderr).toBe(2)
    expect(problemLines(stderr)).toEqual(['Configuration error: APP_MODE must be demo or production, not "prod"'])
  })

  it('unset, npm start runs the demo and says so to the client', async () => {
    const env = await serverEnv({ NODE_ENV: 'production' })
    const template = inject('pgliteTemplate')
    // A copy of the migrated template opens in a fraction of initdb's time.
    if (fs.existsSync(template)) fs.cpSync(template, path.join(env.DATA_DIR!, 'pglite'), { recursive: true })
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const exited = new Promise((r) => child.once('exit', r))
    try {
      const end = Date.now() + 30_000
      let info: unknown = null
      while (info === null) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`)
        if (Date.now() > end) throw new Error(`the server did not start: ${stderr}`)
        info = await fetch(`http://127.0.0.1:${env.PORT}/api/app/main/appInfo`)
          .then((r) => r.json())
          .catch(() => null)
        if (info === null) await new Promise((r) => setTimeout(r, 100))
      }
      expect(info).toEqual({ status: 200, msg: '', data: { mode: 'demo', sport: 'simulator', jurisdiction: null, selfExclusionUrl: null, termsVersion: null } })
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  }, 40_000)
})
