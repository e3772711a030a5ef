import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading } from './fields'
import { getQuery } from './user'

const gameEntrySchema = z.object({
  value: z.string(),
  productCode: z.string(),
  gameType: z.string(),
  /** 1: not open yet; picking it shows 'Em Breve...'. */
  stop: z.number(),
  /** Ours: a provider game's tile art (the provider's address); our own games draw theirs. */
  image: z.optional(z.string()),
  /** Ours: a provider game's return to player as its provider's catalogue reports it, in percent (96.14). */
  rtp: z.optional(z.number()),
  /** Ours: a provider game's volatility where its catalogue gives one, 1 (low) to 6 (very high) on Hub88's scale. */
  volatility: z.optional(z.number()),
})
export type GameEntry = z.output<typeof gameEntrySchema>

const gameList = z.object({ records: z.array(gameEntrySchema) })

export const main = defineCall({
  method: 'GET',
  path: '/api/app/main/main',
  auth: true,
  query: getQuery,
  reply: z.record(z.string(), gameList),
})

/**
 * Ours: one provider's games (/gameGroupList), open to guests (picking a game asks them to log in):
 * the same entries as that provider's part of main.
 */
export const gameGroup = defineCall({
  method: 'GET',
  path: '/api/app/main/gameGroup',
  auth: false,
  query: z.strictObject({ productCode: z.string().check(z.regex(/^[A-Z0-9]{2,16}$/)), loading, t: z.optional(z.string().check(z.maxLength(32))) }),
  reply: gameList,
})

/** 1: the gift pop-up (second-deposit offer) should show. */
export const userGift = defineCall({
  method: 'GET',
  path: '/api/app/main/userGift',
  auth: true,
  query: getQuery,
  reply: z.number(),
})

const inPlaySchema = z.nullable(
  z.object({ gameCode: z.string(), productCode: z.string(), startedAt: z.number() }),
)

export const inPlay = defineCall({
  method: 'GET',
  path: '/api/app/game/inPlay',
  auth: true,
  query: getQuery,
  reply: inPlaySchema,
})

export const stopGame = defineCall({
  method: 'GET',
  path: '/api/app/game/stopGame',
  auth: true,
  query: getQuery,
  reply: z.null(),
})

/** Ours: starts a provider's game for the player (/gameMess): the address to show in the game frame. */
export const launchGame = defineCall({
  method: 'POST',
  path: '/api/app/game/launch',
  auth: true,
  body: z.strictObject({
    productCode: z.string().check(z.regex(/^[A-Z0-9]{2,16}$/)),
    game: z.string().check(z.minLength(1), z.maxLength(64)),
    loading,
  }),
  reply: z.object({ url: z.string(), gameCode: z.string(), productCode: z.string() }),
})
