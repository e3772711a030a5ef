import path from 'node:path'

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
