import type { GameProvider, LaunchInput, ProviderGame } from '../registry'
import type { Hub88Games } from './games'

/**
 * One of our provider codes (PG, EVO, BG) served by Hub88: the games of the Hub88 products it lists
 * (HUB88_PRODUCTS), read from the one shared game list. A game is offered only with an RTP (the
 * promotion check weighs its stakes by it), enabled, and not blocked in Brazil.
 */
export class Hub88Provider implements GameProvider {
  constructor(
    readonly code: string,
    private readonly games: Hub88Games,
    private readonly products: readonly string[],
    private readonly maxWinX: number,
    private readonly urls: { lobby: string | null; deposit: string | null },
  ) {}

  async listGames(): Promise<ProviderGame[]> {
    const out: ProviderGame[] = []
    for (const g of await this.games.games()) {
      if (!this.products.includes(g.product) || g.blocked_countries?.includes('BR')) continue
      const rtp = Number(g.rtp) / 100
      if (g.rtp === null || g.rtp === undefined || !(rtp > 0 && rtp < 1)) continue
      const volatility = typeof g.volatility === 'number' && Number.isInteger(g.volatility) && g.volatility >= 1 && g.volatility <= 6 ? g.volatility : null
      out.push({ code: g.game_code, name: g.name, rtp, volatility, stop: g.enabled === false, image: g.url_thumb ?? null, maxMultiplier: this.maxWinX })
    }
    return out
  }

  roundDetails(input: { user: string; transactionId: string; round: string }): Promise<string> {
    return this.games.roundUrl({ user: input.user, transactionUuid: input.transactionId, round: input.round })
  }

  async launch(input: LaunchInput): Promise<{ url: string }> {
    const url = await this.games.gameUrl({
      user: input.user,
      token: input.sessionToken,
      game: input.game,
      lang: input.locale.slice(0, 2),
      ip: input.ip,
      mobile: input.mobile,
      lobbyUrl: this.urls.lobby,
      depositUrl: this.urls.deposit,
    })
    return { url }
  }
}
