/** Player protection (issue 31): the limits a player sets on their own play. */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { amount, loading, reais } from './fields'

/** What a limit holds: deposits, net loss (stakes less returns), total stakes, time played (minutes). */
export const RG_KINDS = ['deposit', 'loss', 'stake'] as const
export const RG_PERIODS = ['day', 'week', 'month'] as const
export type RgKind = (typeof RG_KINDS)[number]
export type RgPeriod = (typeof RG_PERIODS)[number]

/** The periods each kind has: deposits and net loss per day, week and month; stakes per day. */
export const RG_LIMIT_PERIODS: Record<RgKind, readonly RgPeriod[]> = { deposit: RG_PERIODS, loss: RG_PERIODS, stake: ['day'] }

const limitRow = z.object({
  kind: z.enum(RG_KINDS),
  period: z.enum(RG_PERIODS),
  /** The limit in force (reais), null for none. */
  value: z.nullable(reais),
  /** What the period so far has used (reais). */
  used: reais,
  /** A raise or a removal waiting its 24 hours: the value (null: none) and when it takes over (ms). */
  pending: z.nullable(z.object({ value: z.nullable(reais), effectiveAt: z.number() })),
})
export type RgLimitRow = z.infer<typeof limitRow>

/** Every limit a player can set, each with its value, use and pending change. */
export const rgLimits = defineCall({
  method: 'GET',
  path: '/api/app/rg/limits',
  auth: true,
  query: z.strictObject({ loading }),
  reply: z.array(limitRow),
})

/**
 * Sets one limit (value null removes it). A lower or new limit applies at once; a higher one, or a
 * removal, 24 hours later. Idempotent: a repeat answers as the first.
 */
export const rgSetLimit = defineCall({
  method: 'PUT',
  path: '/api/app/rg/limits',
  auth: true,
  idempotent: true,
  body: z.strictObject({ kind: z.enum(RG_KINDS), period: z.enum(RG_PERIODS), value: z.nullable(amount), loading }),
  reply: limitRow,
})

/** The pauses a player may take, in days, and the self-exclusions, in months (null: indefinite). */
export const RG_PAUSE_DAYS = [1, 7, 30] as const
export const RG_EXCLUSION_MONTHS = [6, 12, 24, 60] as const

const rgStatus = z.object({
  /** The pause in force ends then (ms), or null. */
  pausedUntil: z.nullable(z.number()),
  /** The self-exclusion in force ends then (ms), or null (none, or indefinite: see `indefinite`). */
  excludedUntil: z.nullable(z.number()),
  /** A self-exclusion without end is in force: it is never lifted in the app. */
  indefinite: z.boolean(),
})
export type RgStatus = z.infer<typeof rgStatus>

/** The pause or self-exclusion in force on the player. */
export const rgStatusCall = defineCall({
  method: 'GET',
  path: '/api/app/rg/status',
  auth: true,
  query: z.strictObject({ loading }),
  reply: rgStatus,
})

/** A pause of 1, 7 or 30 days from now, at once (one tap, no password); never shortens a pause or exclusion in force. */
export const rgPause = defineCall({
  method: 'POST',
  path: '/api/app/rg/pause',
  auth: true,
  idempotent: true,
  body: z.strictObject({ days: z.literal(RG_PAUSE_DAYS), loading }),
  reply: rgStatus,
})

/** A self-exclusion of 6, 12, 24 or 60 months, or indefinite (null), asked with the password; at once, never shortened. */
export const rgExclusion = defineCall({
  method: 'POST',
  path: '/api/app/rg/exclusion',
  auth: true,
  idempotent: true,
  body: z.strictObject({
    months: z.nullable(z.literal(RG_EXCLUSION_MONTHS)),
    password: z.string().check(z.minLength(1), z.maxLength(128)),
    loading,
  }),
  reply: rgStatus,
})
