import { BlockList, isIP } from 'node:net'
import path from 'node:path'
import { APP_MODES, SPORT_FEED_KINDS, type AppMode, type SportFeedKind } from '../shared/contract/appInfo'
import { CASINO_LIMIT_DEFAULTS } from '../shared/contract/casino'
import { SPORT_LIMIT_DEFAULTS } from '../shared/contract/sport'
import { largestPayout } from '../shared/games/rounds/payTable'
import type { SaltPlan } from './rounds/RoundChain'
import { ROUND_GAMES } from '../shared/games/rounds/registry'
import { ROUND_GAME_IDS, type RoundGameId, type RoundTimings } from '../shared/games/rounds/types'
import { centavosToReais, reaisTextToCentavos } from '../shared/money'

/** A limit of `count` events per `windowMs`, written in the environment as e.g. "10/15m". */
export interface RateRule {
  count: number
  windowMs: number
}

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
  /** New passwords set through a reset's chkId, per address (each costs an argon2 hash). */
  setPwdPerIp: RateRule
  /** Operators' notices accepted, all together (RATE_LIMIT_NOTICE): each goes to every player's screen. */
  noticePerToken: RateRule
  /** Wrong ops tokens per address (RATE_LIMIT_OPS_FAIL_IP): past it the address waits, whatever token it sends. */
  opsFailPerIp: RateRule
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
  /**
   * The secret in the webhook address registered with the PSP (PAYMENT_WEBHOOK_SECRET): the PSP
   * posts to /api/pay/webhook/apipix/<secret>/pix, and a call without it is refused.
   */
  paymentWebhookSecret: string
  /** The PIX rails: deposits (API Pix) and payouts (Efí's Pix send), or the built-in PSP emulator. */
  pix: PixConfig
  /** The emulator's payouts settle a withdrawal this long after it was sent; null: only when a test settles it (PAYOUT_SANDBOX_SETTLE_SECONDS). */
  payoutSandboxSettleMs: number | null
  /** Stakes in one São Paulo day after which the bonus boost (EXPPAY) is offered, once that day (BOOST_AFTER_WAGERED, reais; 0 turns it off). */
  boostAfterWagered: bigint
  /** The largest single stake while a gift is being wagered, centavos (BONUS_MAX_STAKE, reais). */
  bonusMaxStake: bigint
  /** Times a deposit's cash must be staked before it can be withdrawn or transferred (DEPOSIT_TURNOVER; 0: off). */
  depositTurnover: number
  /** The most deposit gifts one account may receive in all, centavos (DEPOSIT_GIFT_CAP, reais). */
  giftCap: bigint
  /** A VIP award is credited to bonus with this many times itself to wager (VIP_AWARD_WAGER_X, 15, the gifts' rule; 0: to cash). */
  vipAwardWagerX: number
  /** Referral commissions: percent of a referee's counted stakes per level (REFERRAL_RATES, "0.4,0.2,0.1") in basis points, and the times a commission is wagered (REFERRAL_WAGER_X, 1; 0: to cash). */
  referral: { ratesBp: [number, number, number]; wagerX: number }
  /** Daily sign-in: the 7 days' rewards in centavos (SIGNIN_REWARDS, reais, "0.50,1,1.50,2,3,4,5") and the times each is wagered (SIGNIN_WAGER_X, 30: more than any game's edge gives back). */
  signin: { rewards: bigint[]; wagerX: number }
  /** How long a compensation or bonus-boost offer stays open (PROMO_OFFER_TTL_MINUTES). */
  offerTtlMs: number
  /** Percent of a stake that counts toward a gift's wagering, by game (WAGER_CONTRIBUTION, DEFAULT_CONTRIBUTION); others count 100. */
  wagerContribution: Record<string, number>
  /** Most a player may transfer in one São Paulo day, centavos (TRANSFER_MAX_PER_DAY, reais). */
  transferMaxPerDay: bigint
  /** Transfers a player may send in one São Paulo day (TRANSFER_COUNT_PER_DAY). */
  transferCountPerDay: number
  /** Withdrawals and transfers wait this long after a password reset or change (PASSWORD_CHANGE_HOLD_HOURS; 0: off). */
  passwordChangeHoldMs: number
  /**
   * WITHDRAW_CNPJ (off): CNPJ withdrawals (the spec's type) are taken, and then wait, held, for a
   * person's approval before any payout; off, they are refused. Demo only until the operators'
   * console can approve them (production refuses it on).
   */
  withdrawCnpj: boolean
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** The operators' token (OPS_TOKEN) for POST /api/ops/notice; unset: one kept in DATA_DIR/ops-token outside production, none in production. */
  opsToken: string | null
  /**
   * Game providers' wallet-call secrets by provider code (PROVIDER_SECRETS, "PG=...,EVO=...,BG=...");
   * unset outside production: one per built-in code kept in DATA_DIR/provider-secrets.json; production
   * needs each one set, at least 32 bytes.
   */
  providerSecrets: Record<string, string>
  /** DEMO_PROVIDER_FAULTS: the demo provider's spins may ask for a fault (tests; refused in production). */
  demoProviderFaults: boolean
  /** GAME_PROVIDERS: "CODE=kind" pairs, the game providers to list and launch (default PG=demo,EVO=demo,BG=demo; empty: none). */
  gameProviders: string
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
  /** Receiving a request, and a connection silent this long, end it (HTTP_TIMEOUT_SECONDS). */
  httpTimeoutMs: number
  /** PostgreSQL's statement_timeout for every query (DB_STATEMENT_TIMEOUT_SECONDS); PGlite has no such timer. */
  dbStatementTimeoutMs: number
  /** How often expired sessions, keys, resets, captchas and old payment events are purged (RETENTION_INTERVAL_MINUTES; 0: never). */
  retentionIntervalMs: number
  /** Origins the app may show in a frame besides its own (CSP_FRAME_SRC, plus the origin of VITE_CHAT_URL). */
  frameSources: string[]
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

