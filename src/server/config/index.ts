// Every setting of the server, one typed Config, read once at start (loadConfig). Each domain's
// part is read by its own module here (wallet, pix, sport, rounds, proxy); env.ts has the readers.
import path from 'node:path'
import { APP_MODES, type AppMode } from '../../shared/contract/appInfo'
import { CASINO_LIMIT_DEFAULTS } from '../../shared/contract/casino'
import { everyProblem, numberEnv, parseRateRule, problem, reaisEnv, switchEnv, type RateRule } from './env'
import { loadJurisdictionConfig, type JurisdictionConfig } from './jurisdiction'
import { loadOpsConsoleConfig, type OpsConsoleConfig } from './opsConsole'
import { defaultGameProviders, hub88Problems, loadGameAggregator, loadHub88Config, type GameAggregator, type Hub88Config } from './hub88'
import { loadKycConfig, type KycConfig } from './kyc'
import { DEV_WEBHOOK_SECRET, MIN_WEBHOOK_SECRET_BYTES } from './pix'
import { parseTrustProxy, type TrustProxy } from './proxy'
import { loadRoundsConfig, type RoundsConfig } from './rounds'
import { loadSportConfig, type SportConfig } from './sport'
import { loadWalletConfig, type WalletConfig } from './wallet'
export { ConfigError, parseRateRule, type RateRule } from './env'
export { DEV_WEBHOOK_SECRET } from './pix'
export { clientAddress, fastifyTrustProxy, type TrustProxy } from './proxy'
export type { RoundsConfig } from './rounds'
export type { WalletConfig } from './wallet'


