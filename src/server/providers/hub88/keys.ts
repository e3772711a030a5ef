import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../../config'
import { rsaPrivateKey } from './signing'

/**
 * The keys of one Hub88 integration. Ours signs our Games API calls and wallet answers (Hub88 holds
 * its public half); Hub88's public key checks its wallet calls. With the emulator (HUB88_URL unset,
 * demo mode) the emulator plays Hub88: its key pair, and ours unless HUB88_PRIVATE_KEY is given, are
 * made once per data directory and kept in DATA_DIR/hub88-keys.json (mode 600).
 */
export interface Hub88Keys {
  ours: KeyObject
  oursPublic: KeyObject
  hub88Public: KeyObject
  /** The emulator's signing key (Hub88's private half): only with the emulator. */
  hub88Private: KeyObject | null
}

const FILE = 'hub88-keys.json'
let kept: { dir: string; keys: Hub88Keys } | null = null

export function hub88Keys(config: Pick<Config, 'hub88' | 'dataDir' | 'production'>): Hub88Keys {
  const { hub88 } = config
  if (hub88.url !== null) {
    if (!hub88.privateKey || !hub88.publicKey) throw new Error('HUB88_PRIVATE_KEY and HUB88_PUBLIC_KEY are needed with HUB88_URL')
    return { ours: hub88.privateKey, oursPublic: createPublicKey(hub88.privateKey), hub88Public: hub88.publicKey, hub88Private: null }
  }
  if (config.production) throw new Error('the Hub88 emulator is refused in production')
  if (kept?.dir !== config.dataDir) kept = { dir: config.dataDir, keys: emulatorKeys(config.dataDir, hub88.privateKey) }
  return kept.keys
}

function emulatorKeys(dataDir: string, given: KeyObject | null): Hub88Keys {
  const file = path.join(dataDir, FILE)
  let pems: { ours: string; hub88: string } | null = null
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8')) as { ours?: unknown; hub88?: unknown }
    if (typeof read.ours === 'string' && typeof read.hub88 === 'string') pems = { ours: read.ours, hub88: read.hub88 }
  } catch {
    // None yet.
  }
  if (!pems) {
    const make = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    pems = { ours: make(), hub88: make() }
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, JSON.stringify(pems), { mode: 0o600 })
  }
  const ours = given ?? rsaPrivateKey(pems.ours)
  const hub88Private = rsaPrivateKey(pems.hub88)
  return { ours, oursPublic: createPublicKey(ours), hub88Public: createPublicKey(hub88Private), hub88Private }
}
