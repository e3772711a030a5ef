/**
 * The Odds API v4 (the-odds-api.com/liveapi/guides/v4, its Swagger schema and its error-codes page),
 * as far as this server uses it: the JSON both the adapter (which reads what the API answers) and
 * the built-in emulator (which answers) check, field for field. docs/sportsbook.md has the summary.
 *
 * Every request carries `apiKey` in the query. Answers carry the quota headers x-requests-remaining,
 * x-requests-used and x-requests-last (the cost of this call). Errors are JSON { message,
 * error_code, details_url }: 401 MISSING_KEY / INVALID_KEY / DEACTIVATED_KEY / OUT_OF_USAGE_CREDITS,
 * 422 for a bad parameter (MISSING_REGION ...), 429 EXCEEDED_FREQ_LIMIT (about 30 calls a second).
 */
import { z } from 'zod/mini'

/** Where the API lives; every path below is under it. */
export const ODDS_API_HOST = 'https://api.the-odds-api.com'

/** The featured markets the odds endpoint offers: each one costs a credit per region. */
export const FEATURED_MARKETS = ['h2h', 'spreads', 'totals'] as const
export type FeaturedMarket = (typeof FEATURED_MARKETS)[number]
/** The bookmaker regions (each one costs a credit per market). */
export const REGIONS = ['us', 'us2', 'uk', 'eu', 'au'] as const

const instant = () => z.iso.datetime({ offset: true })

/** GET /v4/sports: a sport (a league or competition, by its key). Free. */
export const sportSchema = z.object({
  key: z.string().check(z.regex(/^[a-z0-9_]{2,80}$/)),
  group: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  has_outrights: z.boolean(),
})
export type OddsApiSport = z.infer<typeof sportSchema>

/** An outcome: a side ("Draw" too) or "Over" / "Under"; `point` on spreads (the side's handicap) and totals (the line). */
export const outcomeSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  price: z.number().check(z.gt(1)),
  point: z.optional(z.number()),
})

export const marketSchema = z.object({
  key: z.string(),
  /** When this market's prices were last seen (the bookmaker's last_update when absent). */
  last_update: z.optional(instant()),
  outcomes: z.array(outcomeSchema),
})

export const bookmakerSchema = z.object({
  key: z.string(),
  title: z.string(),
  last_update: instant(),
  markets: z.array(marketSchema),
})

/** An event as GET /v4/sports/{sport}/events lists it (free), and the head of an odds answer's. */
export const eventSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/)),
  sport_key: z.string(),
  sport_title: z.string(),
  commence_time: instant(),
  home_team: z.string().check(z.minLength(1), z.maxLength(200)),
  away_team: z.string().check(z.minLength(1), z.maxLength(200)),
})

/** GET /v4/sports/{sport}/odds (regions, markets, oddsFormat=decimal, dateFormat=iso): live and upcoming events with each bookmaker's prices. */
export const oddsEventSchema = z.object({ ...eventSchema.shape, bookmakers: z.array(bookmakerSchema) })
export type OddsApiEvent = z.infer<typeof oddsEventSchema>

/** GET /v4/sports/{sport}/scores (daysFrom 1 to 3): upcoming, live and recently completed events; `score` is text ("3", or "245/6" in cricket). */
export const scoreEventSchema = z.object({
  ...eventSchema.shape,
  completed: z.boolean(),
  scores: z.nullable(z.array(z.object({ name: z.string(), score: z.string() }))),
  last_update: z.nullable(instant()),
})
export type OddsApiScore = z.infer<typeof scoreEventSchema>

/** An error answer. */
export const errorSchema = z.object({ message: z.string(), error_code: z.optional(z.string()), details_url: z.optional(z.string()) })

/** The error-codes page's anchor for a code (OUT_OF_USAGE_CREDITS -> #out-of-usage-credits). */
export const errorBody = (code: string, message: string) => ({ message, error_code: code, details_url: `https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html#${code.toLowerCase().replace(/_/g, '-')}` })

/** The quota headers of an answer (null where absent or not a number). */
export interface Quota {
  remaining: number | null
  used: number | null
  last: number | null
}
