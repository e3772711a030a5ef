/**
 * Ours: wallet calls the spec names but does not describe (transfer, records).
 * Records list the spec's order types beside ours (see ORDER_TYPE_OURS in codes.ts).
 */
import { z } from 'zod/mini'
import { RECORD_TYPES } from '../codes'
import { defineCall } from './define'
import { intField, isoDate, loading, positiveAmount, reais, wireBalance } from './fields'
import { orderStatusSchema } from './order'
import { getQuery } from './user'

/** A stake counts toward a gift's wagering only when its bet could pay at least 1.5x it (ten-thousandths). */
export const WAGER_MIN_MULTIPLIER4 = 15_000n

/** The spec's nudges (section 9), centavos: a settled bet that takes the balance under R$ 10 brings the compensation deposit (gameDeposit, an offer to depositors)... */
export const LOW_BALANCE_BELOW = 1_000n
/** ...and under R$ 0,51 the normal deposit (the server's freeBalance event). */
export const FREE_BALANCE_BELOW = 51n

/** The receiver: their e-mail (as typed, any case) or their public numeric user id (uId). */
const toUser = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254), z.regex(/^(\d{1,18}|[^\s@]+@[^\s@]+)$/, { message: 'toUser' }))

export const transfer = defineCall({
  method: 'POST',
  path: '/api/app/order/transfer',
  auth: true,
  idempotent: true,
  body: z.strictObject({ toUser, amount: positiveAmount, loading }),
  /** The sender's balance after the transfer. */
  reply: z.object({ id: z.string(), ...wireBalance }),
})

/** One or more record types, comma-separated: '10' or '31,32'. */
const recordTypes = z.pipe(
  z.string().check(z.maxLength(64), z.regex(/^\d{1,4}(,\d{1,4})*$/, { message: 'option' })),
  z.transform((text, ctx) => {
    const codes = [...new Set(text.split(',').map(Number))]
    if (!codes.every((c) => (RECORD_TYPES as readonly number[]).includes(c))) {
      ctx.issues.push({ code: 'custom', message: 'option', input: text })
      return z.NEVER
    }
    return codes
  }),
)

/** A record's id: a letter for its source (D deposit, W withdrawal, T transfer, L ledger) and a number. */
const recordId = z.string().check(z.regex(/^[DWTL]\d{1,18}$/, { message: 'option' }))

export const walletRecordSchema = z.object({
  id: z.string(),
  /** An order type of codes.ts: the spec's (10, 11, 19) or ours (31, 32, 41, 42). */
  type: z.number(),
  /** The spec's wallet record status: '00' pending, '01' cancelled, '10' credited. */
  status: orderStatusSchema,
  /** Always positive; the type says which way the money went. */
  amount: reais,
  /** ISO 8601. */
  time: z.string(),
  /**
   * Ours: a bet's, win's, refund's or correction's game: an original's or shared round's id
   * ('dice', 'double'), 'sport', or a provider's game as '<provider>:<code>'.
   */
  game: z.optional(z.string()),
  /** Ours: a provider game's name from its catalogue (a product name, not translated). */
  gameName: z.optional(z.string()),
})
export type WalletRecord = z.output<typeof walletRecordSchema>

export const records = defineCall({
  method: 'GET',
  path: '/api/app/order/records',
  auth: true,
  query: z.strictObject({
    loading,
    t: z.optional(z.string().check(z.maxLength(32))),
    type: z.optional(recordTypes),
    /** Days in America/Sao_Paulo, both included. */
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    page: z.optional(intField(1, 100_000)),
    size: z.optional(intField(1, 100)),
  }),
  reply: z.object({ records: z.array(walletRecordSchema), total: z.number(), page: z.number(), size: z.number() }),
})

export const walletRecordDetailSchema = z.object({
  id: z.string(),
  type: z.number(),
  status: orderStatusSchema,
  amount: reais,
  time: z.string(),
  /** As in the list: the game's code, and a provider game's name. */
  game: z.optional(z.string()),
  gameName: z.optional(z.string()),
  /** Deposits: the bonus credited with it. */
  gift: z.optional(reais),
  payNo: z.optional(z.string()),
  /** When it was paid, settled or cancelled (ISO 8601). */
  closedAt: z.optional(z.nullable(z.string())),
  /** Withdrawals: the type and the account, masked. */
  payCardBank: z.optional(z.string()),
  payCardNo: z.optional(z.string()),
  /** Transfers: the other side (its public uId; e-mail masked). */
  counterpart: z.optional(z.object({ uId: z.number(), email: z.string() })),
  /** Bets, wins and prizes: the game's reference. */
  ref: z.optional(z.nullable(z.string())),
  /**
   * Casino bets, wins and refunds: the bet, with the spec's bet-result code (10 win, 20 lose,
   * -10 betting; a shared round's 0 to be drawn, 90 principal refund); the originals' nonce, a
   * shared round's round and choice.
   */
  bet: z.optional(
    z.object({
      betId: z.string(),
      game: z.string(),
      result: z.number(),
      stake: reais,
      multiplier: z.number(),
      payout: reais,
      nonce: z.optional(z.number()),
      roundId: z.optional(z.string()),
      choice: z.optional(z.string()),
      /** A provider round's details at its aggregator (Hub88's round page), where it gives one. */
      detailsUrl: z.optional(z.string()),
    }),
  ),
})
export type WalletRecordDetail = z.output<typeof walletRecordDetailSchema>

export const record = defineCall({
  method: 'GET',
  path: '/api/app/order/records/:id',
  auth: true,
  params: z.strictObject({ id: recordId }),
  query: getQuery,
  reply: walletRecordDetailSchema,
})
