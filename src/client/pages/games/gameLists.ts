import { useSnapshot } from 'valtio'
import { PROVIDERS, SELF_GAME_TYPES } from '../../../shared/codes'
import type { GameEntry } from '../../../shared/contract'
import { gameGroup } from '../../../shared/contract/game'
import { api } from '../../store/actions/session'
import { store } from '../../store/store'
import { useLoaded } from '../useLoaded'

/** Our games as the server lists them, or all of them (stop unknown = open) before its list arrives. */
export function useGames(): GameEntry[] {
  const snap = useSnapshot(store.games)
  return (snap.self.length ? snap.self : SELF_GAME_TYPES.map((gameType) => ({ value: gameType, productCode: 'SELF', gameType, stop: 0 }))) as GameEntry[]
}

/** The provider games per provider code, read once per page; a provider that does not answer lists nothing. */
export function useProviderGames(): { code: string; games: GameEntry[] }[] {
  const [lists] = useLoaded(
    () =>
      Promise.all(
        PROVIDERS.map((code) =>
          api<{ records: GameEntry[] }>(gameGroup, { query: { productCode: code }, loading: false }, true)
            .then((r) => ({ code, games: r.records }))
            .catch(() => ({ code, games: [] as GameEntry[] })),
        ),
      ),
    [],
  )
  return lists ?? []
}
