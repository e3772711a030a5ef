/** Loyalty: the VIP levels (issue 14). */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading, reais } from './fields'

const vipLevel = z.object({ level: z.number(), award: reais, payMin: reais, gameMin: reais })

/** The player's VIP state: level, sums, the next thresholds, the whole table, the awards reached, and the level the VIP page last showed. */
export const vipInfo = defineCall({
  method: 'GET',
  path: '/api/app/vip/info',
  auth: true,
  query: z.strictObject({ loading }),
  reply: z.object({
    level: z.number(),
    paySum: reais,
    gameSum: reais,
    /** The next level (null at the top). */
    next: z.nullable(vipLevel),
    /** The level the VIP page showed last (what changed since: the levels above it up to `level`). */
    seenLevel: z.number(),
    levels: z.array(vipLevel),
    awards: z.array(z.object({ level: z.number(), award: reais, reachedAt: z.number(), credited: z.boolean() })),
  }),
})

/** The VIP page has shown the current level: what changed is seen. */
export const vipSeen = defineCall({
  method: 'POST',
  path: '/api/app/vip/seen',
  auth: true,
  body: z.strictObject({ loading }),
  reply: z.object({ seenLevel: z.number() }),
})
