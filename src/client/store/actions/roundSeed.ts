/**
 * A player's seed toward a shared-round game's new chain's salt (issue 29): sent when the game's page
 * opens while the chain waits for seeds, and when the room says it does (round:seedWanted). A random
 * one of the page's own; the salt's inputs are shown in the verifier. A refusal (fixed already) is quiet.
 * Its own module: the socket's handlers and the round actions both send it.
 */
import * as rounds from '../../../shared/contract/rounds'
import type { RoundGameId } from '../../../shared/games/rounds/types'
import { http } from '../api'
import { store } from '../store'

export async function sendRoundSeed(game: RoundGameId): Promise<void> {
  if (!store.session.token) return
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  await http.request(rounds.roundSeed, { params: { game }, body: { seed }, loading: false })
}
