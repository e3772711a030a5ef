import type { GameProvider, ProviderGame } from './registry'

/**
 * The built-in demo slot provider, as the operator sees it: a game list per provider code and a
 * launch address under /demo-provider (the demo provider's own app, which calls the wallet API with
 * the session token like any provider). Its games are slot themes drawn in this repository.
 */
const GAMES: Record<string, ProviderGame[]> = {
  PG: [
    { code: 'demo-fruits', name: 'Frutas de Ouro', stop: false },
    { code: 'demo-jungle', name: 'Selva Dourada', stop: false },
    { code: 'demo-carnival', name: 'Noite de Carnaval', stop: true },
  ],
  EVO: [
    { code: 'demo-ocean', name: 'Tesouro do Mar', stop: false },
    { code: 'demo-gems', name: 'Gemas Brilhantes', stop: false },
  ],
  BG: [
    { code: 'demo-carnival', name: 'Noite de Carnaval', stop: false },
    { code: 'demo-fruits', name: 'Frutas Clássicas', stop: false },
  ],
}

const DEMO_PROVIDER_PATH = '/demo-provider'

export class DemoProvider implements GameProvider {
  constructor(readonly code: string) {}

  async listGames(): Promise<ProviderGame[]> {
    return GAMES[this.code] ?? GAMES.PG ?? []
  }

  async launch(input: { sessionToken: string; game: string; locale: string }): Promise<{ url: string }> {
    const query = new URLSearchParams({ token: input.sessionToken, game: input.game, lang: input.locale })
    return { url: `${DEMO_PROVIDER_PATH}/${this.code}/?${query}` }
  }
}
