/** The casino originals (dice, limbo, mines) and their provably-fair seeds. */
import { z } from 'zod/mini'
import { ROUND_GAME_IDS, type RoundGameId } from '../games/rounds/types'
import { CLIENT_SEED_PATTERN } from '../games/clientSeed'
import { reaisTextToCentavos } from '../money'
import { defineCall } from './define'
import { amount, balanceVersion, intField, loading, reais } from './fields'
import { getQuery } from './user'

/**
 * A number with at most two decimals (a dice target, a limbo multiplier), judged on its text
 * like an amount and turned into whole hundredths: '50.5' -> 5050.
 */
const hundredths = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(20))]),
  z.transform((v, ctx) => {
    const parsed = reaisTextToCentavos(typeof v === 'number' ? String(v) : v.trim())
    if (parsed === null || parsed > 100_000_000n) {
      ctx.issues.push({ code: 'custom', message: 'twoDecimals', input: v })
      return z.NEVER
    }
    return Number(parsed)
  }),
)

const seedInfoSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() })

export const getSeed = defineCall({
  method: 'GET',
  path: '/api/app/fair/seed',
  auth: true,
  query: getQuery,
  reply: seedInfoSchema,
})

export const rotateSeed = defineCall({
  method: 'POST',
  path: '/api/app/fair/seed',
  auth: true,
  body: z.strictObject({ clientSeed: z.string().check(z.regex(CLIENT_SEED_PATTERN, { message: 'clientSeed' })), loading }),
  reply: z.object({
    previousServerSeed: z.string(),
    previousServerSeedHash: z.string(),
    previousClientSeed: z.string(),
    previousNonce: z.number(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number(),
  }),
})

/** The casino originals, by the name their stakes count under (WAGER_CONTRIBUTION's keys). */
export const CASINO_GAMES = ['dice', 'limbo', 'mines'] as const
export type CasinoGame = (typeof CASINO_GAMES)[number]

/** The casino limits' defaults in reais: the server's when not configured, and the app's stake buttons. */
export const CASINO_LIMIT_DEFAULTS = { minStake: '0.10', maxStake: '1000.00', maxPayout: '100000.00' } as const

/** Every bet reply: the outcome and all that is needed to verify it once the seed is revealed. */
const betSchema = z.object({
  betId: z.string(),
  game: z.enum(CASINO_GAMES),
  amount: reais,
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  /** Dice: the roll (0.00..100.00). */
  roll: z.optional(z.number()),
  /** Limbo: the result multiplier. */
  result: z.optional(z.number()),
  /** Dice and limbo: the target; dice also its condition. */
  target: z.optional(z.number()),
  condition: z.optional(z.enum(['over', 'under'])),
  /** Mines: the mine count, the tiles revealed so far, and the mines once the game has ended. */
  mines: z.optional(z.number()),
  revealed: z.optional(z.array(z.number())),
  minePositions: z.optional(z.array(z.number())),
  /** 'active' for a mines game still open. */
  state: z.enum(['active', 'won', 'lost']),
  multiplier: z.number(),
  payout: reais,
  /** The player's balance when the reply was made, and its version. */
  balance: reais,
  balanceVersion,
  createdAt: z.number(),
  /** Present once the seed pair has been rotated. */
  serverSeed: z.optional(z.string()),
})
export type Bet = z.output<typeof betSchema>

export const diceBet = defineCall({
  method: 'POST',
  path: '/api/app/casino/dice/bet',
  auth: true,
  idempotent: true,
  body: z.strictObject({ amount, target: hundredths, condition: z.enum(['over', 'under']), loading }),
  reply: betSchema,
})

export const limboBet = defineCall({
  method: 'POST',
  path: '/api/app/casino/limbo/bet',
  auth: true,
  idempotent: true,
  body: z.strictObject({ amount, target: hundredths, loading }),
  reply: betSchema,
})

export const minesStart = defineCall({
  method: 'POST',
  path: '/api/app/casino/mines/start',
  auth: true,
  idempotent: true,
  body: z.strictObject({ amount, mines: intField(1, 24), loading }),
  reply: betSchema,
})

export const minesReveal = defineCall({
  method: 'POST',
  path: '/api/app/casino/mines/reveal',
  auth: true,
  idempotent: true,
  body: z.strictObject({ tile: intField(0, 24), loading }),
  reply: betSchema,
})

export const minesCashout = defineCall({
  method: 'POST',
  path: '/api/app/casino/mines/cashout',
  auth: true,
  idempotent: true,
  body: z.strictObject({ loading }),
  reply: betSchema,
})

export const minesActive = defineCall({
  method: 'GET',
  path: '/api/app/casino/mines/active',
  auth: true,
  query: getQuery,
  reply: z.nullable(betSchema),
})

/** A bet on a shared round (Double, Row Double, Lucky Color) in the bet history. */
const roundBetSchema = z.object({
  betId: z.string(),
  game: z.enum(ROUND_GAME_IDS as [RoundGameId, ...RoundGameId[]]),
  roundId: z.string(),
  choice: z.string(),
  amount: reais,
  /** 'open' until the round is settled; 'refunded' when it was voided. */
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  /** The spec's bet-result code: 0 to be drawn, 10 win, 20 lose, 90 principal refund. */
  resultCode: z.number(),
  multiplier: z.number(),
  payout: reais,
  /** The round's number and hash, once it is settled (null before, and for a voided round's number). */
  roll: z.nullable(z.number()),
  hash: z.nullable(z.string()),
  createdAt: z.number(),
  settledAt: z.nullable(z.number()),
})
export type RoundBetRecord = z.output<typeof roundBetSchema>

/** The player's bets, newest first: the originals with their seeds, the shared rounds with their round. */
export const casinoBets = defineCall({
  method: 'GET',
  path: '/api/app/casino/bets',
  auth: true,
  query: z.strictObject({
    loading,
    page: z.optional(intField(1, 100_000)),
    size: z.optional(intField(1, 100)),
    game: z.optional(z.enum([...CASINO_GAMES, ...ROUND_GAME_IDS] as [string, ...string[]])),
  }),
  reply: z.object({ records: z.array(z.union([betSchema, roundBetSchema])), total: z.number(), page: z.number(), size: z.number() }),
})

export const casinoBet = defineCall({
  method: 'GET',
  path: '/api/app/casino/bets/:betId',
  auth: true,
  // A bet id is a bigint key: 19 digits may still overflow it (a 500 once), so the range is checked too.
  params: z.strictObject({
    betId: z.string().check(z.regex(/^\d{1,19}$/, { message: 'invalid' }), z.refine((s) => !/^\d+$/.test(s) || BigInt(s) <= 9_223_372_036_854_775_807n, { message: 'invalid' })),
  }),
  query: getQuery,
  reply: betSchema,
})
