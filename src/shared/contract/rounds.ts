/** The shared-round games (Double, Row Double, Lucky Color): their rounds, live state and bets. */
import { z } from 'zod/mini'
import { DOUBLE_CHOICES } from '../games/rounds/double'
import { LUCKY_CHOICES } from '../games/rounds/luckyColor'
import { CLIENT_SEED_PATTERN } from '../games/clientSeed'
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

/**
 * How the chain's salt was or will be made (chain.ts): salt = SHA-256 of `inputs` joined by ':'.
 * 'seeds': the seeds of the first `seeds` players to send one (roundSeed), or those come by
 * `deadline` (none: SHA-256 of the empty text); 'public': the value `source` names, given by the
 * operators once it exists; 'server': a chain made before issue 29, its salt drawn by the server.
 */
const saltFrom = z.object({
  method: z.enum(['server', 'seeds', 'public']),
  seeds: z.nullable(z.number()),
  deadline: z.nullable(z.number()),
  source: z.nullable(z.string()),
  /** Once fixed: the seeds in the order they came, or the public value (null for 'server'). */
  inputs: z.nullable(z.array(z.string())),
  fixedAt: z.nullable(z.number()),
})

export const roundHistory = defineCall({
  method: 'GET',
  path: '/api/app/casino/:game/rounds',
  auth: false,
  params: gameParams,
  query: z.strictObject({ loading, limit: z.optional(intField(1, 100)) }),
  reply: z.object({
    /** The terminating hash, published when the chain is made; the salt, null until fixed after it (no round plays before). */
    commitment: z.nullable(z.object({ terminatingHash: z.string(), salt: z.nullable(z.string()), saltFrom })),
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
      /** The game's chain waits for its salt (players' seeds: roundSeed): no round opens until it is fixed. */
      saltPending: z.boolean(),
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

/** A player's seed toward a new chain's salt, while it waits for seeds: one per player per chain. */
export const roundSeed = defineCall({
  method: 'POST',
  path: '/api/app/casino/:game/seed',
  auth: true,
  params: gameParams,
  body: z.strictObject({ seed: z.string().check(z.regex(CLIENT_SEED_PATTERN, { message: 'clientSeed' })), loading }),
  /** `position`: the seed's place in the order they came (the first `seeds` make the salt). */
  reply: z.object({ seed: z.string(), position: z.number() }),
})

/** Operators (X-Ops-Token): the public value a 'public' chain's commitment named, once it exists. */
export const opsRoundSalt = defineCall({
  method: 'POST',
  path: '/api/ops/rounds/:game/salt',
  auth: false,
  params: gameParams,
  body: z.strictObject({ value: z.string().check(z.regex(CLIENT_SEED_PATTERN, { message: 'clientSeed' })), loading }),
  reply: z.object({ salt: z.string() }),
})
