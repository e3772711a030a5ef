/** The sportsbook: sports, matches and their markets (bets and settlement come next). */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { oddsFromWire } from '../sport/odds'
import { amount, balanceVersion, loading, reais } from './fields'

/** The sportsbook's stake limits per selection, reais: the server's defaults (SPORT_MIN_STAKE, SPORT_MAX_STAKE) and the slip's hint. */
export const SPORT_LIMIT_DEFAULTS = { minStake: '0.10', maxStake: '1000.00' } as const
/** The most legs in a parlay by default (SPORT_MAX_LEGS). */
export const SPORT_MAX_LEGS_DEFAULT = 10
/** How long an in-play bet waits by default before it is taken, seconds (SPORT_LIVE_DELAY_SECONDS): the slip's waiting bar until a match read says. */
export const SPORT_LIVE_DELAY_DEFAULT = 5

export const SPORT_IDS = ['football', 'basketball', 'tennis', 'boxing', 'snooker', 'baseball', 'volleyball', 'badminton', 'americanFootball', 'tableTennis', 'cricket', 'racing'] as const
export type SportId = (typeof SPORT_IDS)[number]

const score = z.object({ home: z.number(), away: z.number() })
const goal = z.number().check(z.int(), z.gte(0), z.lte(999))
const goals = z.strictObject({ home: goal, away: goal })

const matchSchema = z.object({
  matchId: z.string(),
  sport: z.enum(SPORT_IDS),
  league: z.string(),
  /** Where the league is played: an ISO 3166 code (BR, ES, US, GB-ENG ...), INT for international, SA for South American competitions. The lists group leagues under it. */
  country: z.string(),
  home: z.string(),
  away: z.string(),
  /** Kick-off, ms since the epoch. */
  startsAt: z.number(),
  /** The spec's match-time code (0 not open, 1 first half, 2 midfield, 3 second half, -1 finished, -10 cancelled, -14 postponed ...). */
  matchTime: z.number(),
  /** Minutes of play so far. */
  minute: z.number(),
  score,
  /** A race's field (sport racing): the runners' names, runner n (selection `run<n>`) the n-th; empty for every other sport. */
  runners: z.optional(z.array(z.string())),
  /** A race's winner once it is over: the winning runner's number; null before (and in every other sport). */
  winner: z.optional(z.nullable(z.number())),
})

/** A selection's name: a side or a line's (home, draw, away, over, under, odd, even), or a race's runner (run1 to run12). */
export const selectionNameSchema = z.union([z.enum(['home', 'draw', 'away', 'over', 'under', 'odd', 'even']), z.string().check(z.regex(/^run([1-9]|1[0-2])$/))])

const marketSchema = z.object({
  marketId: z.string(),
  type: z.enum(['1x2', 'winner', 'ah', 'ou', 'oddEven', 'corners']),
  /** The spec's sub-period code: 1 full game, 2 first half, 4 corners. */
  period: z.number(),
  /** The line (AH: the home side's handicap, its away selection plays the opposite), a multiple of 0.25; 0 where none. */
  line: z.number(),
  status: z.enum(['open', 'suspended', 'closed']),
  /** Odds: decimal, at most three decimals (shared/sport/odds.ts). */
  selections: z.array(z.object({ selectionId: z.string(), name: selectionNameSchema, odds: z.number() })),
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
  /** Each match with its main market (1X2 where the sport can end level, else the winner; full game), null where it has none: the lists' prices. */
  reply: z.array(z.extend(matchSchema, { main: z.nullable(marketSchema) })),
})

export const sportMatch = defineCall({
  method: 'GET',
  path: '/api/app/sport/match/:matchId',
  auth: false,
  params: z.strictObject({ matchId: z.string().check(z.regex(/^\d{1,15}$/, { message: 'invalid' })) }),
  query: z.strictObject({ loading }),
  reply: z.object({
    match: matchSchema,
    halfTime: score,
    corners: score,
    /** Each quarter's score so far (sub-periods 1001 to 1004), in the sports played in quarters; empty in the others. */
    quarters: z.array(score),
    markets: z.array(marketSchema),
    /** The server's stake limits per selection, the most legs in a parlay and how long an in-play bet waits, seconds (the slip shows them). */
    limits: z.object({ minStake: reais, maxStake: reais, maxLegs: z.number(), liveDelay: z.number() }),
  }),
})

/** A selection's odds as the slip shows them: a decimal from 1 to 100000 with at most three decimals. */
const wireOdds = z.number().check(z.gte(1), z.lte(100_000), z.refine((x) => oddsFromWire(x) !== null, { message: 'invalid' }))