interface RateLimits {
  /** Failed logins of one account from one address: what stops one guesser without locking the owner out elsewhere. */
  loginFailPerAccountIp: RateRule
  /** Failed logins of one account from everywhere: a ceiling only a distributed attack reaches (at least 100 an hour). */
  loginFailPerAccount: RateRule
  captchaPerIp: RateRule
  registerPerIp: RateRule
  sendEmailPerIp: RateRule
  sendEmailPerAccount: RateRule
  testAccountPerIp: RateRule
  /** Transfers to unknown recipients per sender (RATE_LIMIT_TRANSFER_LOOKUP): the lookup must not list accounts. */
  transferLookupPerAccount: RateRule
  /** KYC submissions refused because the CPF belongs to another account, per account (RATE_LIMIT_KYC_TAKEN): the form must not test which CPFs are registered. */
  kycTakenPerAccount: RateRule
  /** KYC submissions the identity provider refused (CPF not regular, another name ...), per account (RATE_LIMIT_KYC_REFUSED): the form must not test whose name or birth date goes with a CPF, and each check is billed. */
  kycRefusedPerAccount: RateRule
  /** New passwords set through a reset's chkId, per address (each costs an argon2 hash). */
  setPwdPerIp: RateRule
  /** Operators' notices accepted, all together (RATE_LIMIT_NOTICE): each goes to every player's screen. */
  noticePerToken: RateRule
  /** Wrong ops tokens per address (RATE_LIMIT_OPS_FAIL_IP): past it the address waits, whatever token it sends. */
  opsFailPerIp: RateRule
  /** Operators' failed logins per address (RATE_LIMIT_OPS_LOGIN_IP) and per e-mail (RATE_LIMIT_OPS_LOGIN_ACCOUNT). */
  opsLoginFailPerIp: RateRule
  opsLoginFailPerAccount: RateRule
  /** Wrong second-factor codes per operator (RATE_LIMIT_OPS_CODE): six digits must not be tried through. */
  opsCodeFailPerAccount: RateRule
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** The operators' token (OPS_TOKEN) for POST /api/ops/notice; unset: one kept in DATA_DIR/ops-token outside production, none in production. */
  opsToken: string | null
  /** METRICS_TOKEN: GET /metrics answers Prometheus's scrapes that carry it (Authorization: Bearer); unset, /metrics is off. */
  metricsToken: string | null
  /**
   * Game providers' wallet-call secrets by provider code (PROVIDER_SECRETS, "PG=...,EVO=...,BG=...");
   * unset outside production: one per built-in code kept in DATA_DIR/provider-secrets.json; production
   * needs each one set, at least 32 bytes.
   */
  providerSecrets: Record<string, string>
  /** DEMO_PROVIDER_FAULTS: the demo provider's spins may ask for a fault (tests; refused in production). */
  demoProviderFaults: boolean
  /** GAME_PROVIDERS: "CODE=kind" pairs, the game providers to list and launch (default by GAME_AGGREGATOR: PG=demo,EVO=demo,BG=demo or PG=hub88,...; empty: none). */
  gameProviders: string
  /** GAME_AGGREGATOR: where the side menu's provider games come from (hub88, demo mode's default with its emulator; demo: the built-in demo provider directly; none, production's default). */
  gameAggregator: GameAggregator
  /** Hub88's settings (HUB88_*), read whatever the aggregator: see Hub88Config. */
  hub88: Hub88Config
  /** How long a provider game session's token is good for bets after its launch (PROVIDER_SESSION_HOURS, 12); wins and rollbacks are taken after it. */
  providerSessionMs: number
  /**
   * How long after a provider session closed or expired its rounds' wins are still taken
   * (PROVIDER_SETTLE_WINDOW_HOURS, 24); the retention job purges the session after it.
   */
  providerSettleMs: number
  /** A provider's net payout in a day (its wins less its stakes), centavos, above which the log raises an alert (PROVIDER_ALERT_NET_PER_DAY, R$ 50.000). */
  providerAlertNetPerDay: bigint
  /** PostgreSQL when set; embedded PGlite in dataDir otherwise. */
  databaseUrl: string | null
  /** Accepted by every captcha; for automated tests only, refused in production. */
  captchaFixedAnswer: string | null
  mailOutboxDir: string
  smtpUrl: string | null
  mailFrom: string
  /** APP_MODE: 'demo' (simulated payments, the UI says so) or 'production' (refuses to start with any unsafe setting). */
  appMode: AppMode
  /** appMode is 'production' (HSTS and the like). */
  production: boolean
  /** Fastify's trustProxy: how many proxy hops, or which proxy addresses, may speak for the client; false: none. */
  trustProxy: TrustProxy
  /** Serve the built client from this folder when it exists. */
  clientDir: string | null
  /** The demo game provider's built page (DEMO_PROVIDER_DIR, default dist/demo-provider); served when it holds a build. */
  demoProviderDir: string
  /** The operators' console's build (OPS_CLIENT_DIR, default dist/ops; vite.ops.config.ts); served at /ops when it holds one. */
  opsClientDir: string
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
  /** The shared-round games (Double, Row Double, Lucky Color): see RoundsConfig. */
  rounds: RoundsConfig
  /** The sportsbook: see SportConfig. */
  sport: SportConfig
  /** The identity check (KYC_PROVIDER, Datavalid): see KycConfig. */
  kyc: KycConfig
  /** The regulatory profile (JURISDICTION=BR): see JurisdictionConfig. */
  jurisdiction: JurisdictionConfig
  /** The operators' console (issue 35). */
  opsConsole: OpsConsoleConfig
  /** Receiving a request, and a connection silent this long, end it (HTTP_TIMEOUT_SECONDS). */
  httpTimeoutMs: number
  /** PostgreSQL's statement_timeout for every query (DB_STATEMENT_TIMEOUT_SECONDS); PGlite has no such timer. */
  dbStatementTimeoutMs: number
  /** How often expired sessions, keys, resets, captchas and old payment events are purged (RETENTION_INTERVAL_MINUTES; 0: never). */
  retentionIntervalMs: number
  /** How often PGlite's grown tables are vacuumed and analyzed, the autovacuum it lacks (PGLITE_VACUUM_SECONDS; 0: never; PostgreSQL has its own). */
  pgliteVacuumMs: number
  /** Origins the app may show in a frame besides its own (CSP_FRAME_SRC, plus the origin of VITE_CHAT_URL). */
  frameSources: string[]
  /** CSP_IMG_SRC: origins images may come from besides this one (an aggregator's game thumbnails: Hub88's url_thumb). */
  imageSources: string[]
  /**
   * The app's own public origins (PUBLIC_ORIGIN, comma-separated): the policy's connect-src names
   * their wss:// (ws:// for an http:// one) for browsers whose 'self' does not cover the socket.
   */
  publicOrigins: string[]
  /** The socket's edge: see RealtimeLimits. */
  realtime: RealtimeLimits
}