/** Only for development: a deployment must set its own (refused in production). */
export const DEV_WEBHOOK_SECRET = 'dev-only-webhook-secret'

/** PIX_PROVIDER: the built-in PSP emulator (demo mode), a PSP speaking the Banco Central's API Pix, or none. */
const PIX_PROVIDERS = ['sandbox', 'apipix'] as const
type PixProviderName = (typeof PIX_PROVIDERS)[number]

/** The sandbox PSP's own client credentials (it lives on this server; production refuses it). */
const SANDBOX_PIX_CLIENT = { id: 'sandbox-client', secret: 'sandbox-client-secret', chave: 'pix@aposta.sandbox' }

interface PixConfig {
  /** PIX_PROVIDER: 'sandbox' (default in demo mode), 'apipix', or null ('none': prePay answers UNAVAILABLE). */
  provider: PixProviderName | null
  /** PIX_BASE_URL: the PSP's API root (its /v2/cob, /v2/pix, /oauth/token live under it); null: this server's emulator. */
  baseUrl: string | null
  /** PIX_TOKEN_URL: the OAuth2 token endpoint when not {PIX_BASE_URL}/oauth/token. */
  tokenUrl: string | null
  /** PIX_CLIENT_ID / PIX_CLIENT_SECRET: the OAuth2 client credentials. */
  clientId: string
  clientSecret: string
  /** PIX_CERT / PIX_KEY (PEM files): the client certificate for mutual TLS; PIX_CA: the PSP's CA when not a public one. Unset: no client certificate. */
  cert: string | null
  key: string | null
  ca: string | null
  /** PIX_KEY_CHAVE: the Pix key (chave) that receives the deposits and sends the payouts. */
  chave: string
  /** PIX_WEBHOOK_URL: the public address registered with the PSP at start (…/api/pay/webhook/apipix/<PAYMENT_WEBHOOK_SECRET>); null: registered by hand. */
  webhookUrl: string | null
  /** PIX_RECONCILE_MINUTES (5; 0 off) and PIX_RECONCILE_HOURS (6): how often received Pix are listed, and how far back. */
  reconcileEveryMs: number
  reconcileWindowMs: number
  /** PIX_PAYOUTS: 'efi' (withdrawals through Efí's Pix send API, which the emulator also speaks) or null ('off'). */
  payouts: 'efi' | null
  /** PIX_TIMEOUT_SECONDS (15): one call to the PSP. */
  timeoutMs: number
}

function loadPixConfig(env: NodeJS.ProcessEnv, demo: boolean): PixConfig {
  for (const gone of ['SANDBOX_PAYMENTS', 'PAYMENT_PROVIDER']) {
    if ((env[gone] ?? '').trim() !== '') throw new ConfigError(`${gone} is gone: PIX_PROVIDER=sandbox | apipix | none chooses the PIX rails`)
  }
  const raw = (env.PIX_PROVIDER ?? '').trim()
  let provider: PixProviderName | null
  if (raw === '') provider = demo ? 'sandbox' : null
  else if (raw === 'none') provider = null
  else if ((PIX_PROVIDERS as readonly string[]).includes(raw)) provider = raw as PixProviderName
  else throw new ConfigError(`PIX_PROVIDER must be one of ${[...PIX_PROVIDERS, 'none'].join(', ')}, not "${raw}"`)
  const text = (name: string) => (env[name] ?? '').trim() || null
  const url = (name: string) => {
    const v = text(name)
    if (v === null) return null
    let parsed: URL
    try {
      parsed = new URL(v)
    } catch {
      throw new ConfigError(`${name} must be an https:// address, not "${v}"`)
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConfigError(`${name} must be an https:// address, not "${v}"`)
    return v.replace(/\/+$/, '')
  }
  const payoutsRaw = (env.PIX_PAYOUTS ?? '').trim() || 'efi'
  if (payoutsRaw !== 'efi' && payoutsRaw !== 'off') throw new ConfigError(`PIX_PAYOUTS must be efi or off, not "${payoutsRaw}"`)
  const sandbox = provider === 'sandbox'
  const pix: PixConfig = {
    provider,
    baseUrl: sandbox ? null : url('PIX_BASE_URL'),
    tokenUrl: sandbox ? null : url('PIX_TOKEN_URL'),
    clientId: text('PIX_CLIENT_ID') ?? (sandbox ? SANDBOX_PIX_CLIENT.id : ''),
    clientSecret: text('PIX_CLIENT_SECRET') ?? (sandbox ? SANDBOX_PIX_CLIENT.secret : ''),
    cert: text('PIX_CERT'),
    key: text('PIX_KEY'),
    ca: text('PIX_CA'),
    chave: text('PIX_KEY_CHAVE') ?? (sandbox ? SANDBOX_PIX_CLIENT.chave : ''),
    webhookUrl: url('PIX_WEBHOOK_URL'),
    reconcileEveryMs: numberEnv(env, 'PIX_RECONCILE_MINUTES', 5, false, { max: 1440 }) * 60_000,
    reconcileWindowMs: numberEnv(env, 'PIX_RECONCILE_HOURS', 6, false, { min: 0.1 }) * 3_600_000,
    payouts: provider !== null && payoutsRaw === 'efi' ? 'efi' : null,
    timeoutMs: numberEnv(env, 'PIX_TIMEOUT_SECONDS', 15, false, { min: 1, max: 300 }) * 1000,
  }
  // Payments are remembered 90 days (the retention job): reconciliation must look back less far, or one could be applied twice.
  if (pix.reconcileWindowMs > 60 * 86_400_000) throw new ConfigError('PIX_RECONCILE_HOURS must be at most 1440 (60 days): payments older than 90 days are forgotten')
  if ((pix.cert === null) !== (pix.key === null)) throw new ConfigError('PIX_CERT and PIX_KEY go together: the client certificate and its private key')
  if (provider === 'apipix') {
    const missing = ['PIX_BASE_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_KEY_CHAVE'].filter((n) => text(n) === null)
    if (missing.length) throw new ConfigError(`PIX_PROVIDER=apipix needs ${missing.join(', ')}`)
  }
  return pix
}

/** Shortest webhook secret production accepts: 32 bytes, the 256 bits HMAC-SHA256 can give. */
const MIN_WEBHOOK_SECRET_BYTES = 32

function reaisEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): bigint {
  const centavos = reaisTextToCentavos((env[name] || fallback).trim())
  if (centavos === null || centavos <= 0n) throw new ConfigError(`${name} must be an amount in reais, e.g. ${fallback}`)
  return centavos
}

