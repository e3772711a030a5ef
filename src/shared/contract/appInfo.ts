import { z } from 'zod/mini'
import { defineCall } from './define'
import { getQuery } from './user'

/** demo: payments are simulated (the UI says so on every page); production: real money. */
export const APP_MODES = ['demo', 'production'] as const
export type AppMode = (typeof APP_MODES)[number]

/** Where the sportsbook's matches come from: the simulator (demo mode only; its pages say the matches are simulated), The Odds API (theoddsapi), or none (closed). */
export const SPORT_FEED_KINDS = ['simulator', 'theoddsapi', 'none'] as const
export type SportFeedKind = (typeof SPORT_FEED_KINDS)[number]

/** What any visitor may know about this server, before logging in. */
export const appInfo = defineCall({
  method: 'GET',
  path: '/api/app/main/appInfo',
  auth: false,
  query: getQuery,
  reply: z.object({
    mode: z.enum(APP_MODES),
    sport: z.enum(SPORT_FEED_KINDS),
    /** Ours: the regulatory profile (JURISDICTION): 'BR', or null for the spec's behaviour. */
    jurisdiction: z.nullable(z.literal('BR')),
    /** Ours, the BR profile: the government's centralised self-exclusion platform, and the terms' current version. */
    selfExclusionUrl: z.nullable(z.string()),
    termsVersion: z.nullable(z.string()),
  }),
})

/** Ours: the home's counter: what players won today (São Paulo day) and how fast it grows (reais per second). */
export const todayWins = defineCall({
  method: 'GET',
  path: '/api/app/main/todayWins',
  auth: false,
  query: getQuery,
  reply: z.object({ total: z.number(), perSecond: z.number() }),
})