/** Limits of the realtime socket, per server process. */
export interface RealtimeLimits {
  /** Open sockets of one player (SOCKETS_PER_PLAYER, 10: tabs and devices) and of one address (SOCKETS_PER_ADDRESS, 200: a carrier's NAT puts many players behind one). */
  socketsPerPlayer: number
  socketsPerAddress: number
  /** Matches one socket may watch at once (SOCKET_WATCH_MAX, 10: a page and its neighbours). */
  watchPerSocket: number
  /** Each socket's token bucket for the events it sends (SOCKET_EVENT_BURST, 20; SOCKET_EVENTS_PER_SECOND, 5): past it events are dropped. */
  eventBurst: number
  eventsPerSecond: number
}

function appModeEnv(env: NodeJS.ProcessEnv): AppMode {
  const raw = env.APP_MODE ?? ''
  if (raw === '') return 'demo'
  if ((APP_MODES as readonly string[]).includes(raw)) return raw as AppMode
  return problem(`APP_MODE must be ${APP_MODES.join(' or ')}, not "${raw}"`, 'demo')
}

/**
 * Why production mode must not start with this configuration: one line per unsafe setting, all
 * of them (an operator fixes everything in one pass). Production fails closed: every simulation
 * that moves play money as if it were real is refused, not silently turned off.
 */
