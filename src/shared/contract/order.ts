import { z } from 'zod/mini'
import { defineCall } from './define'
import { flag01, intField, loading, optionalAmount, optionalText, reais, text } from './fields'
import { getQuery } from './user'

const CURRENCY_CODES = ['BRL', 'EXTPAY', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', ''] as const

const pricePackageSchema = z.object({
  pkgId: z.number(),
  price: reais,
  gift: reais,
  curreny: z.enum(CURRENCY_CODES),
  sort: z.number(),
  /** Times the gift must be wagered (counted stakes) before the bonus turns into cash. */
  wagerX: z.optional(z.number()),
  /** Times the deposit itself must be staked before it can be withdrawn or transferred. */
  turnoverX: z.optional(z.number()),
})
export type PricePackage = z.output<typeof pricePackageSchema>

export const getPrices = defineCall({
  method: 'GET',
  path: '/api/app/order/getPrices',
  auth: true,
  query: z.strictObject({ loading, curreny: z.optional(z.enum(['INSBRL', 'EXPPAY'])) }),
  reply: z.array(pricePackageSchema),
})

/** The rules a gift is wagered under, for the bonus terms shown to the player. */
const bonusTermsSchema = z.object({
  /** The largest single stake while a gift is being wagered, reais. */
  maxStake: reais,
  /** A stake counts only when the bet could pay at least this multiple of it. */
  minMultiplier: z.number(),
  /** Percent of a stake that counts, by game; games not named count `otherGames`. */
  contribution: z.record(z.string(), z.number()),
  otherGames: z.number(),
  /** Times a normal deposit must be staked before it can leave (0: no such rule). */
  depositTurnover: z.number(),
  /** The most deposit gifts one account may receive in all, reais. */
  giftCap: reais,
})
export type BonusTerms = z.output<typeof bonusTermsSchema>

export const bonusTerms = defineCall({
  method: 'GET',
  path: '/api/app/order/bonusTerms',
  auth: false,
  query: z.strictObject({ loading }),
  reply: bonusTermsSchema,
})

export const prePay = defineCall({
  method: 'POST',
  path: '/api/app/order/prePay/:pkgId',
  auth: true,
  idempotent: true,
  params: z.strictObject({ pkgId: intField(1, 2_147_483_647) }),
  body: z.strictObject({
    gift: flag01,
    pkgId: z.optional(intField(1, 2_147_483_647)),
    isapp: z.optional(flag01),
    loading,
  }),
  /** url: the provider's payment page, opened in a full-screen frame. */
  reply: z.object({ orderId: z.string(), payNo: z.string(), url: z.string() }),
})

/** The spec's order-status codes on the wire: '00' pending, '01' cancelled, '10' paid. */
export const orderStatusSchema = z.enum(['00', '01', '10'])

export const getStatus = defineCall({
  method: 'GET',
  path: '/api/app/order/getStatus/:orderId',
  auth: true,
  params: z.strictObject({ orderId: text(64, 1) }),
  query: getQuery,
  reply: z.object({ status: orderStatusSchema }),
})

/** Ours: the user's open payment order, so the app shows its payment page again after a reload (null: none). */
export const pendingPay = defineCall({
  method: 'GET',
  path: '/api/app/order/pendingPay',
  auth: true,
  query: getQuery,
  reply: z.nullable(z.object({ orderId: z.string(), payNo: z.string(), url: z.string(), amount: reais, expiresAt: z.number() })),
})

/** Ours: the deposit flow's 'cancel' (the spec's message asks the user to complete or cancel an open order). */
export const cancelPay = defineCall({
  method: 'POST',
  path: '/api/app/order/cancelPay/:orderId',
  auth: true,
  params: z.strictObject({ orderId: text(64, 1) }),
  body: z.strictObject({ loading }),
  reply: z.object({ status: orderStatusSchema }),
})

const WITHDRAW_TYPES = ['CPF', 'CNPJ', 'USDT'] as const

const cardInfoSchema = z.object({ ifsc: z.string(), payCardNo: z.string(), name: z.string(), whatsapp: z.string() })

const withdrawHeldSchema = z.object({
  /** Cash plus bonus, as the header shows it. */
  balance: reais,
  /** Bonus not yet turned into cash... */
  bonus: reais,
  /** ...until this much more is staked (counted stakes; see the bonus terms). */
  wagerLeft: reais,
  /** Deposited cash that must still be staked before it may leave... */
  turnover: reais,
  /** ...and the stakes still needed (all deposits' turnover, whatever the cash now). */
  turnoverLeft: reais,
  /** Already out of the balance: withdrawals asked for and not yet paid. */
  pending: reais,
  /** Owed after a PIX payment was taken back (MED): nothing leaves until a deposit settles it. */
  debt: reais,
})
export type WithdrawHeld = z.output<typeof withdrawHeldSchema>

export const getWithdraw = defineCall({
  method: 'GET',
  path: '/api/app/order/getWithdraw',
  auth: true,
  query: getQuery,
  reply: z.object({
    /** The withdrawal types offered to this player: CPF; CNPJ while WITHDRAW_CNPJ is on; USDT with lx '20'. */
    types: z.array(z.enum(WITHDRAW_TYPES)),
    limitAmount: reais,
    maxAmount: reais,
    number: z.number(),
    lock: z.boolean(),
    wdAmount: reais,
    usdtRate: z.number(),
    cardInfo: z.record(z.string(), cardInfoSchema),
    /**
     * Ours: why wdAmount is below the balance, in reais (0 where a part does not apply):
     * balance = wdAmount + bonus + turnover.
     */
    held: withdrawHeldSchema,
    /** Ours: the verified identity (KYC), which a CPF withdrawal must go to; null before KYC. */
    identity: z.nullable(z.object({ name: z.string(), cpf: z.string() })),
  }),
})

/**
 * Every field may arrive empty: the server runs the spec's six withdraw checks in their order,
 * and an empty amount, type or account number is judged by them, with their messages.
 */
export const withdraw = defineCall({
  method: 'POST',
  path: '/api/app/order/withdraw',
  auth: true,
  idempotent: true,
  body: z.strictObject({
    payCardBank: z.optional(z.enum([...WITHDRAW_TYPES, ''])),
    payCardNo: optionalText(128),
    /** CPF: the account number; USDT: the USDT rate (both set by the server whatever is sent). */
    ifsc: optionalText(128),
    name: optionalText(100),
    amount: optionalAmount,
    whatsapp: optionalText(32),
    loading,
  }),
  reply: z.object({ orderId: z.string() }),
})
