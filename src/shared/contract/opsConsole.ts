/**
 * The operators' console's calls (issue 35), under /api/ops. Operators are not players: these
 * calls take the console's own session (a cookie, HttpOnly, SameSite=Strict, path /api/ops), never
 * a player's token, and the players' calls never take an operator's. Each call names the least
 * role it needs (`role`); null: no session (logging in, enrolling).
 */
import { z } from 'zod/mini'
import { defineCall, type CallDef } from './define'
import { ROUND_GAME_IDS } from '../games/rounds/types'
import { email, isoDate, password, positiveAmount, reais, text } from './fields'
import { RG_EXCLUSION_MONTHS, RG_KINDS, RG_PAUSE_DAYS, RG_PERIODS } from './rg'

/**
 * support: reads players, records and KYC, adds notes. payments: also decides withdrawals and
 * returns payments. risk: also limits, pauses, exclusions at a player's request and harm markers.
 * admin: everything, with operators, roles, notices and settings.
 */
export const OPS_ROLES = ['support', 'payments', 'risk', 'admin'] as const
export type OpsRole = (typeof OPS_ROLES)[number]

/** Whether an operator of `role` may make a call that needs `need`: support's reads are everyone's; admin may do anything. */
export function roleAllows(role: OpsRole, need: OpsRole): boolean {
  return need === 'support' || role === need || role === 'admin'
}

export type OpsCallDef = CallDef & { role: OpsRole | null }
const defineOpsCall = <C extends CallDef>(role: OpsRole | null, def: C) => Object.assign(def, { role }) as C & { role: OpsRole | null }

/** A six-digit code of the authenticator app. */
const totpCode = z.string().check(z.regex(/^\d{6}$/, { message: 'opsCodeFormat' }))
/** A recovery code as printed: 10 letters or digits, with or without its dash. */
const recoveryCode = z.string().check(z.regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { message: 'opsCodeFormat' }))
/** Why: every action an operator takes says it, for the audit trail. */
export const reason = text(500, 3)
const enrolToken = z.string().check(z.regex(/^[\w-]{20,100}$/, { message: 'opsEnrolLink' }))
const role = z.enum(OPS_ROLES)

const operatorView = z.object({ operatorId: z.string(), email: z.string(), role, enrolled: z.boolean(), suspended: z.boolean(), createdAt: z.number() })
const me = z.object({ operatorId: z.string(), email: z.string(), role })

/** Enrolment, step 1: the link's token and a new password; answers the authenticator's secret. */
export const opsEnrolBegin = defineOpsCall(null, defineCall({
  method: 'POST',
  path: '/api/ops/auth/enrol',
  auth: false,
  body: z.strictObject({ token: enrolToken, password }),
  reply: z.object({ email: z.string(), secret: z.string(), uri: z.string() }),
}))

/** Enrolment, step 2: a code from the authenticator proves it holds the secret; answers the recovery codes (shown once) and opens a session. */
export const opsEnrolFinish = defineOpsCall(null, defineCall({
  method: 'POST',
  path: '/api/ops/auth/enrol/finish',
  auth: false,
  body: z.strictObject({ token: enrolToken, code: totpCode }),
  reply: z.object({ recoveryCodes: z.array(z.string()), me }),
}))

/** Login, step 1: e-mail and password; a session that can only take the second factor. */
export const opsLogin = defineOpsCall(null, defineCall({
  method: 'POST',
  path: '/api/ops/auth/login',
  auth: false,
  body: z.strictObject({ email, password: text(128, 1) }),
  reply: z.object({ next: z.literal('code') }),
}))

/** Login, step 2: the authenticator's code, or one of the recovery codes. */
export const opsCode = defineOpsCall(null, defineCall({
  method: 'POST',
  path: '/api/ops/auth/code',
  auth: false,
  body: z.union([z.strictObject({ code: totpCode }), z.strictObject({ recoveryCode })]),
  reply: z.object({ me, recoveryLeft: z.number() }),
}))

export const opsLogout = defineOpsCall('support', defineCall({ method: 'POST', path: '/api/ops/auth/logout', auth: false, reply: z.null() }))

export const opsMe = defineOpsCall('support', defineCall({ method: 'GET', path: '/api/ops/me', auth: false, reply: me }))

export const opsOperators = defineOpsCall('admin', defineCall({ method: 'GET', path: '/api/ops/operators', auth: false, reply: z.array(operatorView) }))