function productionProblems(config: Config): string[] {
  const problems: string[] = []
  const { wallet } = config
  if (wallet.pix.provider === 'sandbox') {
    problems.push('PIX_PROVIDER is sandbox: the built-in PSP emulator\'s pay page has a "Pagar" button that credits any deposit order. Set PIX_PROVIDER=apipix with a real PSP.')
  }
  if (wallet.payoutSandboxSettleMs !== null) {
    problems.push('PAYOUT_SANDBOX_SETTLE_SECONDS is set: the sandbox payouts mark withdrawals paid without paying anyone. Unset it.')
  }
  const secretBytes = Buffer.byteLength(wallet.paymentWebhookSecret, 'utf8')
  if (wallet.paymentWebhookSecret === DEV_WEBHOOK_SECRET || secretBytes < MIN_WEBHOOK_SECRET_BYTES) {
    problems.push(
      `PAYMENT_WEBHOOK_SECRET must be a secret of at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (${
        wallet.paymentWebhookSecret === DEV_WEBHOOK_SECRET ? 'unset, the public development value would sign the webhooks' : `it has ${secretBytes}`
      }).`,
    )
  }
  if (config.demoProviderFaults) problems.push('DEMO_PROVIDER_FAULTS is on: the demo provider would misbehave on request. It is for tests only; unset it.')
  let hub88Codes = 0
  for (const part of config.gameProviders.split(',').map((x) => x.trim()).filter(Boolean)) {
    const [code = '', kind = ''] = part.split('=').map((x) => x.trim())
    if (kind === 'demo') {
      problems.push(`GAME_PROVIDERS lists ${code} as the built-in demo provider, a development slot: production lists real aggregators (or GAME_PROVIDERS= for none).`)
    } else if (kind === 'hub88') {
      hub88Codes++
    } else if (!config.providerSecrets[code]) {
      problems.push(`PROVIDER_SECRETS has no secret for ${code}: every wallet call of that provider would be refused. Add ${code}=<secret>.`)
    }
  }
  // Hub88's codes share one integration: its settings are checked once. Its games open from the
  // game studios' hosts and its thumbnails from its CDN: the policy must let them in.
  if (hub88Codes) {
    problems.push(...hub88Problems(config.hub88))
    if (!config.frameSources.length) problems.push("CSP_FRAME_SRC is unset: Hub88's games open in a frame from the game studios' hosts, which the page's policy would refuse. List them (e.g. https://*.hub88.io and each studio's game host Hub88 names).")
    if (!config.imageSources.length) problems.push("CSP_IMG_SRC is unset: Hub88's game thumbnails (url_thumb) come from its CDN, which the page's policy would refuse. List its origin.")
  }
  for (const [code, secret] of Object.entries(config.providerSecrets)) {
    if (Buffer.byteLength(secret) < MIN_WEBHOOK_SECRET_BYTES) problems.push(`PROVIDER_SECRETS: ${code}'s secret must be at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (it has ${Buffer.byteLength(secret)}).`)
  }
  const { sport } = config
  if (sport.feed === 'simulator') {
    problems.push('SPORT_FEED is simulator: its matches are invented and its dev call settles any match. Production takes a real odds feed (SPORT_FEED=none closes the sportsbook until one is configured).')
  }
  if (sport.feed === 'theoddsapi') {
    const { url, key } = sport.oddsApi
    if (url === null) problems.push('ODDS_API_URL is unset: the feed would read the built-in Odds API emulator, whose matches are invented (production never mounts it). Set ODDS_API_URL=https://api.the-odds-api.com.')
    else if (!url.startsWith('https://')) problems.push('ODDS_API_URL must be https:// in production (the API key travels in its query).')
    if (key === '') problems.push('ODDS_API_KEY is unset: The Odds API answers every call without a key 401. Set the key of your plan.')
  }
  if (sport.seed !== null) problems.push('SPORT_SEED is set: the simulator\'s matches would follow a known seed, so anyone could compute their results. Unset it.')
  if (sport.timeScale !== 1) problems.push('SPORT_TIME_SCALE is set: the sportsbook\'s clock would not be the real one. Unset it.')
  if (sport.clock !== null) {
    problems.push('SPORT_CLOCK is set: the sportsbook would stand still at one instant. It is for visual snapshots only; unset it.')
  }
  if (config.kyc.provider === null) {
    problems.push('KYC_PROVIDER is none: identities would rest on the CPF\'s check digits alone, so one person could hold many accounts. Set KYC_PROVIDER=datavalid with Serpro\'s DATAVALID_* settings.')
  }
  if (config.kyc.provider === 'emulator') {
    problems.push('KYC_PROVIDER is emulator: the built-in Datavalid emulator confirms any CPF whose check digits hold with any name, so anyone could verify an identity that is not theirs. Set KYC_PROVIDER=datavalid with Serpro\'s DATAVALID_* settings.')
  }
  for (const [name, value] of [['DATAVALID_BASE_URL', config.kyc.baseUrl], ['DATAVALID_TOKEN_URL', config.kyc.tokenUrl]] as const) {
    if (config.kyc.provider === 'datavalid' && value !== null && !value.startsWith('https://')) problems.push(`${name} must be https:// in production.`)
  }
  if (config.captchaFixedAnswer) {
    problems.push('CAPTCHA_FIXED_ANSWER is set: every captcha would accept it. It is for automated tests only; unset it.')
  }
  for (const origin of config.publicOrigins.filter((o) => !o.startsWith('https://'))) problems.push(`PUBLIC_ORIGIN must be https:// in production, not "${origin}".`)
  if (config.metricsToken !== null && Buffer.byteLength(config.metricsToken) < MIN_WEBHOOK_SECRET_BYTES) {
    problems.push(`METRICS_TOKEN must be a secret of at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (it has ${Buffer.byteLength(config.metricsToken)}).`)
  }
  if (config.opsToken !== null && Buffer.byteLength(config.opsToken) < MIN_WEBHOOK_SECRET_BYTES) {
    problems.push(`OPS_TOKEN must be a secret of at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (it has ${Buffer.byteLength(config.opsToken)}).`)
  }
  if (wallet.pix.reconcileEveryMs === 0) {
    problems.push('PIX_RECONCILE_MINUTES is 0: reconciliation would be off, and a Pix whose webhook never came would never be credited. Set it to a few minutes.')
  }
  if (config.rounds.salt.method === 'seeds' && config.rounds.salt.waitMs < 10_000) {
    problems.push('ROUND_SALT_WAIT_SECONDS is under 10: a new chain\'s salt would be fixed before players can send their seeds, often from none (a value known in advance). Give them at least 10 seconds (default 30).')
  }
  if (wallet.realityMinuteMs !== 60_000) problems.push('REALITY_CHECK_MINUTE_SECONDS is a test setting: a reality check\'s minute is 60 seconds in production.')
  if (wallet.pix.provider === null) problems.push('PIX_PROVIDER is none: production needs PIX deposits; set PIX_PROVIDER=apipix and the PSP\'s PIX_* settings.')
  if (wallet.pix.provider === 'apipix') {
    if (wallet.pix.cert === null) problems.push('PIX_CERT / PIX_KEY are unset: API Pix PSPs require mutual TLS with the client certificate they issued.')
    if (wallet.pix.baseUrl !== null && !wallet.pix.baseUrl.startsWith('https://')) problems.push('PIX_BASE_URL must be https:// in production.')
    if (wallet.pix.webhookUrl !== null && !wallet.pix.webhookUrl.startsWith('https://')) problems.push('PIX_WEBHOOK_URL must be https:// in production.')
  }
  return problems
}

