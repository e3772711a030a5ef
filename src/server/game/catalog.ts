import type { GameEntry } from '../../shared/contract'
import { PROVIDERS, SELF_GAME_TYPES, type SelfGameType } from '../../shared/codes'
import type { GameProvider } from '../providers/registry'

/** Our own games that are open for play (all of them since the shared rounds landed); one left out shows 'Em Breve...'. */
const OPEN_SELF_GAMES: ReadonlySet<SelfGameType> = new Set(['dice', 'limbo', 'mines', 'double', 'rowDouble', 'luckyColor'])

/**
 * The main-games lists: SELF (our casino games, gameType = their route) and one list per
 * provider code of the spec (PG, EVO, BG): the registry's games (value: the game's name, gameType:
 * the provider's game id), empty for a code no provider serves.
 */
export async function gameCatalog(providers: ReadonlyMap<string, GameProvider>): Promise<Record<string, { records: GameEntry[] }>> {
  const lists: Record<string, { records: GameEntry[] }> = {
    SELF: {
      records: SELF_GAME_TYPES.map((gameType) => ({
        value: gameType,
        productCode: 'SELF',
        gameType,
        stop: OPEN_SELF_GAMES.has(gameType) ? 0 : 1,
      })),
    },
  }
  for (const code of new Set<string>([...PROVIDERS, ...providers.keys()])) lists[code] = await providerGames(providers, code)
  return lists
}

/** One provider code's list (empty for a code no provider serves). */
export async function providerGames(providers: ReadonlyMap<string, GameProvider>, code: string): Promise<{ records: GameEntry[] }> {
  const games = (await providers.get(code)?.listGames()) ?? []
  return { records: games.map((g) => ({ value: g.name, productCode: code, gameType: g.code, stop: g.stop ? 1 : 0, ...(g.image ? { image: g.image } : {}), rtp: Math.round(g.rtp * 10_000) / 100, ...(g.volatility ? { volatility: g.volatility } : {}) })) }
}
