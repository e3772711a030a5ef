/** The shared-round games (Double, Row Double, Lucky Color): their rounds, live state and bets. */
import { z } from 'zod/mini'
import { DOUBLE_CHOICES } from '../games/rounds/double'
import { LUCKY_CHOICES } from '../games/rounds/luckyColor'
import { ROUND_GAME_IDS } from '../games/rounds/types'
import { defineCall } from './define'
import { amount, balanceVersion, intField, loading, reais } from './fields'

const gameParams = z.strictObject({ game: z.enum(ROUND_GAME_IDS as [string, ...string[]]) })
/** Every game's choices; the server refuses one its game has not (ROUND_NOT_OPEN). */
const ALL_CHOICES = [...new Set<string>([...DOUBLE_CHOICES, ...LUCKY_CHOICES])] as [string, ...string[]]

const settledRound = z.object({
  roundId: z.string(),
  hash: z.nullable(z.string()),
  /** null: the round was voided and every stake refunded. */
  roll: z.nullable(z.number()),
  settledAt: z.number(),
})

export const roundHistory = defineCall({
  method: 'GET',
  path: '/api/app/casino/:game/rounds',
  auth: false,
  params: gameParams,
  query: z.strictObject({ loading, limit: z.optional(intField(1, 100)) }),
  reply: z.object({
    /** Published before the chain's first round, fixed for its life. */
    commitment: z.nullable(z.object({ terminatingHash: z.string(), salt: z.string() })),
    rounds: z.array(settledRound),
  }),
})

export const roundState = defineCall({
  method: 'GET',
  path: '/api/app/casino/:game/state',
  auth: false,
  params: gameParams,
  query: z.strictObject({ loading }),
  reply: z.nullable(
    z.object({
      roundId: z.string(),
      phase: z.enum(['betting', 'spinning', 'result']),
      bettingEndsAt: z.number(),
      /** When the draw ends and the result shows, and when the next round opens. */
      drawEndsAt: z.number(),
      nextAt: z.number(),
      /** The hash of the round before (the chain's terminating hash for its first round): SHA-256 of this round's hash, once revealed. */
      previousHash: z.string(),
      /** Known once betting has closed. */
      roll: z.nullable(z.number()),
      hash: z.nullable(z.string()),
      totals: z.array(z.object({ choice: z.string(), amount: reais, bets: z.number() })),
      /** The last 20 settled rounds, newest first. */
      recent: z.array(settledRound),
      serverTime: z.number(),
    }),
  ),
})

export const roundBet = defineCall({
  method: 'POST',
  path: '/api/app/casino/:game/bet',
  auth: true,
  idempotent: true,
  params: gameParams,
  body: z.strictObject({ roundId: z.string().check(z.regex(/^\d{1,20}$/, { message: 'invalid' })), choice: z.enum(ALL_CHOICES), amount, loading }),
  reply: z.object({ betId: z.string(), roundId: z.string(), choice: z.string(), amount: reais, balance: reais, balanceVersion }),
})
