/**
 * Game providers: what the app needs of one (its games, a launch for a player, a close), and the
 * registry of those configured. A real aggregator is another GameProvider (docs/providers.md): its launch asks the aggregator for a game URL with the session token; the aggregator's
 * servers then call the wallet (providers/wallet.ts) with that token.
 */
import { ConfigError } from '../config'
import type { Hub88Config } from '../config/hub88'
import { DemoProvider } from './demoProvider'
import type { Hub88Games } from './hub88/games'
import { Hub88Provider } from './hub88/Hub88Provider'

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
  /** The game's volatility where the catalogue gives it: 1 (low) to 6 (very high) on Hub88's scale. */
  volatility?: number | null
}

/** What a launch is asked with: the session's token and game, the player's language, the aggregator's user id (uid), address and device. */
export interface LaunchInput {
  sessionToken: string
  game: string
  locale: string
  /** The player as aggregators know them: the public player number (uid), no personal data. */
  user: string
  ip: string
  mobile: boolean
}

export interface GameProvider {
  /** The provider code the app knows it by (the spec's productCode: PG, EVO, BG). */
  readonly code: string
  listGames(): Promise<ProviderGame[]>
  /** The address of the game for this session (the app shows it in its full-screen frame). */
  launch(input: LaunchInput): Promise<{ url: string }>
  /** Where the aggregator shows a round's details to its player (Hub88's game/round), if it does. */
  roundDetails?(input: { user: string; transactionId: string; round: string }): Promise<string>
}

/** Where the providers this build runs itself are served (the demo provider, the Hub88 emulator: this server) and Hub88's settings. */
export interface ProviderHosts {
  demoUrl: () => string
  /** Hub88's Games API, shared by every code it serves (one game list for all); null: no Hub88 settings. */
  hub88?: { games: () => Hub88Games; config: Hub88Config } | null
}

/** The kinds of provider this build has. */
const KINDS: Record<string, (code: string, hosts: ProviderHosts) => GameProvider> = {
  demo: (code, hosts) => new DemoProvider(code, hosts.demoUrl),
  hub88: (code, hosts) => {
    const hub88 = hosts.hub88
    if (!hub88) throw new ConfigError('GAME_PROVIDERS lists a hub88 code but Hub88 is not configured')
    const products = hub88.config.products[code]
    if (!products) throw new ConfigError(`HUB88_PRODUCTS names no Hub88 product for ${code}: add ${code}=<product name>`)
    return new Hub88Provider(code, hub88.games(), products, hub88.config.maxWinX, { lobby: hub88.config.lobbyUrl, deposit: hub88.config.depositUrl })
  },
}

/**
 * GAME_PROVIDERS: "CODE=kind" pairs (default by GAME_AGGREGATOR: "PG=demo,EVO=demo,BG=demo", the
 * built-in demo provider under the side menu's three codes, or the same codes from Hub88); an empty
 * value turns the providers off.
 */
export function providerRegistry(raw: string, hosts: ProviderHosts): Map<string, GameProvider> {
  const registry = new Map<string, GameProvider>()
  for (const part of raw.split(',').map((x) => x.trim()).filter(Boolean)) {
    const [code = '', kind = ''] = part.split('=').map((x) => x.trim())
    const make = KINDS[kind]
    if (!/^[A-Z0-9]{2,16}$/.test(code) || !make) throw new ConfigError(`GAME_PROVIDERS must read like PG=demo,EVO=demo (kinds: ${Object.keys(KINDS).join(', ')}), not "${part.slice(0, 40)}"`)
    registry.set(code, make(code, hosts))
  }
  return registry
}
