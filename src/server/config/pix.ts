// The PIX rails' settings (PIX_PROVIDER, API Pix, Efí payouts, the sandbox PSP).
import { numberEnv, problem } from './env'

/** Only for development: a deployment must set its own (refused in production). */
export const DEV_WEBHOOK_SECRET = 'dev-only-webhook-secret'

/** PIX_PROVIDER: the built-in PSP emulator (demo mode), a PSP speaking the Banco Central's API Pix, or none. */
const PIX_PROVIDERS = ['sandbox', 'apipix'] as const
type PixProviderName = (typeof PIX_PROVIDERS)[number]

/** The sandbox PSP's own client credentials (it lives on this server; production refuses it). */
const SANDBOX_PIX_CLIENT = { id: 'sandbox-client', secret: 'sandbox-client-secret', chave: 'pix@aposta.sandbox' }

export interface PixConfig {
  /** PIX_PROVIDER: 'sandbox' (default in demo mode), 'apipix', or null ('none': prePay answers UNAVAILABLE). */
  provider: PixProviderName | null
  /**
   * PIX_BASE_URL: the PSP's API root (its /v2/cob, /v2/pix, /oauth/token live under it); null: this
   * server's emulator. With the sandbox it is where this server reaches its own emulator (a proxy in
   * front of it, e.g. the money simulator's faults; unset: directly).
   */
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
  /** PIX_WEBHOOK_URL: the public address registered with the PSP at start (…/api/pay/webhook/apipix/<PAYMENT_WEBHOOK_SECRET>); null: registered by hand (the sandbox: this server's own). */
  webhookUrl: string | null
  /** PIX_RECONCILE_MINUTES (5; 0 off) and PIX_RECONCILE_HOURS (6): how often received Pix are listed, and how far back. */
  reconcileEveryMs: number
  reconcileWindowMs: number
  /** PIX_PAYOUTS: 'efi' (withdrawals through Efí's Pix send API, which the emulator also speaks) or null ('off'). */
  payouts: 'efi' | null
  /** PIX_TIMEOUT_SECONDS (15): one call to the PSP. */
  timeoutMs: number
  /** PIX_OAUTH_SCOPE: the scopes asked with the token (API Pix's for charges, received Pix and webhooks; Efí's send scopes with its payouts). */
  oauthScope: string
  /** PIX_MERCHANT_NAME (at most 25) / PIX_MERCHANT_CITY (at most 15): the receiver in a BR Code built here when a PSP's charge carries only its location. */
  merchant: { name: string; city: string }
}

/** The API Pix scopes of the calls this server makes (charges, received Pix and refunds, the webhook). */
const API_PIX_SCOPES = 'cob.write cob.read pix.write pix.read webhook.write webhook.read'
/** Efí's scopes for its send API (payouts). */
const EFI_SEND_SCOPES = 'pix.send gn.pix.send.read'

export function loadPixConfig(env: NodeJS.ProcessEnv, demo: boolean): PixConfig {
  for (const gone of ['SANDBOX_PAYMENTS', 'PAYMENT_PROVIDER']) {
    if ((env[gone] ?? '').trim() !== '') problem(`${gone} is gone: PIX_PROVIDER=sandbox | apipix | none chooses the PIX rails`, null)
  }
  const raw = (env.PIX_PROVIDER ?? '').trim()
  let provider: PixProviderName | null
  if (raw === '') provider = demo ? 'sandbox' : null
  else if (raw === 'none') provider = null
  else if ((PIX_PROVIDERS as readonly string[]).includes(raw)) provider = raw as PixProviderName
  else provider = problem(`PIX_PROVIDER must be one of ${[...PIX_PROVIDERS, 'none'].join(', ')}, not "${raw}"`, null)
  const text = (name: string) => (env[name] ?? '').trim() || null
  const url = (name: string) => {
    const v = text(name)
    if (v === null) return null
    let parsed: URL
    try {
      parsed = new URL(v)
    } catch {
      return problem(`${name} must be an https:// address, not "${v}"`, null)
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return problem(`${name} must be an https:// address, not "${v}"`, null)
    return v.replace(/\/+$/, '')
  }
  const payoutsText = (env.PIX_PAYOUTS ?? '').trim() || 'efi'
  const payoutsRaw = payoutsText === 'efi' || payoutsText === 'off' ? payoutsText : problem(`PIX_PAYOUTS must be efi or off, not "${payoutsText}"`, 'efi')
  const sandbox = provider === 'sandbox'
  const pix: PixConfig = {
    provider,
    baseUrl: url('PIX_BASE_URL'),
    tokenUrl: url('PIX_TOKEN_URL'),
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
    oauthScope: text('PIX_OAUTH_SCOPE') ?? (provider !== null && payoutsRaw === 'efi' ? `${API_PIX_SCOPES} ${EFI_SEND_SCOPES}` : API_PIX_SCOPES),
    merchant: { name: brCodeText(env, 'PIX_MERCHANT_NAME', 'APOSTA', 25), city: brCodeText(env, 'PIX_MERCHANT_CITY', 'SAO PAULO', 15) },
  }
  // Payments are remembered 90 days (the retention job): reconciliation must look back less far, or one could be applied twice.
  if (pix.reconcileWindowMs > 60 * 86_400_000) problem('PIX_RECONCILE_HOURS must be at most 1440 (60 days): payments older than 90 days are forgotten', null)
  if ((pix.cert === null) !== (pix.key === null)) problem('PIX_CERT and PIX_KEY go together: the client certificate and its private key', null)
  if (provider === 'apipix') {
    const missing = ['PIX_BASE_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_KEY_CHAVE'].filter((n) => text(n) === null)
    if (missing.length) problem(`PIX_PROVIDER=apipix needs ${missing.join(', ')}`, null)
  }
  return pix
}

/** Shortest webhook secret production accepts: 32 bytes, the 256 bits HMAC-SHA256 can give. */
export const MIN_WEBHOOK_SECRET_BYTES = 32

/** A BR Code's name or city: letters, digits and spaces without accents (EMV's set), at most `max` long. */
function brCodeText(env: NodeJS.ProcessEnv, name: string, fallback: string, max: number): string {
  const v = (env[name] ?? '').trim()
  if (v === '') return fallback
  if (v.length > max || !/^[A-Za-z0-9 .-]+$/.test(v)) return problem(`${name} must be at most ${max} letters, digits or spaces without accents, not "${v}"`, fallback)
  return v
}
