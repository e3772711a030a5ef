import type { GameEntry } from '../../shared/contract'
import { PROVIDERS, SELF_GAME_TYPES, type SelfGameType } from '../../shared/codes'

/** Our own games that are open for play (all of them since the shared rounds landed); one left out shows 'Em Breve...'. */
const OPEN_SELF_GAMES: ReadonlySet<SelfGameType> = new Set(['dice', 'limbo', 'mines', 'double', 'rowDouble', 'luckyColor'])

/**
 * The main-games lists: SELF (our casino games, gameType = their route) and one list per
 * slot provider. No provider is connected yet, so their lists are empty.
 */
export function gameCatalog(): Record<string, { records: GameEntry[] }> {
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
  for (const provider of PROVIDERS) lists[provider] = { records: [] }
  return lists
}
