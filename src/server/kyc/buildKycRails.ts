import type { Config } from '../config'
import type { KycProvider } from './KycProvider'
import { DatavalidClient } from './datavalid/DatavalidClient'
import { DatavalidEmulator, KYC_EMULATOR_PREFIX } from './datavalid/DatavalidEmulator'
import { DatavalidKycProvider } from './datavalid/DatavalidKycProvider'

interface KycRails {
  /** The identity check updateKyc asks; null when KYC_PROVIDER=none. */
  provider: KycProvider | null
  /** The built-in Datavalid, when KYC_PROVIDER=emulator (its routes go on this server). */
  emulator: DatavalidEmulator | null
}

/**
 * The identity check KYC_PROVIDER names: the Datavalid adapter, against Serpro at DATAVALID_BASE_URL
 * or against the emulator on this same server (`selfUrl`: known once it listens).
 */
export function buildKycRails(config: Config, deps: { now: () => number; selfUrl: () => string; log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void } }): KycRails {
  const kyc = config.kyc
  if (kyc.provider === null) return { provider: null, emulator: null }
  const emulated = kyc.provider === 'emulator'
  const { baseUrl, tokenUrl } = kyc
  // (Config refuses datavalid without both addresses.)
  const client = new DatavalidClient({
    baseUrl: emulated || baseUrl === null ? () => `${deps.selfUrl()}${KYC_EMULATOR_PREFIX}` : () => baseUrl,
    tokenUrl: emulated || tokenUrl === null ? () => `${deps.selfUrl()}${KYC_EMULATOR_PREFIX}/token` : () => tokenUrl,
    consumerKey: kyc.consumerKey,
    consumerSecret: kyc.consumerSecret,
    timeoutMs: kyc.timeoutMs,
    now: deps.now,
  })
  return {
    provider: new DatavalidKycProvider(client, deps.log),
    emulator: emulated ? new DatavalidEmulator({ now: deps.now, client: { key: kyc.consumerKey, secret: kyc.consumerSecret } }) : null,
  }
}
