import path from 'node:path'
import { CASINO_LIMIT_DEFAULTS } from '../shared/contract/casino'
import { reaisTextToCentavos } from '../shared/money'

/** A limit of `count` events per `windowMs`, written in the environment as e.g. "10/15m". */
export interface RateRule {
  count: number
  windowMs: number
}

export interface RateLimits {
  loginFailPerAccount: RateRule
  loginFailPerIp: RateRule
  captchaPerIp: RateRule
  registerPerIp: RateRule
  sendEmailPerIp: RateRule
  sendEmailPerAccount: RateRule
  testAccountPerIp: RateRule
}

/** The wallet's business limits (spec section 9), each overridable from the environment. */
export interface WalletConfig {
  /** Smallest withdrawal, centavos (WITHDRAW_MIN, reais). */
  withdrawMin: bigint
  /** Largest single withdrawal, centavos (WITHDRAW_MAX, reais). */
  withdrawMax: bigint
  /** Withdrawals per day, days in America/Sao_Paulo (WITHDRAW_PER_DAY). */
  withdrawPerDay: number
  /** Reais per USDT for the USDT withdrawal type (USDT_RATE). */
  usdtRate: number
  /** How long a deposit order waits for its payment (DEPOSIT_TTL_MINUTES). */
  depositTtlMs: number
  /** HMAC-SHA256 key of the payment webhooks (PAYMENT_WEBHOOK_SECRET). */
  paymentWebhookSecret: string
  /** Serve the sandbox PIX provider (SANDBOX_PAYMENTS); on by default outside production. */
  sandboxPayments: boolean
  /** The sandbox payout processor settles a withdrawal this long after it was asked; null: never on its own. */
  payoutSandboxSettleMs: number | null
  /** Stakes in one São Paulo day after which the bonus boost (EXPPAY) is offered, once that day (BOOST_AFTER_WAGERED, reais; 0 turns it off). */
  boostAfterWagered: bigint
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL when set; embedded PGlite in dataDir otherwise. */
  databaseUrl: string | null
  /** Accepted by every captcha; for automated tests only, refused in production. */
  captchaFixedAnswer: string | null
  mailOutboxDir: string
  smtpUrl: string | null
  mailFrom: string
  production: boolean
  trustProxy: boolean
  /** Serve the built client from this folder when it exists. */
  clientDir: string | null
  sessionIdleMs: number
  sessionMaxMs: number
  captchaTtlMs: number
  resetResendMs: number
  resetCodeTtlMs: number
  resetCheckTtlMs: number
  rateLimits: RateLimits
  argon2: { memoryCost: number; timeCost: number; parallelism: number }
  log: boolean
  wallet: WalletConfig
  /** Casino originals' limits in centavos (CASINO_MIN_STAKE, CASINO_MAX_STAKE, CASINO_MAX_PAYOUT in reais). */
  casino: { minStake: bigint; maxStake: bigint; maxPayout: bigint }
  /** Receiving a request, and a connection silent this long, end it (HTTP_TIMEOUT_SECONDS). */
  httpTimeoutMs: number
  /** PostgreSQL's statement_timeout for every query (DB_STATEMENT_TIMEOUT_SECONDS); PGlite has no such timer. */
  dbStatementTimeoutMs: number
  /** How often expired sessions, keys, resets, captchas and old payment events are purged (RETENTION_INTERVAL_MINUTES; 0: never). */
  retentionIntervalMs: number
  /** Origins the app may show in a frame besides its own (CSP_FRAME_SRC, plus the origin of VITE_CHAT_URL). */
  frameSources: string[]
}

/** Only for development: a deployment must set its own (refused in production). */
export const DEV_WEBHOOK_SECRET = 'dev-only-webhook-secret'

function reaisEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): bigint {
  const centavos = reaisTextToCentavos((env[name] || fallback).trim())
  if (centavos === null || centavos <= 0n) throw new ConfigError(`${name} must be an amount in reais, e.g. ${fallback}`)
  return centavos
}

function numberEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, integer = true): number {
  const raw = env[name]
  const n = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) throw new ConfigError(`${name} must be a ${integer ? 'whole ' : ''}number, not "${raw}"`)
  return n
}