/** A new operator: answers the enrolment link to hand them (good for OPS_ENROL_HOURS). */
export const opsOperatorCreate = defineOpsCall('admin', defineCall({
  method: 'POST',
  path: '/api/ops/operators',
  auth: false,
  body: z.strictObject({ email, role, reason }),
  reply: z.object({ operatorId: z.string(), enrolPath: z.string() }),
}))

/** An operator's role, suspension, or a new enrolment (a lost authenticator: their password and second factor are set again). */
export const opsOperatorUpdate = defineOpsCall('admin', defineCall({
  method: 'POST',
  path: '/api/ops/operators/:operatorId',
  auth: false,
  params: z.strictObject({ operatorId: z.string().check(z.regex(/^\d{1,18}$/, { message: 'invalid' })) }),
  body: z.strictObject({ role: z.optional(role), suspended: z.optional(z.boolean()), reenrol: z.optional(z.literal(true)), reason }),
  reply: z.object({ operator: operatorView, enrolPath: z.nullable(z.string()) }),
}))

const auditRow = z.object({ id: z.string(), at: z.number(), operator: z.nullable(z.string()), action: z.string(), target: z.string(), reason: z.string(), before: z.unknown(), after: z.unknown(), ip: z.string() })
const auditQuery = z.strictObject({
  target: z.optional(text(80)),
  operator: z.optional(z.string().check(z.regex(/^\d{1,18}$/, { message: 'invalid' }))),
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/, { message: 'invalid' }))),
})

/** The audit trail, newest first, 100 a page (`before`: the last id seen). */
export const opsAudit = defineOpsCall('admin', defineCall({ method: 'GET', path: '/api/ops/audit', auth: false, query: auditQuery, reply: z.object({ rows: z.array(auditRow), more: z.boolean() }) }))

/** The audit trail as CSV (every row the filter matches). */
export const opsAuditCsv = defineOpsCall('admin', defineCall({ method: 'GET', path: '/api/ops/audit.csv', auth: false, query: auditQuery, reply: 'image' as const }))

/**
 * The first admin (and any other, should every admin be locked out): `npm run ops -- create-admin`,
 * with the ops token (X-Ops-Token) of whoever runs the server. Answers the enrolment link.
 */
export const opsBootstrapAdmin = defineOpsCall(null, defineCall({
  method: 'POST',
  path: '/api/ops/operators/bootstrap',
  auth: false,
  body: z.strictObject({ email }),
  reply: z.object({ operatorId: z.string(), enrolPath: z.string() }),
}))

/** Why a withdrawal waits for review (withdrawals/review.ts). */
export const REVIEW_REASONS = ['cnpj', 'over', 'first', 'kycRecent', 'harmMarkers', 'foreignPayers'] as const
const withdrawalId = z.string().check(z.regex(/^W\d{1,18}$/, { message: 'invalid' }))
const queuedWithdrawal = z.object({
  orderId: z.string(),
  player: z.object({ uId: z.string(), email: z.string(), name: z.string() }),
  amount: reais,
  type: z.string(),
  /** The destination: a CPF or CNPJ masked for support, whole for payments and admin. */
  account: z.string(),
  holderName: z.string(),
  reasons: z.array(z.enum(REVIEW_REASONS)),
  createdAt: z.number(),
})

/** The withdrawals waiting for review, oldest first. */
export const opsWithdrawals = defineOpsCall('support', defineCall({ method: 'GET', path: '/api/ops/withdrawals', auth: false, reply: z.array(queuedWithdrawal) }))

/** Approves a waiting withdrawal (it goes to the payout provider) or rejects it (the hold returns to the player's cash, with the reason). Takes an Idempotency-Key (the operator's own). */
export const opsWithdrawalDecide = defineOpsCall('payments', defineCall({
  method: 'POST',
  path: '/api/ops/withdrawals/:orderId',
  auth: false,
  idempotent: true,
  params: z.strictObject({ orderId: withdrawalId }),
  body: z.strictObject({ decision: z.enum(['approve', 'reject']), reason }),
  reply: z.object({ orderId: z.string(), status: z.enum(['00', '01']) }),
}))

const uId = z.string().check(z.regex(/^\d{8,10}$/, { message: 'invalid' }))
const playerRow = z.object({ uId: z.string(), email: z.string(), name: z.string(), cpf: z.string(), kyc: z.boolean(), createdAt: z.number(), suspended: z.boolean() })

/** Players by e-mail (or its start), uId, CPF (11 digits, exact) or name (a part of it): at most 50. */
export const opsPlayers = defineOpsCall('support', defineCall({
  method: 'GET',
  path: '/api/ops/players',
  auth: false,
  query: z.strictObject({ q: text(120, 2) }),
  reply: z.array(playerRow),
}))

