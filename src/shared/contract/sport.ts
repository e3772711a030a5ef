/** The sportsbook: sports, matches and their markets (bets and settlement come next). */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading } from './fields'

export const SPORT_IDS = ['football', 'basketball', 'tennis', 'boxing', 'snooker', 'baseball', 'volleyball', 'badminton', 'americanFootball', 'tableTennis', 'cricket', 'racing'] as const
export type SportId = (typeof SPORT_IDS)[number]

const score = z.object({ home: z.number(), away: z.number() })

const matchSchema = z.object({
  matchId: z.string(),
  sport: z.enum(SPORT_IDS),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  /** Kick-off, ms since the epoch. */
  startsAt: z.number(),
  /** The spec's match-time code (0 not open, 1 first half, 2 midfield, 3 second half, -1 finished, -10 cancelled, -14 postponed ...). */
  matchTime: z.number(),
  /** Minutes of play so far. */
  minute: z.number(),
  score,
})

export const sportList = defineCall({
  method: 'GET',
  path: '/api/app/sport/sports',
  auth: false,
  query: z.strictObject({ loading }),
  reply: z.array(z.object({ sport: z.enum(SPORT_IDS), live: z.number(), upcoming: z.number() })),
})

export const sportMatches = defineCall({
  method: 'GET',
  path: '/api/app/sport/matches',
  auth: false,
  query: z.strictObject({ loading, sport: z.optional(z.enum(SPORT_IDS)), state: z.optional(z.enum(['live', 'upcoming', 'finished'])) }),
  reply: z.array(matchSchema),
})

const marketSchema = z.object({
  marketId: z.string(),
  type: z.enum(['1x2', 'winner', 'ah', 'ou', 'oddEven', 'corners']),
  /** The spec's sub-period code: 1 full game, 2 first half, 4 corners. */
  period: z.number(),
  /** The line (AH: the home side's handicap, its away selection plays the opposite), a multiple of 0.25; 0 where none. */
  line: z.number(),
  status: z.enum(['open', 'suspended', 'closed']),
  selections: z.array(z.object({ selectionId: z.string(), name: z.enum(['home', 'draw', 'away', 'over', 'under', 'odd', 'even']), odds: z.number() })),
})

export const sportMatch = defineCall({
  method: 'GET',
  path: '/api/app/sport/match/:matchId',
  auth: false,
  params: z.strictObject({ matchId: z.string().check(z.regex(/^\d{1,15}$/, { message: 'invalid' })) }),
  query: z.strictObject({ loading }),
  reply: z.object({ match: matchSchema, halfTime: score, corners: score, markets: z.array(marketSchema) }),
})
