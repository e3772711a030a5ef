import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'

/** The provider codes of the built-in demo provider (the side menu's three providers). */
const BUILTIN_PROVIDER_CODES = ['PG', 'EVO', 'BG'] as const

let kept: { dir: string; secrets: Record<string, string> } | null = null

/**
 * A provider's wallet-call secret: PROVIDER_SECRETS's, or outside production (for the built-in
 * codes) one made once and kept in DATA_DIR/provider-secrets.json, which the demo provider reads
 * too. None: the provider's calls are all INVALID_SIGNATURE.
 */
export function providerSecretOf(config: Pick<Config, 'providerSecrets' | 'production' | 'dataDir'>, code: string): string | null {
  const set = config.providerSecrets[code]
  if (set) return set
  if (config.production || !(BUILTIN_PROVIDER_CODES as readonly string[]).includes(code)) return null
  if (kept?.dir !== config.dataDir) kept = { dir: config.dataDir, secrets: readOrMake(config.dataDir) }
  return kept.secrets[code] ?? null
}

function readOrMake(dataDir: string): Record<string, string> {
  const file = path.join(dataDir, 'provider-secrets.json')
  try {
    const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
    if (BUILTIN_PROVIDER_CODES.every((c) => typeof secrets[c] === 'string' && secrets[c].length >= 32)) return secrets
  } catch {
    // None yet.
  }
  const secrets = Object.fromEntries(BUILTIN_PROVIDER_CODES.map((c) => [c, randomBytes(32).toString('base64url')]))
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}