const money = { cash: reais, bonus: reais, hold: reais }
/** A player's page: identity (the CPF masked for support), balances, the last ledger entries, limits, pauses and exclusions, harm markers, open sessions and notes. Each read is an audit line. */
export const opsPlayer = defineOpsCall('support', defineCall({
  method: 'GET',
  path: '/api/ops/players/:uId',
  auth: false,
  params: z.strictObject({ uId }),
  reply: z.object({
    player: z.extend(playerRow, { phone: z.string(), birthDate: z.nullable(z.string()), level: z.number(), suspendedReason: z.nullable(z.string()) }),
    balances: z.object(money),
    entries: z.array(z.object({ txId: z.string(), kind: z.string(), ref: z.nullable(z.string()), account: z.string(), amount: reais, at: z.number() })),
    limits: z.array(z.object({ kind: z.string(), period: z.string(), value: z.nullable(reais), pendingValue: z.nullable(reais) })),
    blocks: z.array(z.object({ kind: z.string(), startsAt: z.number(), endsAt: z.nullable(z.number()) })),
    markers: z.array(z.object({ day: z.string(), marker: z.string(), strength: z.number() })),
    sessions: z.array(z.object({ device: z.string(), ip: z.string(), createdAt: z.number(), lastSeenAt: z.number() })),
    notes: z.array(z.object({ at: z.number(), operator: z.string(), text: z.string() })),
  }),
}))

export const opsPlayerNote = defineOpsCall('support', defineCall({
  method: 'POST',
  path: '/api/ops/players/:uId/notes',
  auth: false,
  params: z.strictObject({ uId }),
  body: z.strictObject({ text: text(2000, 1) }),
  reply: z.null(),
}))

/** Closes every session of the player (a lost phone, an account taken over). */
export const opsPlayerRevokeSessions = defineOpsCall('support', defineCall({
  method: 'POST',
  path: '/api/ops/players/:uId/sessions/revoke',
  auth: false,
  params: z.strictObject({ uId }),
  body: z.strictObject({ reason }),
  reply: z.object({ revoked: z.number() }),
}))

/** Suspends an account (no login, its sessions closed, provider games refuse it) or lifts the suspension, with the reason. */
export const opsPlayerSuspend = defineOpsCall('risk', defineCall({
  method: 'POST',
  path: '/api/ops/players/:uId/suspend',
  auth: false,
  params: z.strictObject({ uId }),
  body: z.strictObject({ suspended: z.boolean(), reason }),
  reply: z.object({ suspended: z.boolean() }),
}))

/** How an operator reached a player at risk. */
export const CONTACT_CHANNELS = ['phone', 'email', 'chat', 'whatsapp'] as const
const riskRow = z.object({
  uId: z.string(),
  email: z.string(),
  name: z.string(),
  /** The sum of the markers' strengths over the window: the list's order, strongest first. */
  strength: z.number(),
  markers: z.array(z.object({ marker: z.string(), days: z.number(), strength: z.number(), lastDay: z.string() })),
  /** A pause or self-exclusion in force, and the limits set. */
  blocked: z.boolean(),
  limits: z.number(),
  lastContact: z.nullable(z.object({ at: z.number(), operator: z.nullable(z.string()), channel: z.string() })),
})

/** The players with harm markers in the last `days` (7 to 90; 30 by default), strongest first, with what triggered them and the last contact. */
export const opsRisk = defineOpsCall('risk', defineCall({
  method: 'GET',
  path: '/api/ops/risk',
  auth: false,
  query: z.strictObject({ days: z.optional(z.string().check(z.regex(/^(?:[7-9]|[1-8]\d|90)$/, { message: 'invalid' }))) }),
  reply: z.array(riskRow),
}))

/** A contact with a player noted (who, how, what was said): the risk list shows the last. */
export const opsPlayerContact = defineOpsCall('risk', defineCall({
  method: 'POST',
  path: '/api/ops/players/:uId/contact',
  auth: false,
  params: z.strictObject({ uId }),
  body: z.strictObject({ channel: z.enum(CONTACT_CHANNELS), text: text(2000, 3) }),
  reply: z.null(),
}))

/**
 * A limit, a pause or a self-exclusion set at the player's request (by phone, chat...), through the
 * same rules as the player's own: a lower limit at once, a higher one 24 hours later; a pause or
 * exclusion never shortened. The player is told by e-mail as when they set it themselves.
 */
