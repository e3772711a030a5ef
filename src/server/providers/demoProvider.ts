import { z } from 'zod/mini'
import type { GameProvider, LaunchInput, ProviderGame } from './registry'

/**
 * The built-in demo slot provider, as the operator sees it: its game list read over its own API
 * (GET /demo-provider/{code}/api/games, as a real provider's catalogue is read) and a launch address
 * under /demo-provider, the provider's app, which calls the wallet API with the session token like
 * any provider. The server imports nothing of the provider's code.
 */
const DEMO_PROVIDER_PATH = '/demo-provider'
/** A catalogue changes rarely: it is read again after this long (and after a failed read, at once). */
const CATALOG_TTL_MS = 10 * 60_000

const catalogSchema = z.object({
  status: z.literal('OK'),
  games: z.array(
    z.object({
      code: z.string().check(z.minLength(1), z.maxLength(64)),
      name: z.string().check(z.minLength(1), z.maxLength(100)),
      rtp: z.number().check(z.gt(0), z.lt(1)),
      stop: z.boolean(),
      image: z.nullable(z.string().check(z.maxLength(300))),
      maxMultiplier: z.number().check(z.positive()),
    }),
  ),
})

export class DemoProvider implements GameProvider {
  private catalog: { at: number; games: Promise<ProviderGame[]> } | null = null

  /** `baseUrl`: where the demo provider is served (this server's own address once it listens). */
  constructor(
    readonly code: string,
    private readonly baseUrl: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  listGames(): Promise<ProviderGame[]> {
    const at = this.now()
    if (!this.catalog || at - this.catalog.at > CATALOG_TTL_MS) {
      const games = this.readCatalog()
      this.catalog = { at, games }
      games.catch(() => {
        if (this.catalog?.games === games) this.catalog = null
      })
    }
    return this.catalog.games
  }

  private async readCatalog(): Promise<ProviderGame[]> {
    const res = await fetch(`${this.baseUrl()}${DEMO_PROVIDER_PATH}/${this.code}/api/games`, { signal: AbortSignal.timeout(5_000) })
    if (!res.ok) throw new Error(`demo provider ${this.code}: its game list answered HTTP ${res.status}`)
    return catalogSchema.parse(await res.json()).games
  }

  async launch(input: LaunchInput): Promise<{ url: string }> {
    const query = new URLSearchParams({ token: input.sessionToken, game: input.game, lang: input.locale })
    return { url: `${DEMO_PROVIDER_PATH}/${this.code}/?${query}` }
  }
}
