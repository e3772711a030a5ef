// Hub88, the game aggregator (docs/providers.md): its Games API address, our operator id and keys,
// and which of Hub88's products each of our provider codes (PG, EVO, BG) lists.
import fs from 'node:fs'
import type { KeyObject } from 'node:crypto'
import type { AppMode } from '../../shared/contract/appInfo'
import { rsaPrivateKey, rsaPublicKey } from '../providers/hub88/signing'
import { numberEnv, problem } from './env'

/**
 * GAME_AGGREGATOR: Hub88 (demo mode's default: its emulator, with the demo provider as its supplier,
 * so the demo runs the real adapter), the built-in demo provider directly, or none (production's default).
 */
export const GAME_AGGREGATORS = ['demo', 'hub88', 'none'] as const
export type GameAggregator = (typeof GAME_AGGREGATORS)[number]

/** The side menu's three codes and, by default, the Hub88 products each lists (HUB88_PRODUCTS). */
const DEFAULT_PRODUCTS = 'PG=PG Soft,EVO=Evolution Gaming,BG=BGaming'

export interface Hub88Config {
  /** HUB88_URL: the Games API's root (e.g. https://api.am.hub88.io, Latin America); null: this server's emulator (demo mode only). */
  url: string | null
  /** HUB88_OPERATOR_ID: our operator id at Hub88 (the emulator's: 1). */
  operatorId: number
  /** HUB88_SUB_PARTNER_ID: the brand under the operator, sent on game URLs when set. */
  subPartnerId: string | null
  /**
   * HUB88_PRIVATE_KEY (a PEM file): ours, signing our Games API calls and our wallet answers;
   * HUB88_PUBLIC_KEY (a PEM file): Hub88's, checking its wallet calls. Null with the emulator: the
   * keys are made once and kept in DATA_DIR/hub88-keys.json (providers/hub88/keys.ts).
   */
  privateKey: KeyObject | null
  publicKey: KeyObject | null
  /** HUB88_PRODUCTS: our provider code -> the Hub88 `product` names it lists ("PG=PG Soft,EVO=Evolution Gaming|Evolution,BG=BGaming"). */
  products: Record<string, string[]>
  /**
   * HUB88_MAX_WIN_X (5000): the most one round of a Hub88 game may pay, in stakes. Hub88's game list
   * has no such field; the wallet refuses a round's wins above it (the same cap the demo provider's
   * catalogue gives per game).
   */
  maxWinX: number
  /** HUB88_LOBBY_URL / HUB88_DEPOSIT_URL: where a game's Home and deposit buttons lead (sent when set). */
  lobbyUrl: string | null
  depositUrl: string | null
  /** HUB88_TIMEOUT_SECONDS (10): one Games API call. */
  timeoutMs: number
}

function pemFile(env: NodeJS.ProcessEnv, name: string, parse: (pem: string) => KeyObject): KeyObject | null {
  const file = (env[name] ?? '').trim()
  if (!file) return null
  try {
    return parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    return problem(`${name} must be the path of an RSA key in PEM (${err instanceof Error ? err.message : String(err)})`, null)
  }
}

function httpsUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = (env[name] ?? '').trim()
  if (!v) return null
  try {
    const u = new URL(v)
    if (u.protocol === 'https:' || u.protocol === 'http:') return v.replace(/\/+$/, '')
  } catch {
    // Refused below.
  }
  return problem(`${name} must be an https:// address, not "${v}"`, null)
}

function parseProducts(raw: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const part of raw.split(',').map((x) => x.trim()).filter(Boolean)) {
    const eq = part.indexOf('=')
    const code = part.slice(0, eq).trim()
    const names = part.slice(eq + 1).split('|').map((x) => x.trim()).filter(Boolean)
    if (eq < 1 || !/^[A-Z0-9]{2,16}$/.test(code) || !names.length) return problem(`HUB88_PRODUCTS must read like PG=PG Soft,EVO=Evolution Gaming, not "${part.slice(0, 60)}"`, parseProducts(DEFAULT_PRODUCTS))
    out[code] = names
  }
  return out
}

/** GAME_PROVIDERS's default by GAME_AGGREGATOR: the side menu's three codes from the demo provider or Hub88; none. */
export function defaultGameProviders(aggregator: GameAggregator): string {
  return aggregator === 'none' ? '' : ['PG', 'EVO', 'BG'].map((c) => `${c}=${aggregator}`).join(',')
}

export function loadGameAggregator(env: NodeJS.ProcessEnv, mode: AppMode): GameAggregator {
  const raw = (env.GAME_AGGREGATOR ?? '').trim()
  if (raw === '') return mode === 'demo' ? 'hub88' : 'none'
  if ((GAME_AGGREGATORS as readonly string[]).includes(raw)) return raw as GameAggregator
  return problem(`GAME_AGGREGATOR must be one of ${GAME_AGGREGATORS.join(', ')}, not "${raw}"`, 'none')
}

export function loadHub88Config(env: NodeJS.ProcessEnv): Hub88Config {
  const operatorId = numberEnv(env, 'HUB88_OPERATOR_ID', 1, true, { min: 1, max: 2 ** 31 - 1 })
  const sub = (env.HUB88_SUB_PARTNER_ID ?? '').trim()
  return {
    url: httpsUrl(env, 'HUB88_URL'),
    operatorId,
    subPartnerId: sub === '' ? null : /^[\w.-]{1,64}$/.test(sub) ? sub : problem(`HUB88_SUB_PARTNER_ID must be letters, digits, dots or dashes, not "${sub}"`, null),
    privateKey: pemFile(env, 'HUB88_PRIVATE_KEY', rsaPrivateKey),
    publicKey: pemFile(env, 'HUB88_PUBLIC_KEY', rsaPublicKey),
    products: parseProducts((env.HUB88_PRODUCTS ?? '').trim() || DEFAULT_PRODUCTS),
    maxWinX: numberEnv(env, 'HUB88_MAX_WIN_X', 5000, false, { min: 1, max: 1_000_000 }),
    lobbyUrl: httpsUrl(env, 'HUB88_LOBBY_URL'),
    depositUrl: httpsUrl(env, 'HUB88_DEPOSIT_URL'),
    timeoutMs: numberEnv(env, 'HUB88_TIMEOUT_SECONDS', 10, false, { min: 1, max: 60 }) * 1000,
  }
}

/** What production refuses of Hub88's settings (config/index.ts lists them with the others). */
export function hub88Problems(hub88: Hub88Config): string[] {
  const problems: string[] = []
  if (hub88.url === null) problems.push("HUB88_URL is unset: Hub88's games would come from the built-in Hub88 emulator, which pays what the demo slot says. Set HUB88_URL (e.g. https://api.am.hub88.io) with HUB88_OPERATOR_ID and the keys.")
  else if (!hub88.url.startsWith('https://')) problems.push('HUB88_URL must be https:// in production.')
  if (hub88.privateKey === null) problems.push('HUB88_PRIVATE_KEY is unset: our Games API calls and wallet answers must be signed with our RSA key (the public half registered at Hub88).')
  if (hub88.publicKey === null) problems.push("HUB88_PUBLIC_KEY is unset: Hub88's wallet calls could not be checked (its public key, from Hub88).")
  return problems
}
