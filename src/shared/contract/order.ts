import { z } from 'zod/mini'
import { defineCall } from './define'
import { amount, flag01, intField, loading, optionalText, reais, text } from './fields'
import { getQuery } from './user'

export const CURRENCY_CODES = ['BRL', 'EXTPAY', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', ''] as const

export const pricePackageSchema = z.object({
  pkgId: z.number(),
  price: reais,
  gift: reais,
  curreny: z.enum(CURRENCY_CODES),
  sort: z.number(),
})
export type PricePackage = z.output<typeof pricePackageSchema>

export const getPrices = defineCall({
  method: 'GET',
  path: '/api/app/order/getPrices',
  auth: true,
  query: z.strictObject({ loading, curreny: z.optional(z.enum(['INSBRL', 'EXPPAY'])) }),
  reply: z.array(pricePackageSchema),
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
  reply: z.object({ orderId: z.string(), payNo: z.string(), url: z.string() }),
})

export const getStatus = defineCall({
  method: 'GET',
  path: '/api/app/order/getStatus/:orderId',
  auth: true,
  params: z.strictObject({ orderId: text(64, 1) }),
  query: getQuery,
  reply: z.object({ status: z.string() }),
})

export const WITHDRAW_TYPES = ['CPF', 'CNPJ', 'USDT'] as const

const cardInfoSchema = z.object({ ifsc: z.string(), payCardNo: z.string(), name: z.string(), whatsapp: z.string() })

export const getWithdraw = defineCall({
  method: 'GET',
  path: '/api/app/order/getWithdraw',
  auth: true,
  query: getQuery,
  reply: z.object({
    limitAmount: reais,
    maxAmount: reais,
    number: z.number(),
    lock: z.boolean(),
    wdAmount: reais,
    usdtRate: z.number(),
    cardInfo: z.record(z.string(), cardInfoSchema),
  }),
})

export const withdraw = defineCall({
  method: 'POST',
  path: '/api/app/order/withdraw',
  auth: true,
  idempotent: true,
  body: z.strictObject({
    payCardBank: z.enum(WITHDRAW_TYPES),
    payCardNo: text(128, 1),
    ifsc: optionalText(128),
    name: optionalText(100),
    amount,
    whatsapp: optionalText(32),
    loading,
  }),
  reply: z.null(),
})