/**
 * A number from the environment (`fallback` when unset), refused unless finite and within
 * [min, max]: Number('abc') is NaN and a timer past setTimeout's 2^31 ms fires at once, both silently.
 */
function numberEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, integer = true, range: { min?: number; max?: number } = {}): number {
  const { min = 0, max = Infinity } = range
  const raw = env[name]
  const text = (raw ?? '').trim()
  const n = text === '' ? fallback : Number(text)
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new ConfigError(`${name} must be a ${integer ? 'whole ' : ''}number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}, not "${raw}"`)
  }
  return n
}

/** PROVIDER_SETTLE_WINDOW_HOURS: more than 0 (a round still spinning when the player leaves is paid), at most 30 days. */
function settleWindowEnv(env: NodeJS.ProcessEnv): number {
  const hours = numberEnv(env, 'PROVIDER_SETTLE_WINDOW_HOURS', 24, false)
  if (hours <= 0 || hours > 720) throw new ConfigError(`PROVIDER_SETTLE_WINDOW_HOURS must be hours above 0 and at most 720 (30 days), not "${env.PROVIDER_SETTLE_WINDOW_HOURS}"`)
  return hours * 3_600_000
}

/** SIGNIN_REWARDS: seven amounts in reais, one per day of the cycle. */
function signinRewardsEnv(env: NodeJS.ProcessEnv): bigint[] {
  const raw = (env.SIGNIN_REWARDS ?? '').trim() || '0.50,1,1.50,2,3,4,5'
  const list = raw.split(',').map((x) => reaisTextToCentavos(x.trim()))
  if (list.length !== 7 || list.some((x) => x === null || x < 0n)) throw new ConfigError(`SIGNIN_REWARDS must be seven amounts in reais, e.g. 0.50,1,1.50,2,3,4,5, not "${raw}"`)
  return list as bigint[]
}

/** REFERRAL_RATES: three percents ("0.4,0.2,0.1") as basis points, their sum at most 1 %. */
function referralRatesEnv(env: NodeJS.ProcessEnv): [number, number, number] {
  const raw = (env.REFERRAL_RATES ?? '').trim() || '0.4,0.2,0.1'
  const bp = raw.split(',').map((x) => Math.round(Number(x.trim()) * 100))
  if (bp.length !== 3 || bp.some((x) => !Number.isInteger(x) || x < 0) || bp.reduce((a, b) => a + b, 0) > 100) {
    throw new ConfigError(`REFERRAL_RATES must be three percents adding up to at most 1, e.g. 0.4,0.2,0.1, not "${raw}"`)
  }
  return bp as [number, number, number]
}

/** An ISO instant (2026-11-24T18:00:00Z) as ms since the epoch, or null when unset. */
function instantEnv(env: NodeJS.ProcessEnv, name: string): number | null {
  const raw = (env[name] ?? '').trim()
  if (raw === '') return null
  const at = Date.parse(raw)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || !Number.isFinite(at)) throw new ConfigError(`${name} must be an ISO instant such as 2026-11-24T18:00:00Z, not "${raw}"`)
  return at
}

function switchEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase()
  if (raw === '') return fallback
  if (['1', 'true', 'on'].includes(raw)) return true
  if (['0', 'false', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be 1 or 0, not "${env[name]}"`)
}

function loadWalletConfig(env: NodeJS.ProcessEnv, mode: AppMode): WalletConfig {
  const demo = mode === 'demo'
  const settle = (env.PAYOUT_SANDBOX_SETTLE_SECONDS ?? '').trim()
  const pix = loadPixConfig(env, demo)
  const wallet: WalletConfig = {
    withdrawMin: reaisEnv(env, 'WITHDRAW_MIN', '30'),
    withdrawMax: reaisEnv(env, 'WITHDRAW_MAX', '10000'),
    withdrawPerDay: numberEnv(env, 'WITHDRAW_PER_DAY', 3, true, { min: 1, max: 1000 }),
    usdtRate: numberEnv(env, 'USDT_RATE', 5.5, false, { min: 0.01, max: 1000 }),
    depositTtlMs: numberEnv(env, 'DEPOSIT_TTL_MINUTES', 30, true, { min: 1, max: 1440 }) * 60_000,
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET,
    pix,
    // In production the sandbox payouts stay off unless asked for (and then refused, below).
    payoutSandboxSettleMs: settle === 'off' || (settle === '' && !demo) ? null : numberEnv(env, 'PAYOUT_SANDBOX_SETTLE_SECONDS', 120, true, { max: 86_400 }) * 1000,
    boostAfterWagered: env.BOOST_AFTER_WAGERED === '0' ? 0n : reaisEnv(env, 'BOOST_AFTER_WAGERED', '100'),
    bonusMaxStake: reaisEnv(env, 'BONUS_MAX_STAKE', '50'),
    depositTurnover: numberEnv(env, 'DEPOSIT_TURNOVER', 1, true, { max: 100 }),
    giftCap: reaisEnv(env, 'DEPOSIT_GIFT_CAP', '20000'),
    vipAwardWagerX: numberEnv(env, 'VIP_AWARD_WAGER_X', 15, true, { max: 1000 }),
    referral: { ratesBp: referralRatesEnv(env), wagerX: numberEnv(env, 'REFERRAL_WAGER_X', 1, true, { max: 1000 }) },
    signin: { rewards: signinRewardsEnv(env), wagerX: numberEnv(env, 'SIGNIN_WAGER_X', 30, true, { max: 1000 }) },
    offerTtlMs: numberEnv(env, 'PROMO_OFFER_TTL_MINUTES', 60, true, { min: 1, max: 10_080 }) * 60_000,
    wagerContribution: parseContribution(env.WAGER_CONTRIBUTION || DEFAULT_CONTRIBUTION),
    transferMaxPerDay: reaisEnv(env, 'TRANSFER_MAX_PER_DAY', '5000'),
    transferCountPerDay: numberEnv(env, 'TRANSFER_COUNT_PER_DAY', 20, true, { max: 1_000_000 }),
    passwordChangeHoldMs: numberEnv(env, 'PASSWORD_CHANGE_HOLD_HOURS', 24, true, { max: 720 }) * 3_600_000,
    withdrawCnpj: switchEnv(env, 'WITHDRAW_CNPJ', false),
  }
  if (wallet.withdrawMin > wallet.withdrawMax) throw new ConfigError('WITHDRAW_MIN must not exceed WITHDRAW_MAX')
  return wallet
}

/**
 * Each game counts toward a gift by at most ten times its best counting bet's house edge (10x is
 * the smallest gift multiple, the compensation and boost packages'), so no gift pays a player who
 * clears it at the best odds (wallet/promoEv.ts; a server test holds it): the originals' 1 % (limbo's
 * top target returns 99.02 %: 9), Double's 6.7 %, Lucky Color's big/small 2 %, the sportsbook's best
 * price 3.3 % at SPORT_MARGIN 0.05, the demo slots' 3.86 %.
 */
const DEFAULT_CONTRIBUTION = 'dice=10,limbo=9,mines=10,double=65,rowDouble=65,luckyColor=20,sport=30,slots=35'

/** "dice=10,limbo=10" -> { dice: 10, limbo: 10 }: percent of a stake counted toward a gift, 0 to 100. */
function parseContribution(text: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [, game, percent] = /^([a-zA-Z][\w-]*)=(\d{1,3})$/.exec(part) ?? []
    if (game === undefined || Number(percent) > 100) throw new ConfigError(`WAGER_CONTRIBUTION must read like ${DEFAULT_CONTRIBUTION} (percent 0 to 100), not "${text}"`)
    out[game] = Number(percent)
  }
  return out
}

function appModeEnv(env: NodeJS.ProcessEnv): AppMode {
  const raw = env.APP_MODE ?? ''
  if (raw === '') return 'demo'
  if ((APP_MODES as readonly string[]).includes(raw)) return raw as AppMode
  throw new ConfigError(`APP_MODE must be ${APP_MODES.join(' or ')}, not "${raw}"`)
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
  if (wallet.withdrawCnpj) {
    problems.push("WITHDRAW_CNPJ is on: CNPJ withdrawals wait for a person's approval, and there is no operators' console to give it yet (they would stay held). Set WITHDRAW_CNPJ=off.")
  }
  if (config.demoProviderFaults) problems.push('DEMO_PROVIDER_FAULTS is on: the demo provider would misbehave on request. It is for tests only; unset it.')
  for (const part of config.gameProviders.split(',').map((x) => x.trim()).filter(Boolean)) {
    const [code = '', kind = ''] = part.split('=').map((x) => x.trim())
    if (kind === 'demo') {
      problems.push(`GAME_PROVIDERS lists ${code} as the built-in demo provider, a development slot: production lists real aggregators (or GAME_PROVIDERS= for none).`)
    } else if (!config.providerSecrets[code]) {
      problems.push(`PROVIDER_SECRETS has no secret for ${code}: every wallet call of that provider would be refused. Add ${code}=<secret>.`)
    }
  }
  for (const [code, secret] of Object.entries(config.providerSecrets)) {
    if (Buffer.byteLength(secret) < MIN_WEBHOOK_SECRET_BYTES) problems.push(`PROVIDER_SECRETS: ${code}'s secret must be at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (it has ${Buffer.byteLength(secret)}).`)
  }
  const { sport } = config
  if (sport.feed === 'simulator') {
    problems.push('SPORT_FEED is simulator: its matches are invented and its dev call settles any match. Production takes a real odds feed (SPORT_FEED=none closes the sportsbook until one is configured).')
  }
  if (sport.seed !== null) problems.push('SPORT_SEED is set: the simulator\'s matches would follow a known seed, so anyone could compute their results. Unset it.')
  if (sport.timeScale !== 1) problems.push('SPORT_TIME_SCALE is set: the sportsbook\'s clock would not be the real one. Unset it.')
  if (sport.clock !== null) {
    problems.push('SPORT_CLOCK is set: the sportsbook would stand still at one instant. It is for visual snapshots only; unset it.')
  }
  if (config.captchaFixedAnswer) {
    problems.push('CAPTCHA_FIXED_ANSWER is set: every captcha would accept it. It is for automated tests only; unset it.')
  }
  for (const origin of config.publicOrigins.filter((o) => !o.startsWith('https://'))) problems.push(`PUBLIC_ORIGIN must be https:// in production, not "${origin}".`)
  if (config.opsToken !== null && Buffer.byteLength(config.opsToken) < MIN_WEBHOOK_SECRET_BYTES) {
    problems.push(`OPS_TOKEN must be a secret of at least ${MIN_WEBHOOK_SECRET_BYTES} bytes (it has ${Buffer.byteLength(config.opsToken)}).`)
  }
  if (wallet.pix.reconcileEveryMs === 0) {
    problems.push('PIX_RECONCILE_MINUTES is 0: reconciliation would be off, and a Pix whose webhook never came would never be credited. Set it to a few minutes.')
  }
  if (config.rounds.salt.method === 'seeds' && config.rounds.salt.waitMs < 10_000) {
    problems.push('ROUND_SALT_WAIT_SECONDS is under 10: a new chain\'s salt would be fixed before players can send their seeds, often from none (a value known in advance). Give them at least 10 seconds (default 30).')
  }
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

/** Where the sportsbook's matches come from (SPORT_FEED): the built-in simulator (demo only), or none (the sportsbook is closed). */
const SPORT_FEEDS = SPORT_FEED_KINDS

interface SportConfig {
  /** SPORT_FEED: `simulator` by default in demo mode, `none` in production (which refuses the simulator). */
  feed: SportFeedKind
  /** SPORT_SEED (demo only): the simulator plays the matches of this seed instead of its secret's, the same in every run. */
  seed: string | null
  /** SPORT_TIME_SCALE: the simulator's clock speed (1 real time); SPORT_MARGIN: its margin (0.05). */
  timeScale: number
  margin: number
  /** One selection's stake limits, centavos (SPORT_MIN_STAKE, SPORT_MAX_STAKE in reais: 0.10, 1000.00); a parlay's most legs (SPORT_MAX_LEGS, 10). */
  minStake: bigint
  maxStake: bigint
  maxLegs: number
  /** The largest payout of one bet, centavos (SPORT_MAX_PAYOUT in reais, 100000.00): a bet that could pay more is refused. */
  maxPayout: bigint
  /** The largest potential payout of one player's open bets on one match, centavos (SPORT_MAX_MATCH_PAYOUT in reais, 100000.00). */
  maxMatchPayout: bigint
  /** The largest price offered, thousandths (SPORT_MAX_ODDS, 1000): a market with a dearer selection is suspended. */
  maxOdds: number
  /** How long an in-play bet waits before it is accepted at the same or a better price (SPORT_LIVE_DELAY_SECONDS, 5). */
  liveDelayMs: number
  /** How often finished matches are settled (SPORT_SETTLE_SECONDS, 10; 0: never by itself) and watched matches' changes pushed (SPORT_PUSH_MS, 1000). */
  settleEveryMs: number
  pushEveryMs: number
  /** SPORT_CLOCK (an ISO instant, demo only) stops the simulator's clock there, for visual snapshots of the sports pages. */
  clock: number | null
}

function loadSportConfig(env: NodeJS.ProcessEnv, mode: AppMode): SportConfig {
  const feed = (env.SPORT_FEED ?? '').trim() || (mode === 'demo' ? 'simulator' : 'none')
  if (!(SPORT_FEEDS as readonly string[]).includes(feed)) throw new ConfigError(`SPORT_FEED must be ${SPORT_FEEDS.join(' or ')}, not "${env.SPORT_FEED}"`)
  const seed = (env.SPORT_SEED ?? '').trim()
  if (seed !== '' && !/^[\w.-]{1,64}$/.test(seed)) throw new ConfigError(`SPORT_SEED must be letters, digits, dots or dashes (at most 64), not "${env.SPORT_SEED}"`)
  const timeScale = numberEnv(env, 'SPORT_TIME_SCALE', 1, false, { min: 0.001, max: 10_000 })
  const margin = numberEnv(env, 'SPORT_MARGIN', 0.05, false, { min: 0.01, max: 0.5 })
  const maxOdds = numberEnv(env, 'SPORT_MAX_ODDS', 1000, false, { min: 1.5, max: 10_000 })
  return {
    feed: feed as SportFeedKind,
    seed: seed || null,
    timeScale,
    margin,
    minStake: reaisEnv(env, 'SPORT_MIN_STAKE', SPORT_LIMIT_DEFAULTS.minStake),
    maxStake: reaisEnv(env, 'SPORT_MAX_STAKE', SPORT_LIMIT_DEFAULTS.maxStake),
    maxLegs: numberEnv(env, 'SPORT_MAX_LEGS', 10, true, { min: 2, max: 30 }),
    maxPayout: reaisEnv(env, 'SPORT_MAX_PAYOUT', '100000'),
    maxMatchPayout: reaisEnv(env, 'SPORT_MAX_MATCH_PAYOUT', '100000'),
    maxOdds: Math.round(maxOdds * 1000),
    liveDelayMs: numberEnv(env, 'SPORT_LIVE_DELAY_SECONDS', 5, false, { max: 60 }) * 1000,
    settleEveryMs: numberEnv(env, 'SPORT_SETTLE_SECONDS', 10, false, { max: 3600 }) * 1000,
    // How often watched matches' odds and scores are pushed (SPORT_PUSH_MS; 0: never).
    pushEveryMs: numberEnv(env, 'SPORT_PUSH_MS', 1000, true, { max: 60_000 }),
    clock: instantEnv(env, 'SPORT_CLOCK'),
  }
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
      throw new ConfigError(`PUBLIC_ORIGIN must hold the app's origins, e.g. https://aposta.example.com (no path), not "${text}"`)
    }
    origins.add(url.origin)
  }
  return [...origins]
}