function loadWalletConfig(env: NodeJS.ProcessEnv, production: boolean): WalletConfig {
  const settle = env.PAYOUT_SANDBOX_SETTLE_SECONDS
  const wallet: WalletConfig = {
    withdrawMin: reaisEnv(env, 'WITHDRAW_MIN', '30'),
    withdrawMax: reaisEnv(env, 'WITHDRAW_MAX', '10000'),
    withdrawPerDay: numberEnv(env, 'WITHDRAW_PER_DAY', 3),
    usdtRate: numberEnv(env, 'USDT_RATE', 5.5, false),
    depositTtlMs: numberEnv(env, 'DEPOSIT_TTL_MINUTES', 30) * 60_000,
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET,
    sandboxPayments: env.SANDBOX_PAYMENTS ? env.SANDBOX_PAYMENTS === '1' || env.SANDBOX_PAYMENTS === 'true' : !production,
    payoutSandboxSettleMs: settle === 'off' ? null : numberEnv(env, 'PAYOUT_SANDBOX_SETTLE_SECONDS', 120) * 1000,
    boostAfterWagered: env.BOOST_AFTER_WAGERED === '0' ? 0n : reaisEnv(env, 'BOOST_AFTER_WAGERED', '100'),
  }
  if (wallet.withdrawMin > wallet.withdrawMax) throw new ConfigError('WITHDRAW_MIN must not exceed WITHDRAW_MAX')
  if (production && wallet.paymentWebhookSecret === DEV_WEBHOOK_SECRET) {
    throw new ConfigError('PAYMENT_WEBHOOK_SECRET must be set when NODE_ENV=production')
  }
  return wallet
}

/** The origins a frame may show: CSP_FRAME_SRC (comma-separated) and the support chat's (the client's VITE_CHAT_URL). */
function frameSources(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.CSP_FRAME_SRC ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  const chat = env.VITE_CHAT_URL?.trim()
  const origins = new Set<string>()
  for (const [name, text] of [...listed.map((s) => ['CSP_FRAME_SRC', s]), ...(chat ? [['VITE_CHAT_URL', chat]] : [])] as [string, string][]) {
    let url: URL
    try {
      // The chat URL is a template ({licence} ...): only its origin matters here.
      url = new URL(text.replace(/\{\w+\}/g, 'x'))
    } catch {
      throw new ConfigError(`${name} must hold https:// addresses, not "${text}"`)
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${name} must hold https:// addresses, not "${text}"`)
    origins.add(url.origin)
  }
  return [...origins]
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseRateRule(text: string): RateRule {
  const match = /^(\d+)\/(\d*)([smhd])$/.exec(text.trim())
  if (!match) throw new Error(`bad rate limit "${text}": write it as count/window, e.g. 10/15m`)
  const [, count, n, unit] = match
  return { count: Number(count), windowMs: Number(n || 1) * UNITS[unit!]! }
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; every value has a default that runs locally. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production'
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const rate = (name: string, fallback: string) => parseRateRule(env[`RATE_LIMIT_${name}`] || fallback)
  const config: Config = {
    port: Number(env.PORT || 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    captchaFixedAnswer: env.CAPTCHA_FIXED_ANSWER || null,
    mailOutboxDir: path.resolve(env.MAIL_OUTBOX_DIR || path.join(dataDir, 'outbox')),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Aposta <no-reply@localhost>',
    production,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    clientDir: path.resolve(env.CLIENT_DIR || 'dist/client'),
    sessionIdleMs: Number(env.SESSION_IDLE_HOURS || 72) * 3_600_000,
    sessionMaxMs: Number(env.SESSION_MAX_DAYS || 30) * 86_400_000,
    captchaTtlMs: 5 * 60_000,
    resetResendMs: 180_000,
    resetCodeTtlMs: 15 * 60_000,
    resetCheckTtlMs: 10 * 60_000,
    rateLimits: {
      loginFailPerAccount: rate('LOGIN_ACCOUNT', '10/15m'),
      loginFailPerIp: rate('LOGIN_IP', '100/1h'),
      captchaPerIp: rate('CAPTCHA_IP', '600/1h'),
      registerPerIp: rate('REGISTER_IP', '100/1h'),
      sendEmailPerIp: rate('SENDEMAIL_IP', '30/1h'),
      sendEmailPerAccount: rate('SENDEMAIL_ACCOUNT', '6/1h'),
      testAccountPerIp: rate('TEST_ACCOUNT_IP', '60/1h'),
    },
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    log: env.LOG !== '0',
    wallet: loadWalletConfig(env, production),
    casino: {
      minStake: reaisEnv(env, 'CASINO_MIN_STAKE', CASINO_LIMIT_DEFAULTS.minStake),
      maxStake: reaisEnv(env, 'CASINO_MAX_STAKE', CASINO_LIMIT_DEFAULTS.maxStake),
      maxPayout: reaisEnv(env, 'CASINO_MAX_PAYOUT', CASINO_LIMIT_DEFAULTS.maxPayout),
    },
    httpTimeoutMs: numberEnv(env, 'HTTP_TIMEOUT_SECONDS', 30) * 1000,
    dbStatementTimeoutMs: numberEnv(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 10) * 1000,
    retentionIntervalMs: numberEnv(env, 'RETENTION_INTERVAL_MINUTES', 60, false) * 60_000,
    frameSources: frameSources(env),
    ...overrides,
  }
  if (config.production && config.captchaFixedAnswer) {
    throw new ConfigError('CAPTCHA_FIXED_ANSWER is for automated tests and is refused when NODE_ENV=production')
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`)
  }
  return config
}