/** Placing a bet: a single (one selection) or a parlay (2 to SPORT_MAX_LEGS, from different matches), at the odds the slip shows. */
export const sportBet = defineCall({
  method: 'POST',
  path: '/api/app/sport/bet',
  auth: true,
  idempotent: true,
  body: z.strictObject({
    type: z.enum(['single', 'parlay']),
    amount,
    selections: z.array(z.strictObject({ selectionId: z.string().check(z.regex(/^\d{1,15}-[a-zA-Z0-9]{2,8}-\d{1,4}--?\d{1,4}-(?:[a-z]{3,5}|run(?:[1-9]|1[0-2]))$/, { message: 'invalid' })), odds: wireOdds })).check(z.minLength(1), z.maxLength(30)),
    /** Take the odds as they are now ('any'), only if not lower ('higher'), or only if unchanged ('none'). */
    acceptOdds: z.enum(['any', 'higher', 'none']),
    loading,
  }),
  reply: z.object({ betId: z.string(), odds: z.number(), potentialWin: reais, balance: reais, balanceVersion }),
})

const legSchema = z.object({
  matchId: z.string(),
  /** The match's sides, sport and league as the feed names them (null where the feed no longer knows the match). */
  home: z.nullable(z.string()),
  away: z.nullable(z.string()),
  sport: z.nullable(z.enum(SPORT_IDS)),
  league: z.nullable(z.string()),
  /** A race's field as the feed lists it (the page names a runner's pick by it); null where the feed no longer knows the match, empty for other sports. */
  runners: z.optional(z.nullable(z.array(z.string()))),
  marketId: z.string(),
  selectionId: z.string(),
  type: z.string(),
  period: z.number(),
  line: z.number(),
  selection: z.string(),
  /** The odds this leg was taken at (recorded at acceptance; never the market's price now). */
  odds: z.number(),
  /** The spec's bet-result code once settled (10, 21, 90, 11, 20), null before. */
  result: z.nullable(z.number()),
})

export const sportBets = defineCall({
  method: 'GET',
  path: '/api/app/sport/bets',
  auth: true,
  query: z.strictObject({ loading, state: z.optional(z.enum(['open', 'settled'])) }),
  reply: z.array(
    z.object({
      betId: z.string(),
      type: z.enum(['single', 'parlay']),
      amount: reais,
      /** The odds recorded at acceptance: a single's, or the product of a parlay's legs (rounded once). */
      odds: z.number(),
      /** The total returned (stake x factor), 0 when lost or not yet settled. */
      payout: reais,
      /** The spec's bet order status: 0 pending, 9999 drawn. */
      status: z.number(),
      createdAt: z.number(),
      legs: z.array(legSchema),
    }),
  ),
})

/** A race's runner, by name. */
const runnerName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

/**
 * The simulator only (never in production): finishes a match now with this result (or cancels or
 * postpones it), as a feed would, and settles its bets. An operators' call: the ops token in
 * `X-Ops-Token`, not a player's session; without it (and always in production) 403.
 */
export const sportDevResult = defineCall({
  method: 'POST',
  path: '/api/dev/sport/matches/:matchId/result',
  auth: false,
  params: z.strictObject({ matchId: z.string().check(z.regex(/^\d{1,15}$/, { message: 'invalid' })) }),
  body: z.union([
    z.strictObject({ fullTime: goals, halfTime: goals, corners: goals, quarters: z.optional(z.array(goals).check(z.minLength(4), z.maxLength(4))), loading }),
    z.strictObject({ matchTime: z.union([z.literal(-10), z.literal(-14)]), loading }),
    /** A race: its winner, by the runner's name as the match lists it. */
    z.strictObject({ winner: runnerName, loading }),
  ]),
  reply: z.object({ settled: z.number() }),
})

/**
 * Manual settlement (issue 33), in production too: an operator settles a match the feed cannot
 * settle (a cancellation it never reports, a result it never gives) or corrects one, with the
 * reason. The ops token in `X-Ops-Token`. `fullTime` settles the full game's markets; the halves',
 * corners' and quarters' legs are settled by the scores given and voided where none is. `void`
 * refunds every leg. A match settled already is corrected (only the differences move).
 */
export const sportSettleByHand = defineCall({
  method: 'POST',
  path: '/api/ops/sport/matches/:matchId/settle',
  auth: false,
  params: z.strictObject({ matchId: z.string().check(z.regex(/^\d{1,15}$/, { message: 'invalid' })) }),
  body: z.union([
    z.strictObject({
      fullTime: goals,
      halfTime: z.optional(goals),
      corners: z.optional(goals),
      quarters: z.optional(z.array(goals).check(z.minLength(4), z.maxLength(4))),
      reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
      loading,
    }),
    /** A race: its winner, by the runner's name as the match lists it (a name not in its field is refused). */
    z.strictObject({ winner: runnerName, reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)), loading }),
    z.strictObject({ void: z.literal(true), reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)), loading }),
  ]),
  reply: z.object({ settled: z.number(), corrected: z.boolean() }),
})