export interface RoundsConfig {
  /** ROUNDS: 'on' (default) runs every game's round loop in this process; 'off' runs none. */
  enabled: boolean
  /** ROUND_CHAIN_LENGTH: links in a new hash chain (1,000,000); a checkpoint every ROUND_CHAIN_CHECKPOINT (1,000). */
  chainLength: number
  chainEvery: number
  /** ROUND_TIMINGS: each game's betting, draw and result times, e.g. double=15/6/4 (seconds). */
  timings: Record<RoundGameId, RoundTimings>
  /** ROUND_MIN_STAKE / ROUND_MAX_STAKE: one bet's limits, reais (0.10 / 1000.00), in centavos. */
  minStake: bigint
  maxStake: bigint
  /** ROUND_MAX_BETS_PER_PLAYER: bets one player may make on one round (50: every Lucky Color choice three times over). */
  maxBetsPerPlayer: number
  /** ROUND_MAX_PAYOUT: the most one round may pay over its possible results, all players' bets together (reais, 100000.00), in centavos. */
  maxPayout: bigint
  /**
   * How a new chain's salt is made once its terminating hash is published: ROUND_SALT=seeds (default:
   * the seeds of the first ROUND_SALT_SEEDS (3) players to send one, or those come within
   * ROUND_SALT_WAIT_SECONDS (30)) or public (a value named by ROUND_SALT_SOURCE, given by the operators).
   */
  salt: SaltPlan
}

