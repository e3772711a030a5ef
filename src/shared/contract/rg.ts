/** Player protection (issue 31): the limits a player sets on their own play. */
import { z } from 'zod/mini'
import { defineCall } from './define'
import { loading, positiveAmount, reais } from './fields'

/** What a limit holds: deposits, net loss (stakes less returns), total stakes, time played (minutes). */
export const RG_KINDS = ['deposit', 'loss', 'stake', 'time'] as const
export const RG_PERIODS = ['day', 'week', 'month'] as const
export type RgKind = (typeof RG_KINDS)[number]
export type RgPeriod = (typeof RG_PERIODS)[number]

/** The periods each kind has: deposits and net loss per day, week and month; stakes and time played per day. */
export const RG_LIMIT_PERIODS: Record<RgKind, readonly RgPeriod[]> = { deposit: RG_PERIODS, loss: RG_PERIODS, stake: ['day'], time: ['day'] }

/** The longest time limit, in minutes (a whole day). */
export const RG_TIME_MAX_MINUTES = 1440

const limitRow = z.object({
  kind: z.enum(RG_KINDS),
  period: z.enum(RG_PERIODS),
  /** The limit in force (reais; for 'time', minutes), null for none. */
  value: z.nullable(reais),
  /** What the period so far has used (reais; for 'time', the minutes played today). */
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
 * Sets one limit (value null removes it; money in reais, the time limit in whole minutes, 1 to
 * RG_TIME_MAX_MINUTES). A lower or new limit applies at once; a higher one, or a
 * removal, 24 hours later. Idempotent: a repeat answers as the first.
 */
export const rgSetLimit = defineCall({
  method: 'PUT',
  path: '/api/app/rg/limits',
  auth: true,
  idempotent: true,
  body: z.strictObject({ kind: z.enum(RG_KINDS), period: z.enum(RG_PERIODS), value: z.nullable(positiveAmount), loading }),
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
  /** The reality check's interval the player chose: 15, 30 or 60 minutes of a session (60 by default). */
  realityCheckMinutes: z.number(),
  /** The play session the player is in (ms), or null: no stake in the last 10 minutes. */
  sessionStartedAt: z.nullable(z.number()),
  /** When this session's next reality check is due (ms; due when past), or null: no session. */
  nextRealityCheckAt: z.nullable(z.number()),
  /** This session so far, for the reality check: minutes played, stakes and net result (returns less stakes, reais). */
  session: z.nullable(z.object({ minutes: z.number(), staked: reais, net: reais })),
  /** Minutes left of today's time limit, or null: no time limit. At 0 no stake is taken until tomorrow. */
  timeLeftMinutes: z.nullable(z.number()),
  /** The server's time of this answer (ms): the app times the next check against it, not its own clock. */
  now: z.number(),
  /** The BR profile: whether the player accepted the terms' current version (always true elsewhere). */
  termsAccepted: z.boolean(),
  /** A harm marker was seen in the player's play in the last week: the page shows a gentle message with the help there is. */
  care: z.boolean(),
})
export type RgStatus = z.infer<typeof rgStatus>

/** The pause or self-exclusion in force on the player, the play session and its reality check. */
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

/** The reality check's intervals a player may pick, in minutes of a session. */
export const RG_REALITY_MINUTES = [15, 30, 60] as const
export type RgRealityMinutes = (typeof RG_REALITY_MINUTES)[number]

/** Picks the reality check's interval; the session's next check follows it at once. */
export const rgSetRealityCheck = defineCall({
  method: 'PUT',
  path: '/api/app/rg/realityCheck',
  auth: true,
  body: z.strictObject({ minutes: z.literal(RG_REALITY_MINUTES), loading }),
  reply: rgStatus,
})

/**
 * The player answered the reality check that was due ("Continuar" or "Sair"): the next one is due
 * the interval after now. Refused when none is due (RG_NO_REALITY_CHECK), so a client cannot push
 * the checks away in advance.
 */
export const rgAnswerRealityCheck = defineCall({
  method: 'POST',
  path: '/api/app/rg/realityCheck/answer',
  auth: true,
  body: z.strictObject({ loading }),
  reply: rgStatus,
})

/** The products a statement lists: the originals, shared rounds, the sportsbook, provider slots. */
export const RG_PRODUCTS = ['casino', 'round', 'sport', 'provider'] as const
export type RgProduct = (typeof RG_PRODUCTS)[number]

const statementRow = z.object({ product: z.enum(RG_PRODUCTS), staked: reais, returned: reais, net: reais })

const rgStatementReply = z.object({
  /** YYYY-MM, São Paulo's calendar month. */
  month: z.string(),
  /** Deposits credited and withdrawals paid in the month (reais). */
  deposits: reais,
  withdrawals: reais,
  /** Stakes, what wins, cash-outs and refunds paid back, and the net result (returned - staked), per product and in all. */
  products: z.array(statementRow),
  staked: reais,
  returned: reais,
  net: reais,
})
export type RgStatement = z.infer<typeof rgStatementReply>

/** A month's activity statement; `format=csv` answers the same as a CSV file instead of the envelope. */
export const rgStatement = defineCall({
  method: 'GET',
  path: '/api/app/rg/statement',
  auth: true,
  query: z.strictObject({ month: z.string().check(z.regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/)), format: z.optional(z.enum(['json', 'csv'])), loading }),
  reply: rgStatementReply,
})

/** The BR profile: the player accepts the terms and the responsible-gaming policy of `version` (the current one: appInfo's). */
export const rgAcceptTerms = defineCall({
  method: 'POST',
  path: '/api/app/rg/terms',
  auth: true,
  body: z.strictObject({ version: z.string().check(z.minLength(1), z.maxLength(32)), loading }),
  reply: z.null(),
})