export const opsPlayerProtection = defineOpsCall('risk', defineCall({
  method: 'POST',
  path: '/api/ops/players/:uId/protection',
  auth: false,
  params: z.strictObject({ uId }),
  body: z.union([
    z.strictObject({ limit: z.strictObject({ kind: z.enum(RG_KINDS), period: z.enum(RG_PERIODS), value: z.nullable(positiveAmount) }), reason }),
    z.strictObject({ pause: z.strictObject({ days: z.literal(RG_PAUSE_DAYS) }), reason }),
    z.strictObject({ exclusion: z.strictObject({ months: z.nullable(z.literal(RG_EXCLUSION_MONTHS)) }), reason }),
  ]),
  reply: z.null(),
}))

const noticeRow = z.object({ id: z.string(), text: z.string(), marketing: z.boolean(), at: z.number() })

/** The last 50 notices, newest first. */
export const opsNotices = defineOpsCall('support', defineCall({ method: 'GET', path: '/api/ops/notices', auth: false, reply: z.array(noticeRow) }))

/** Posts a notice to every player (`npm run notice` does the same with the ops token): saved, sent on the socket, shown as the banner for a day. */
export const opsNoticePost = defineOpsCall('admin', defineCall({
  method: 'POST',
  path: '/api/ops/notices',
  auth: false,
  body: z.strictObject({ text: text(500, 1), marketing: z.boolean(), reason }),
  reply: z.object({ id: z.string(), time: z.number() }),
}))

/** The books' longest period, in days (a quarter). */
const BOOKS_MAX_DAYS = 92
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000
/** A period of Brasília days, both included: `from` not after `to`, at most BOOKS_MAX_DAYS days. */
const booksQuery = z.strictObject({ from: isoDate, to: isoDate }).check(
  z.refine((q) => q.from <= q.to && dayNumber(q.to) - dayNumber(q.from) < BOOKS_MAX_DAYS, { message: 'dayRange', path: ['to'], params: { max: BOOKS_MAX_DAYS } }),
)
/** A product's (or a day's) figures: amounts in reais; rtp as a fraction (0.99), null without stakes or without a known model. */
const bookFigures = {
  stakes: reais,
  /** The part of the stakes the bonus paid (also inside `stakes`). */
  bonusStakes: reais,
  returns: reais,
  /** Stakes less returns: what the house kept. */
  ggr: reais,
  bets: z.number(),
  players: z.number(),
  rtpObserved: z.nullable(z.number()),
  rtpTheoretical: z.nullable(z.number()),
}
const bookRow = z.object({ product: z.string(), ...bookFigures })

/**
 * The books: per Brasília day and per product (an original by its game, a shared-round game,
 * 'sport', a provider as 'provider:<code>'), what was staked and returned, read from the ledger.
 */
export const opsBooks = defineOpsCall('payments', defineCall({
  method: 'GET',
  path: '/api/ops/books',
  auth: false,
  query: booksQuery,
  reply: z.array(z.object({ day: z.string(), products: z.array(bookRow), totals: z.object(bookFigures) })),
}))

/** The books as CSV, one line per day and product; the export is an audit line. */
export const opsBooksCsv = defineOpsCall('payments', defineCall({ method: 'GET', path: '/api/ops/books.csv', auth: false, query: booksQuery, reply: 'image' as const }))

/** The sportsbook's open liability: per match with unsettled bets, its stakes and the most it could pay. */
export const opsBooksLiability = defineOpsCall('payments', defineCall({
  method: 'GET',
  path: '/api/ops/books/liability',
  auth: false,
  reply: z.array(z.object({
    matchId: z.string(),
    /** As the sportsbook's feed has the match; null when the feed no longer lists it. */
    sport: z.nullable(z.string()),
    league: z.nullable(z.string()),
    home: z.nullable(z.string()),
    away: z.nullable(z.string()),
    startsAt: z.nullable(z.number()),
    openStakes: reais,
    bets: z.number(),
    worstCase: reais,
  })),
}))

