/** Loyalty: the VIP levels (issue 14). */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { balanceVersion, loading, reais } from './fields'

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

/** The player's referral team: the invitation code, the rates, each level's people and commissions, the referees, the last 30 days. */
export const referralTeam = defineCall({
  method: 'GET',
  path: '/api/app/referral/team',
  auth: true,
  query: z.strictObject({ loading }),
  reply: z.object({
    yqm: z.string(),
    /** Percent of a referee's counted stakes, levels 1 to 3. */
    rates: z.array(z.number()),
    levels: z.array(z.object({ level: z.number(), people: z.number(), amount: reais })),
    /** The latest 100 referees on the three levels: a masked name, when they joined, what they brought. */
    referees: z.array(z.object({ level: z.number(), name: z.string(), joinedAt: z.number(), brought: reais })),
    /** Commissions per São Paulo day (newest first, 30 days at most), per level. */
    days: z.array(z.object({ day: z.string(), amounts: z.array(reais) })),
    /** Yesterday's commission, all levels. */
    yesterday: reais,
  }),
})

const signinCycle = z.object({
  /** The São Paulo day (YYYY-MM-DD). */
  today: z.string(),
  claimedToday: z.boolean(),
  /** The cycle's day today's claim pays (or paid), 1 to 7. */
  day: z.number(),
  /** The 7 days' rewards, and which of this cycle's days are claimed. */
  rewards: z.array(reais),
  claimed: z.array(z.boolean()),
})

/** Daily sign-in: the 7-day cycle as it stands for this player today. */
export const signinStatus = defineCall({
  method: 'GET',
  path: '/api/app/signin/status',
  auth: true,
  query: z.strictObject({ loading }),
  reply: signinCycle,
})

/** Claims today's reward (once per São Paulo day; a missed day starts the cycle again). Moves money: Idempotency-Key. */
export const signinClaim = defineCall({
  method: 'POST',
  path: '/api/app/signin/claim',
  auth: true,
  idempotent: true,
  body: z.strictObject({ loading }),
  reply: z.object({ day: z.number(), reward: reais, balance: reais, balanceVersion }),
})

export const BONUS_SOURCES = ['deposit', 'vip', 'signin', 'referral', 'other'] as const
export const OFFER_KINDS = { INSBRL: 'compensation', EXPPAY: 'boost' } as const

/**
 * The player's bonus: the balance and the wagering still to do on it, the stakes still owed on
 * deposited cash, each bonus credited (the last 30) with its state, and the promotional offers
 * made (the last 10). A bonus is 'active' while its wagering runs, 'completed' when the wagering
 * released it to cash, 'lost' when the bonus balance ran out before that.
 */
export const myBonus = defineCall({
  method: 'GET',
  path: '/api/app/bonus/mine',
  auth: true,
  query: z.strictObject({ loading }),
  reply: z.object({
    bonus: reais,
    required: reais,
    wagered: reais,
    turnover: reais,
    grants: z.array(z.object({ source: z.enum(BONUS_SOURCES), amount: reais, at: z.number(), state: z.enum(['active', 'completed', 'lost']) })),
    offers: z.array(z.object({ kind: z.enum(['compensation', 'boost']), at: z.number(), expiresAt: z.number(), state: z.enum(['open', 'used', 'expired']) })),
  }),
})
