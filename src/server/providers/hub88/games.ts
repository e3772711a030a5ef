/**
 * Hub88's Games API, the calls we make (docs.hub88.io, Operator API reference > Games API): the game
 * list, a game's URL for a player's session, and a round's details. Each body is signed with our key
 * (X-Hub88-Signature); Hub88 answers JSON, or an HTTP error with { "error": text }.
 */
import type { KeyObject } from 'node:crypto'
import { z } from 'zod/mini'
import { HUB88_SIGNATURE_HEADER, signHub88 } from './signing'

export const GAMES_PATH = '/operator/generic/v2/game'

/** How long the list is kept: Hub88 allows one list call a minute and advises a daily refresh. */
const LIST_TTL_MS = 60 * 60_000
/** After a failed list read, the next is tried no sooner (the one-a-minute limit). */
const LIST_RETRY_MS = 60_000

/**
 * One game of the list. Hub88 may add fields and enum values at any time (its forward-compatibility
 * notice): unknown ones are ignored, and the fields we do not need are not required.
 */
const gameSchema = z.object({
  game_code: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  product: z.string().check(z.maxLength(200)),
  enabled: z.optional(z.nullable(z.boolean())),
  url_thumb: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  /** A percentage as text ("96.14"); null for a game that does not say. */
  rtp: z.optional(z.nullable(z.union([z.string().check(z.maxLength(16)), z.number()]))),
  /** 1 (low) to 6 (very high). */
  volatility: z.optional(z.nullable(z.number())),
  platforms: z.optional(z.nullable(z.array(z.string()))),
  blocked_countries: z.optional(z.nullable(z.array(z.string()))),
})
export type Hub88Game = z.infer<typeof gameSchema>

const urlSchema = z.object({ url: z.string().check(z.minLength(1), z.maxLength(4000)) })

export class Hub88Error extends Error {
  constructor(
    readonly http: number,
    message: string,
  ) {
    super(message)
  }
}

export interface Hub88GamesOptions {
  /** The Games API's root (HUB88_URL, or the emulator's on this server). */
  baseUrl: () => string
  operatorId: number
  subPartnerId: string | null
  key: KeyObject
  timeoutMs: number
  now?: () => number
}

/** What a game URL is asked with (docs: POST /operator/generic/v2/game/url). */
export interface GameUrlInput {
  user: string
  token: string
  game: string
  lang: string
  ip: string
  mobile: boolean
  lobbyUrl: string | null
  depositUrl: string | null
}

export class Hub88Games {
  private list: { at: number; games: Promise<Hub88Game[]> } | null = null
  private readonly now: () => number

  constructor(private readonly o: Hub88GamesOptions) {
    this.now = o.now ?? Date.now
  }

  /** Signs and posts one call; answers its JSON checked against `schema`. */
  async call<T>(path: string, body: Record<string, unknown>, schema: z.ZodMiniType<T>): Promise<T> {
    const raw = JSON.stringify(body)
    const res = await fetch(`${this.o.baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: signHub88(this.o.key, raw) },
      body: raw,
      signal: AbortSignal.timeout(this.o.timeoutMs),
    })
    const text = await res.text()
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      // Not JSON (a 429 answers "Too Many Requests").
    }
    if (!res.ok) {
      const error = json && typeof json === 'object' && 'error' in json ? String((json as { error: unknown }).error) : text.slice(0, 200)
      throw new Hub88Error(res.status, `Hub88 ${path} answered HTTP ${res.status}: ${error}`)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new Hub88Error(502, `Hub88 ${path} answered an unexpected body (${parsed.error.issues[0]?.path.join('.') || 'body'})`)
    return parsed.data
  }

  /**
   * The whole list, kept an hour; a failed read is not kept (the next asks again, a minute later at
   * the soonest) and the last good list goes on serving meanwhile.
   */
  games(): Promise<Hub88Game[]> {
    const at = this.now()
    const kept = this.list
    if (kept && at - kept.at < LIST_TTL_MS) return kept.games
    const games = this.readList()
    this.list = { at, games }
    games.catch(() => {
      if (this.list?.games !== games) return
      // Serve the last good list (if any) until a retry a minute from now.
      this.list = kept ? { at: at - LIST_TTL_MS + LIST_RETRY_MS, games: kept.games } : null
    })
    return kept ? games.catch(() => kept.games) : games
  }

  private async readList(): Promise<Hub88Game[]> {
    const rows = await this.call(`${GAMES_PATH}/list`, { operator_id: this.o.operatorId }, z.array(z.unknown()))
    // One malformed entry drops that game, not the list.
    return rows.flatMap((row) => {
      const g = gameSchema.safeParse(row)
      return g.success ? [g.data] : []
    })
  }

  /** The landing URL of a game for a session (real money: the player's token, BRL, Brazil). */
  async gameUrl(input: GameUrlInput): Promise<string> {
    const body: Record<string, unknown> = {
      user: input.user,
      token: input.token,
      platform: input.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
      operator_id: this.o.operatorId,
      meta: {},
      lang: input.lang,
      ip: input.ip,
      game_code: input.game,
      currency: 'BRL',
      country: 'BR',
    }
    if (this.o.subPartnerId) body.sub_partner_id = this.o.subPartnerId
    if (input.lobbyUrl) body.lobby_url = input.lobbyUrl
    if (input.depositUrl) body.deposit_url = input.depositUrl
    return (await this.call(`${GAMES_PATH}/url`, body, urlSchema)).url
  }

  /** The address of a round's details at Hub88 (docs: POST /operator/generic/v2/game/round). */
  async roundUrl(input: { user: string; transactionUuid: string; round: string }): Promise<string> {
    return (await this.call(`${GAMES_PATH}/round`, { user: input.user, transaction_uuid: input.transactionUuid, round: input.round, operator_id: this.o.operatorId }, urlSchema)).url
  }
}
