import { DEMO_GAMES } from '../../../demo-provider/shared/catalog'
import { exactRtp } from '../../../demo-provider/shared/slotMath'
import type { GameProvider, ProviderGame } from './registry'

/**
 * The built-in demo slot provider, as the operator sees it: its game list (demo-provider/shared,
 * the provider's own) and a launch address under /demo-provider, the provider's app, which calls the
 * wallet API with the session token like any provider.
 */
const DEMO_PROVIDER_PATH = '/demo-provider'

/** Every demo game plays the one machine: its exact return is each game's RTP. */
const DEMO_RTP = (() => {
  const { num, den } = exactRtp()
  return Number(num) / Number(den)
})()

export class DemoProvider implements GameProvider {
  constructor(readonly code: string) {}

  async listGames(): Promise<ProviderGame[]> {
    return (DEMO_GAMES[this.code] ?? DEMO_GAMES.PG ?? []).map((g) => ({ ...g, rtp: DEMO_RTP, image: `${DEMO_PROVIDER_PATH}/thumbs/${g.code}.svg` }))
  }

  async launch(input: { sessionToken: string; game: string; locale: string }): Promise<{ url: string }> {
    const query = new URLSearchParams({ token: input.sessionToken, game: input.game, lang: input.locale })
    return { url: `${DEMO_PROVIDER_PATH}/${this.code}/?${query}` }
  }
}