const chainRound = z.object({ roundId: z.string(), seq: z.number(), hash: z.string(), roll: z.number(), settledAt: z.number() })
/** A shared-round game's chain in play, its last rounds, and a check of its last 100 played rounds against the chain and the game's rules. */
export const opsRoundChain = defineOpsCall('payments', defineCall({
  method: 'GET',
  path: '/api/ops/rounds/:game',
  auth: false,
  params: z.strictObject({ game: z.enum(ROUND_GAME_IDS as [string, ...string[]]) }),
  reply: z.object({
    chain: z.nullable(z.object({ id: z.string(), length: z.number(), terminatingHash: z.string(), salt: z.nullable(z.string()), played: z.number(), voided: z.number() })),
    rounds: z.array(chainRound),
    verification: z.object({
      checked: z.number(),
      verified: z.boolean(),
      /** The oldest round that fails: its hash does not lead to the one before it ('chain'), or its stored roll is not the rules' ('result'). */
      firstBad: z.nullable(z.object({ roundId: z.string(), seq: z.number(), problem: z.enum(['chain', 'result']), roll: z.number(), expectedRoll: z.number() })),
    }),
  }),
}))

/**
 * Why a payment waits for a person: a deposit credited for another amount than its charge's
 * (amountMismatch), one paid after its order closed (paidAfterClose), a refund (devolução) the PSP
 * refused (refundFailed: an automatic one's money is still ours; an operator's return went back to
 * the player's cash).
 */
export const PAYMENT_KINDS = ['amountMismatch', 'paidAfterClose', 'refundFailed'] as const
/** A queue item: a deposit's record id (D100007) or a refund's id (R and 30 letters or digits). */
const paymentItem = z.string().check(z.regex(/^(D\d{1,18}|R[A-Z0-9]{30})$/, { message: 'invalid' }))
const queuedPayment = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** The deposit's record id (D100007) and its charge's txid; null for a refund of a payment that was no order's. */
  orderId: z.nullable(z.string()),
  payNo: z.string(),
  player: z.nullable(z.object({ uId: z.string(), email: z.string(), name: z.string() })),
  /** What the charge asked (null: no order), and what the payment brought or the refund was of. */
  expected: z.nullable(reais),
  paid: reais,
  e2eId: z.string(),
  /** The payer's CPF or CNPJ where known (masked for support), else ''. */
  payer: z.string(),
  /** The order's close reason or the refund's state, and the PSP's words on a refusal. */
  state: z.string(),
  failure: z.nullable(z.string()),
  at: z.number(),
  /** Whether an operator has acted on it (resolved or returned); such items leave the queue. */
  handled: z.boolean(),
})

/** The payments waiting for a person, oldest first; `all=1` also those handled already. */
export const opsPayments = defineOpsCall('support', defineCall({
  method: 'GET',
  path: '/api/ops/payments',
  auth: false,
  query: z.strictObject({ all: z.optional(z.enum(['0', '1'])) }),
  reply: z.array(queuedPayment),
}))

/**
 * Returns (part of) a credited deposit to its payer (API Pix devolução): the amount, at most what
 * the payment brought less what was returned of it already, is taken from the player's cash at
 * once; a PSP's refusal gives it back. Takes an Idempotency-Key (the operator's own).
 */
export const opsPaymentReturn = defineOpsCall('payments', defineCall({
  method: 'POST',
  path: '/api/ops/payments/:id/return',
  auth: false,
  idempotent: true,
  params: z.strictObject({ id: z.string().check(z.regex(/^D\d{1,18}$/, { message: 'invalid' })) }),
  body: z.strictObject({ amount: positiveAmount, reason }),
  reply: z.object({ id: z.string(), returnId: z.string(), amount: reais, left: reais }),
}))

/** Marks a queue item handled without moving money (an amount mismatch accepted as credited, a refused refund returned by other means). */
export const opsPaymentResolve = defineOpsCall('payments', defineCall({
  method: 'POST',
  path: '/api/ops/payments/:id/resolve',
  auth: false,
  params: z.strictObject({ id: paymentItem }),
  body: z.strictObject({ reason }),
  reply: z.object({ id: z.string(), handled: z.literal(true) }),
}))

/** Every console call, for the test that walks each with each role. */
export const OPS_CALLS: readonly OpsCallDef[] = [opsEnrolBegin, opsEnrolFinish, opsLogin, opsCode, opsLogout, opsMe, opsOperators, opsOperatorCreate, opsOperatorUpdate, opsAudit, opsAuditCsv, opsBootstrapAdmin, opsWithdrawals, opsWithdrawalDecide, opsPlayers, opsPlayer, opsPlayerNote, opsPlayerRevokeSessions, opsPlayerSuspend, opsRisk, opsPlayerContact, opsPlayerProtection, opsNotices, opsNoticePost, opsBooks, opsBooksCsv, opsBooksLiability, opsRoundChain, opsPayments, opsPaymentReturn, opsPaymentResolve]
