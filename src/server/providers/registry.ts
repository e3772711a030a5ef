/**
 * Game providers: what the app needs of one (its games, a launch for a player, a close), and the
 * registry of those configured. A real aggregator is another GameProvider (docs/providers.md): its launch asks the aggregator for a game URL with the session token; the aggregator's
 * servers then call the wallet (providers/wallet.ts) with that token.
 */
import { ConfigError } from '../config'
import { DemoProvider } from './demoProvider'

export interface ProviderGame {
  /** The provider's game id (the wallet calls' `game`). */
  code: string
  /** The game's name as the provider gives it (a product name: not translated). */
  name: string
  /**
   * Its return to player as the provider's catalogue reports it (0.9614 for 96.14 %): the promotion
   * check (wallet/promoEv.ts) weighs a slot's stakes toward a gift by it.
   */
  rtp: number
  /** Not open yet: picking it shows 'Em Breve...'. */
  stop: boolean
  /** The game's tile art, an address the player's browser loads (null: the app draws a plain tile). */
  image: string | null
  /**
   * The most one round of it pays, in stakes (the provider's catalogue): the wallet refuses a
   * round's wins above this times the round's stake.
   */
  maxMultiplier: number
}

export interface GameProvider {
  /** The provider code the app knows it by (the spec's productCode: PG, EVO, BG). */
  readonly code: string
  listGames(): Promise<ProviderGame[]>
  /** The address of the game for this session (the app shows it in its full-screen frame). */
  launch(input: { sessionToken: string; game: string; locale: string }): Promise<{ url: string }>
}

/** Where the providers this build runs itself are served: the demo provider, on this server. */
export interface ProviderHosts {
  demoUrl: () => string
}

/** The kinds of provider this build has; a real aggregator's joins here. */
const KINDS: Record<string, (code: string, hosts: ProviderHosts) => GameProvider> = {
  demo: (code, hosts) => new DemoProvider(code, hosts.demoUrl),
}

/**
 * GAME_PROVIDERS: "CODE=kind" pairs (default "PG=demo,EVO=demo,BG=demo": the built-in demo
 * provider under the side menu's three codes); an empty value turns the providers off.
 */
export function providerRegistry(raw: string | undefined, hosts: ProviderHosts): Map<string, GameProvider> {
  const text = raw ?? 'PG=demo,EVO=demo,BG=demo'
  const registry = new Map<string, GameProvider>()
  for (const part of text.split(',').map((x) => x.trim()).filter(Boolean)) {
    const [code = '', kind = ''] = part.split('=').map((x) => x.trim())
    const make = KINDS[kind]
    if (!/^[A-Z0-9]{2,16}$/.test(code) || !make) throw new ConfigError(`GAME_PROVIDERS must read like PG=demo,EVO=demo (kinds: ${Object.keys(KINDS).join(', ')}), not "${part.slice(0, 40)}"`)
    registry.set(code, make(code, hosts))
  }
  return registry
}