/** The origins a frame may show: CSP_FRAME_SRC (comma-separated) and the support chat's (the client's VITE_CHAT_URL). */
function frameSources(env: NodeJS.ProcessEnv): string[] {
  const chat = env.VITE_CHAT_URL?.trim()
  return cspOrigins([...listed(env, 'CSP_FRAME_SRC'), ...(chat ? [['VITE_CHAT_URL', chat] as [string, string]] : [])])
}

/** An environment list of origins (comma-separated), each with its variable's name for the error. */
const listed = (env: NodeJS.ProcessEnv, name: string): [string, string][] =>
  (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => [name, s])

/** Origins for the policy (https://host, or https://*.host for a provider's many game hosts), each checked. */
function cspOrigins(entries: [string, string][]): string[] {
  const origins = new Set<string>()
  for (const [name, text] of entries) {
    let url: URL
    try {
      // The chat URL is a template ({licence} ...): only its origin matters here.
      url = new URL(text.replace(/\{\w+\}/g, 'x'))
    } catch {
      problem(`${name} must hold https:// addresses, not "${text}"`, null)
      continue
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problem(`${name} must hold https:// addresses, not "${text}"`, null)
    else origins.add(url.origin)
  }
  return [...origins]
}

/** PUBLIC_ORIGIN: origins (scheme, host, port; no path), each as URL.origin spells it. */
function publicOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins = new Set<string>()
  for (const text of (env.PUBLIC_ORIGIN ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL | null = null
    try {
      url = new URL(text)
    } catch {
      // Refused below.
    }
    const bare = url !== null && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !text.endsWith('#') && !text.endsWith('?')
    if (url === null || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      problem(`PUBLIC_ORIGIN must hold the app's origins, e.g. https://aposta.example.com (no path), not "${text}"`, null)
    } else {
      origins.add(url.origin)
    }
  }
  return [...origins]
}

/** PROVIDER_SECRETS: "CODE=secret" pairs, comma-separated; a code is 2 to 16 capitals or digits. */
function parseProviderSecrets(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (raw ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const eq = part.indexOf('=')
    const code = part.slice(0, eq).trim()
    const secret = part.slice(eq + 1).trim()
    if (eq < 1 || !/^[A-Z0-9]{2,16}$/.test(code) || !secret) problem(`PROVIDER_SECRETS must read like PG=secret,EVO=secret, not "${part.slice(0, 40)}"`, null)
    else out[code] = secret
  }
  return out
}

/** Events per hour a rule allows at its steadiest. */
const perHour = (rule: RateRule) => (rule.count * 3_600_000) / rule.windowMs

/** PROVIDER_SETTLE_WINDOW_HOURS: more than 0 (a round still spinning when the player leaves is paid), at most 30 days. */
function settleWindowEnv(env: NodeJS.ProcessEnv): number {
  const hours = numberEnv(env, 'PROVIDER_SETTLE_WINDOW_HOURS', 24, false)
  if (hours <= 0 || hours > 720) return problem(`PROVIDER_SETTLE_WINDOW_HOURS must be hours above 0 and at most 720 (30 days), not "${env.PROVIDER_SETTLE_WINDOW_HOURS}"`, 24) * 3_600_000
  return hours * 3_600_000
}

/**
 * Reads the configuration from the environment; every value has a default that runs locally. A
 * configuration it refuses throws one ConfigError naming every wrong setting (and, in production,
 * every unsafe one), so an operator mends them all in one pass.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return everyProblem(
    () => readConfig(env, overrides),
    (config) => (config.appMode === 'production' ? productionProblems(config) : []),
  )
}

function readConfig(env: NodeJS.ProcessEnv, overrides: Partial<Config>): Config {
  // The mode is explicit: NODE_ENV (often set, or not, by a platform) decides no safety setting.
  const appMode = appModeEnv(env)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const rate = (name: string, fallback: string) => {
    try {
      return parseRateRule(env[`RATE_LIMIT_${name}`] || fallback)
    } catch {
      return problem(`RATE_LIMIT_${name} must be a count per window such as ${fallback} (at least 1, a window up to 30d), not "${env[`RATE_LIMIT_${name}`]}"`, parseRateRule(fallback))
    }
  }
  // Checked on the environment's value alone: tests may override it lower.
  const loginFailPerAccount = rate('LOGIN_ACCOUNT', '100/1h')
  if (perHour(loginFailPerAccount) < 100) {
    problem('RATE_LIMIT_LOGIN_ACCOUNT must allow at least 100 failed logins an hour, or one attacker can lock an owner out', null)
  }
  if (env.RATE_LIMIT_LOGIN_IP) {
    problem('RATE_LIMIT_LOGIN_IP is gone: failed logins count per account and address (RATE_LIMIT_LOGIN_ACCOUNT_IP)', null)
  }
  const gameAggregator = loadGameAggregator(env, appMode)
  const config: Config = {
    port: numberEnv(env, 'PORT', 3000, true, { max: 65_535 }),
    host: env.HOST || '0.0.0.0',
    dataDir,
    opsToken: (env.OPS_TOKEN ?? '').trim() || null,
    metricsToken: (env.METRICS_TOKEN ?? '').trim() || null,
    providerSecrets: parseProviderSecrets(env.PROVIDER_SECRETS),
    providerSessionMs: numberEnv(env, 'PROVIDER_SESSION_HOURS', 12, false, { min: 0.1, max: 168 }) * 3_600_000,
    providerSettleMs: settleWindowEnv(env),
    providerAlertNetPerDay: reaisEnv(env, 'PROVIDER_ALERT_NET_PER_DAY', '50000'),
    gameProviders: env.GAME_PROVIDERS ?? defaultGameProviders(gameAggregator),
    gameAggregator,
    hub88: loadHub88Config(env),
    demoProviderFaults: switchEnv(env, 'DEMO_PROVIDER_FAULTS', false),
    databaseUrl: env.DATABASE_URL || null,
    captchaFixedAnswer: env.CAPTCHA_FIXED_ANSWER || null,
    mailOutboxDir: path.resolve(env.MAIL_OUTBOX_DIR || path.join(dataDir, 'outbox')),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Aposta <no-reply@localhost>',
    appMode,
    production: appMode === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist/client'),
    demoProviderDir: path.resolve(env.DEMO_PROVIDER_DIR || 'dist/demo-provider'),
    opsClientDir: path.resolve(env.OPS_CLIENT_DIR || 'dist/ops'),
    sessionIdleMs: numberEnv(env, 'SESSION_IDLE_HOURS', 72, false, { min: 0.1, max: 720 }) * 3_600_000,
    sessionMaxMs: numberEnv(env, 'SESSION_MAX_DAYS', 30, false, { min: 0.01, max: 365 }) * 86_400_000,
    captchaTtlMs: 5 * 60_000,
    resetResendMs: 180_000,
    resetCodeTtlMs: 15 * 60_000,
    resetCheckTtlMs: 10 * 60_000,
    rateLimits: {
      loginFailPerAccountIp: rate('LOGIN_ACCOUNT_IP', '10/15m'),
      loginFailPerAccount,
      captchaPerIp: rate('CAPTCHA_IP', '600/1h'),
      registerPerIp: rate('REGISTER_IP', '100/1h'),
      sendEmailPerIp: rate('SENDEMAIL_IP', '30/1h'),
      sendEmailPerAccount: rate('SENDEMAIL_ACCOUNT', '6/1h'),
      testAccountPerIp: rate('TEST_ACCOUNT_IP', '60/1h'),
      transferLookupPerAccount: rate('TRANSFER_LOOKUP', '30/1h'),
      kycTakenPerAccount: rate('KYC_TAKEN', '5/1d'),
      kycRefusedPerAccount: rate('KYC_REFUSED', '5/1d'),
      setPwdPerIp: rate('SETPWD_IP', '20/1h'),
      noticePerToken: rate('NOTICE', '10/1h'),
      opsFailPerIp: rate('OPS_FAIL_IP', '10/1h'),
      opsLoginFailPerIp: rate('OPS_LOGIN_IP', '30/15m'),
      opsLoginFailPerAccount: rate('OPS_LOGIN_ACCOUNT', '10/1h'),
      opsCodeFailPerAccount: rate('OPS_CODE', '5/15m'),
    },
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    log: env.LOG !== '0',
    wallet: loadWalletConfig(env, appMode),
    casino: {
      minStake: reaisEnv(env, 'CASINO_MIN_STAKE', CASINO_LIMIT_DEFAULTS.minStake),
      maxStake: reaisEnv(env, 'CASINO_MAX_STAKE', CASINO_LIMIT_DEFAULTS.maxStake),
      maxPayout: reaisEnv(env, 'CASINO_MAX_PAYOUT', CASINO_LIMIT_DEFAULTS.maxPayout),
    },
    rounds: loadRoundsConfig(env),
    sport: loadSportConfig(env, appMode),
    kyc: loadKycConfig(env, appMode),
    jurisdiction: loadJurisdictionConfig(env),
    opsConsole: loadOpsConsoleConfig(env),
    // 0 would be Node's "no timeout" (and PostgreSQL's), not an instant one.
    httpTimeoutMs: numberEnv(env, 'HTTP_TIMEOUT_SECONDS', 30, true, { min: 1, max: 3600 }) * 1000,
    dbStatementTimeoutMs: numberEnv(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 10, true, { min: 1, max: 3600 }) * 1000,
    retentionIntervalMs: numberEnv(env, 'RETENTION_INTERVAL_MINUTES', 60, false, { max: 1440 }) * 60_000,
    pgliteVacuumMs: numberEnv(env, 'PGLITE_VACUUM_SECONDS', 10, false, { max: 86_400 }) * 1000,
    frameSources: frameSources(env),
    imageSources: cspOrigins(listed(env, 'CSP_IMG_SRC')),
    publicOrigins: publicOrigins(env),
    realtime: {
      socketsPerPlayer: numberEnv(env, 'SOCKETS_PER_PLAYER', 10, true, { min: 1, max: 100_000 }),
      socketsPerAddress: numberEnv(env, 'SOCKETS_PER_ADDRESS', 200, true, { min: 1, max: 100_000 }),
      watchPerSocket: numberEnv(env, 'SOCKET_WATCH_MAX', 10, true, { min: 1, max: 100 }),
      eventBurst: numberEnv(env, 'SOCKET_EVENT_BURST', 20, true, { min: 1, max: 10_000 }),
      eventsPerSecond: numberEnv(env, 'SOCKET_EVENTS_PER_SECOND', 5, false, { min: 0.1, max: 10_000 }),
    },
    ...overrides,
  }
  return config
}
