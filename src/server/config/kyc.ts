// The identity check's settings (KYC_PROVIDER, Serpro Datavalid, the Datavalid emulator).
import type { AppMode } from '../../shared/contract/appInfo'
import { numberEnv, problem } from './env'

/** KYC_PROVIDER: the built-in Datavalid emulator (demo mode), or Serpro's Datavalid. */
const KYC_PROVIDERS = ['emulator', 'datavalid'] as const
type KycProviderName = (typeof KYC_PROVIDERS)[number]

/** The emulator's own consumer key and secret (it lives on this server; production refuses it). */
const EMULATOR_CLIENT = { key: 'emulator-consumer-key', secret: 'emulator-consumer-secret' }

export interface KycConfig {
  /**
   * KYC_PROVIDER: 'emulator' (default in demo mode), 'datavalid', or null ('none': the account is
   * verified on the CPF's check digits alone; production refuses it, and the emulator).
   */
  provider: KycProviderName | null
  /** DATAVALID_BASE_URL: the API's root, e.g. https://gateway.apiserpro.serpro.gov.br/datavalid; null: this server's emulator. */
  baseUrl: string | null
  /** DATAVALID_TOKEN_URL: the OAuth2 token endpoint, e.g. https://gateway.apiserpro.serpro.gov.br/token; null: the emulator's. */
  tokenUrl: string | null
  /** DATAVALID_CONSUMER_KEY / DATAVALID_CONSUMER_SECRET: the contract's credentials (the emulator's own by default with the emulator). */
  consumerKey: string
  consumerSecret: string
  /** DATAVALID_TIMEOUT_SECONDS (10): one call to Datavalid; the player waits for it. */
  timeoutMs: number
}

export function loadKycConfig(env: NodeJS.ProcessEnv, mode: AppMode): KycConfig {
  const raw = (env.KYC_PROVIDER ?? '').trim()
  let provider: KycProviderName | null
  if (raw === '') provider = mode === 'demo' ? 'emulator' : null
  else if (raw === 'none') provider = null
  else if ((KYC_PROVIDERS as readonly string[]).includes(raw)) provider = raw as KycProviderName
  else provider = problem(`KYC_PROVIDER must be one of ${[...KYC_PROVIDERS, 'none'].join(', ')}, not "${raw}"`, null)
  const text = (name: string) => (env[name] ?? '').trim() || null
  const url = (name: string) => {
    const v = text(name)
    if (v === null) return null
    let parsed: URL | null = null
    try {
      parsed = new URL(v)
    } catch {
      // Refused below.
    }
    if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return problem(`${name} must be an https:// address, not "${v}"`, null)
    return v.replace(/\/+$/, '')
  }
  const emulator = provider === 'emulator'
  if (provider === 'datavalid') {
    const missing = ['DATAVALID_BASE_URL', 'DATAVALID_TOKEN_URL', 'DATAVALID_CONSUMER_KEY', 'DATAVALID_CONSUMER_SECRET'].filter((n) => text(n) === null)
    if (missing.length) problem(`KYC_PROVIDER=datavalid needs ${missing.join(', ')}`, null)
  }
  return {
    provider,
    baseUrl: emulator ? null : url('DATAVALID_BASE_URL'),
    tokenUrl: emulator ? null : url('DATAVALID_TOKEN_URL'),
    consumerKey: text('DATAVALID_CONSUMER_KEY') ?? (emulator ? EMULATOR_CLIENT.key : ''),
    consumerSecret: text('DATAVALID_CONSUMER_SECRET') ?? (emulator ? EMULATOR_CLIENT.secret : ''),
    timeoutMs: numberEnv(env, 'DATAVALID_TIMEOUT_SECONDS', 10, false, { min: 1, max: 60 }) * 1000,
  }
}