/** The longest betting, draw or result phase of a shared round. */
const MAX_ROUND_PHASE_MS = 3_600_000

function loadRoundsConfig(env: NodeJS.ProcessEnv): RoundsConfig {
  const switchText = (env.ROUNDS ?? 'on').trim()
  if (switchText !== 'on' && switchText !== 'off') throw new ConfigError(`ROUNDS must be on or off, not "${switchText}"`)
  const timings = Object.fromEntries(ROUND_GAME_IDS.map((g) => [g, { ...ROUND_GAMES[g].timings }])) as Record<RoundGameId, RoundTimings>
  for (const part of (env.ROUND_TIMINGS ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [, game, ...secs] = /^(\w+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(part) ?? []
    if (game === undefined || !(ROUND_GAME_IDS as readonly string[]).includes(game)) {
      throw new ConfigError(`ROUND_TIMINGS must read like double=15/6/4,luckyColor=55/3/2 (seconds of betting/draw/result), not "${part}"`)
    }
    const [betting, draw, result] = secs.map((x) => Math.round(Number(x) * 1000)) as [number, number, number]
    if (betting <= 0) throw new ConfigError(`ROUND_TIMINGS: ${game} needs some betting time`)
    // Each phase is a timer: past setTimeout's 24.8 days it would fire at once.
    if (Math.max(betting, draw, result) > MAX_ROUND_PHASE_MS) throw new ConfigError(`ROUND_TIMINGS: ${game}'s phases must each be at most ${MAX_ROUND_PHASE_MS / 1000} seconds`)
    timings[game as RoundGameId] = { bettingMs: betting, drawMs: draw, resultMs: result }
  }
  const chainLength = numberEnv(env, 'ROUND_CHAIN_LENGTH', 1_000_000, true, { max: 100_000_000 })
  const chainEvery = numberEnv(env, 'ROUND_CHAIN_CHECKPOINT', 1_000, true, { max: 100_000_000 })
  if (!Number.isInteger(chainLength) || chainLength < 2 || !Number.isInteger(chainEvery) || chainEvery < 1) {
    throw new ConfigError('ROUND_CHAIN_LENGTH must be a whole number of at least 2, ROUND_CHAIN_CHECKPOINT at least 1')
  }
  const maxBetsPerPlayer = numberEnv(env, 'ROUND_MAX_BETS_PER_PLAYER', 50)
  if (maxBetsPerPlayer < 1 || maxBetsPerPlayer > 10_000) throw new ConfigError(`ROUND_MAX_BETS_PER_PLAYER must be a whole number from 1 to 10000, not "${env.ROUND_MAX_BETS_PER_PLAYER}"`)
  const maxStake = reaisEnv(env, 'ROUND_MAX_STAKE', CASINO_LIMIT_DEFAULTS.maxStake)
  const maxPayout = reaisEnv(env, 'ROUND_MAX_PAYOUT', '100000.00')
  // A cap below one bet's largest payout would refuse a single largest bet on the best-paying choice.
  const bestPay = ROUND_GAME_IDS.map((g) => largestPayout(ROUND_GAMES[g].rules, maxStake)).reduce((a, b) => (b > a ? b : a), 0n)
  if (maxPayout < bestPay) throw new ConfigError(`ROUND_MAX_PAYOUT must be at least what one largest bet can pay (${centavosToReais(bestPay)} with ROUND_MAX_STAKE), not ${centavosToReais(maxPayout)}`)
  const saltMethod = (env.ROUND_SALT ?? '').trim() || 'seeds'
  let salt: SaltPlan
  if (saltMethod === 'seeds') {
    const seeds = numberEnv(env, 'ROUND_SALT_SEEDS', 3)
    if (seeds < 1 || seeds > 100) throw new ConfigError(`ROUND_SALT_SEEDS must be a whole number from 1 to 100, not "${env.ROUND_SALT_SEEDS}"`)
    const waitSeconds = numberEnv(env, 'ROUND_SALT_WAIT_SECONDS', 30, false)
    if (waitSeconds > 86_400) throw new ConfigError(`ROUND_SALT_WAIT_SECONDS must be at most 86400 (a day), not "${env.ROUND_SALT_WAIT_SECONDS}"`)
    salt = { method: 'seeds', seeds, waitMs: Math.round(waitSeconds * 1000) }
  } else if (saltMethod === 'public') {
    const source = (env.ROUND_SALT_SOURCE ?? '').trim()
    if (source.length < 3 || source.length > 200) {
      throw new ConfigError('ROUND_SALT=public needs ROUND_SALT_SOURCE: the public value each new chain\'s salt will come from, named before it exists (e.g. "hash of Bitcoin block 880000"), 3 to 200 characters')
    }
    salt = { method: 'public', source }
  } else {
    throw new ConfigError(`ROUND_SALT must be seeds or public, not "${saltMethod}"`)
  }
  return {
    enabled: switchText === 'on',
    salt,
    chainLength,
    chainEvery,
    timings,
    minStake: reaisEnv(env, 'ROUND_MIN_STAKE', CASINO_LIMIT_DEFAULTS.minStake),
    maxStake,
    maxBetsPerPlayer,
    maxPayout,
  }
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseRateRule(text: string): RateRule {
  const [, count, n, unit] = /^(\d+)\/(\d*)([smhd])$/.exec(text.trim()) ?? []
  const unitMs = unit === undefined ? undefined : UNITS[unit]
  const rule = { count: Number(count), windowMs: Number(n || 1) * (unitMs ?? NaN) }
  // A count of 0 refuses everyone, a window of 0 counts nothing (NaN fails every comparison).
  if (!(rule.count >= 1 && rule.windowMs > 0 && rule.windowMs <= 30 * 86_400_000)) {
    throw new Error(`bad rate limit "${text}": write it as count/window, e.g. 10/15m (at least 1 event, a window up to 30d)`)
  }
  return rule
}

/** PROVIDER_SECRETS: "CODE=secret" pairs, comma-separated; a code is 2 to 16 capitals or digits. */
function parseProviderSecrets(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (raw ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const eq = part.indexOf('=')
    const code = part.slice(0, eq).trim()
    const secret = part.slice(eq + 1).trim()
    if (eq < 1 || !/^[A-Z0-9]{2,16}$/.test(code) || !secret) throw new ConfigError(`PROVIDER_SECRETS must read like PG=secret,EVO=secret, not "${part.slice(0, 40)}"`)
    out[code] = secret
  }
  return out
}

/** A configuration the server refuses to start with; `problems` holds one line per reason. */
export class ConfigError extends Error {
  readonly problems: string[]

  constructor(problems: string | string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems
    super(lines.join('\n'))
    this.problems = lines
  }
}

export type TrustProxy = false | number | string[]

/** An IPv4/IPv6 address, optionally with a /prefix (what proxy-addr accepts). */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/')
  const family = isIP(address ?? '')
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: a whole number N trusts the N nearest hops (with 1, the client is the right-most
 * X-Forwarded-For entry, the one the proxy itself appended); a comma-separated list trusts only
 * those proxy addresses. "true" trusted every hop, so a client's own X-Forwarded-For became its
 * address and slipped every per-address limit: it is refused rather than reinterpreted.
 */
const MAX_PROXY_HOPS = 5

function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? '').trim()
  if (text === '' || text === '0' || text === 'false') return false
  if (/^\d+$/.test(text)) {
    // Each hop trusted lets one more X-Forwarded-For entry speak for the client: no deployment has more.
    if (Number(text) > MAX_PROXY_HOPS) throw new ConfigError(`TRUST_PROXY must be at most ${MAX_PROXY_HOPS} proxy hops (or their addresses), not "${text}"`)
    return Number(text)
  }
  if (text === 'true') throw new ConfigError('TRUST_PROXY=true is refused: give the number of proxy hops in front of the server (e.g. 1) or their addresses')
  const list = text.split(',').map((s) => s.trim()).filter(Boolean)
  const bad = list.find((entry) => !isAddressOrRange(entry))
  if (bad !== undefined || list.length === 0) {
    throw new ConfigError(`TRUST_PROXY must be the number of proxy hops (e.g. 1) or the proxies' addresses (e.g. 10.0.0.2,10.0.0.3), not "${raw}"`)
  }
  return list
}

/**
 * TRUST_PROXY as fastify takes it. A hop count becomes a function of the hop index (0 is the
 * socket's peer): fastify itself treats a bare number as "trust nothing", which would put every
 * client behind the proxy into the proxy's one bucket. Only count hops when the server cannot be
 * reached around its proxies; otherwise list their addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}

/**
 * The client's address of a request fastify does not see (the socket's handshake), by fastify's own
 * rule (proxy-addr): the addresses are the peer then X-Forwarded-For right to left, and the client is
 * the first one not trusted to speak for another (or the last one).
 */
export function clientAddress(trust: TrustProxy, peer: string, forwardedFor: string | string[] | undefined): string {
  if (trust === false) return peer
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((s) => s.trim()).filter(Boolean)
  const addresses = [peer, ...forwarded.reverse()]
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyList(trust)
  let i = 0
  while (i < addresses.length - 1 && trusted(addresses[i] ?? '', i)) i++
  return addresses[i] ?? peer
}

/** A TRUST_PROXY list as a test of an address (IPv4-mapped IPv6 addresses count as IPv4, as in proxy-addr). */
function proxyList(list: string[]): (address: string) => boolean {
  const blocks = new BlockList()
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) blocks.addAddress(address, family)
    else blocks.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    const family = isIP(plain)
    return family !== 0 && blocks.check(plain, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/** Events per hour a rule allows at its steadiest. */
const perHour = (rule: RateRule) => (rule.count * 3_600_000) / rule.windowMs

/** Reads the configuration from the environment; every value has a default that runs locally. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // The mode is explicit: NODE_ENV (often set, or not, by a platform) decides no safety setting.
  const appMode = appModeEnv(env)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const rate = (name: string, fallback: string) => {
    try {
      return parseRateRule(env[`RATE_LIMIT_${name}`] || fallback)
    } catch {
      throw new ConfigError(`RATE_LIMIT_${name} must be a count per window such as ${fallback} (at least 1, a window up to 30d), not "${env[`RATE_LIMIT_${name}`]}"`)
    }
  }
  // Checked on the environment's value alone: tests may override it lower.
  const loginFailPerAccount = rate('LOGIN_ACCOUNT', '100/1h')
  if (perHour(loginFailPerAccount) < 100) {
    throw new ConfigError('RATE_LIMIT_LOGIN_ACCOUNT must allow at least 100 failed logins an hour, or one attacker can lock an owner out')
  }
  if (env.RATE_LIMIT_LOGIN_IP) {
    throw new ConfigError('RATE_LIMIT_LOGIN_IP is gone: failed logins count per account and address (RATE_LIMIT_LOGIN_ACCOUNT_IP)')
  }
  const config: Config = {
    port: numberEnv(env, 'PORT', 3000, true, { max: 65_535 }),
    host: env.HOST || '0.0.0.0',
    dataDir,
    opsToken: (env.OPS_TOKEN ?? '').trim() || null,
    providerSecrets: parseProviderSecrets(env.PROVIDER_SECRETS),
    providerSessionMs: numberEnv(env, 'PROVIDER_SESSION_HOURS', 12, false, { min: 0.1, max: 168 }) * 3_600_000,
    providerSettleMs: settleWindowEnv(env),
    providerAlertNetPerDay: reaisEnv(env, 'PROVIDER_ALERT_NET_PER_DAY', '50000'),
    gameProviders: env.GAME_PROVIDERS ?? 'PG=demo,EVO=demo,BG=demo',
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
      setPwdPerIp: rate('SETPWD_IP', '20/1h'),
      noticePerToken: rate('NOTICE', '10/1h'),
      opsFailPerIp: rate('OPS_FAIL_IP', '10/1h'),
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
    // 0 would be Node's "no timeout" (and PostgreSQL's), not an instant one.
    httpTimeoutMs: numberEnv(env, 'HTTP_TIMEOUT_SECONDS', 30, true, { min: 1, max: 3600 }) * 1000,
    dbStatementTimeoutMs: numberEnv(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 10, true, { min: 1, max: 3600 }) * 1000,
    retentionIntervalMs: numberEnv(env, 'RETENTION_INTERVAL_MINUTES', 60, false, { max: 1440 }) * 60_000,
    frameSources: frameSources(env),
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
  if (config.appMode === 'production') {
    const problems = productionProblems(config)
    if (problems.length > 0) throw new ConfigError(problems)
  }
  return config
}
