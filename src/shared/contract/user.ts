import { z } from 'zod/mini'
import { AVATAR_COUNT } from '../codes'
import { defineCall } from './define'
import { balanceVersion, intField, isoDate, loading, optionalText, password, reais, text, wireBalance } from './fields'

const getQuery = z.strictObject({ loading, t: z.optional(z.string().check(z.maxLength(32))) })

export const userInfoSchema = z.object({
  /** The public user id: random, 8 to 10 digits (never the server's internal, sequential id). */
  uId: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  level: z.number(),
  header: z.number(),
  balance: reais,
  balanceVersion,
  payAmount: reais,
  yqm: z.string(),
  /** Registration time, ISO 8601. */
  time: z.string(),
  /** For a test account: its credentials and starting balance. */
  extendInfo: z.nullable(z.object({ username: z.string(), pwd: z.string(), balance: reais })),
  level1Amount: reais,
  level2Amount: reais,
  level3Amount: reais,
  level1Person: z.number(),
  level2Person: z.number(),
  level3Person: z.number(),
  paySumAmount: reais,
  wdSumAmount: reais,
  gameSumAmount: reais,
  nextlevel: z.object({ paySumAmount: reais, gameSumAmount: reais }),
  /**
   * The player's best open promotional offer as a deposit discount: the part of the chips not paid
   * (gift / (price + gift)) and when the offer expires (ms); null without an offer.
   */
  payDiscount: z.nullable(z.object({ discount: z.number(), expiredTime: z.number() })),
  /** The package that offer buys (its pkgId); null without an offer. */
  paypackage: z.nullable(z.number()),
  kyc: z.number(),
  testFlag: z.enum(['0', '1']),
  lx: z.string(),
  /** The stakes still owed on deposited cash before it may be withdrawn or transferred. */
  gamePayAmount: reais,
  /** The bonus's wagering still to do before it turns into cash. */
  addPayAmount: reais,
})
export type UserInfo = z.output<typeof userInfoSchema>

export const userInfo = defineCall({
  method: 'GET',
  path: '/api/app/user/userInfo',
  auth: true,
  query: getQuery,
  reply: userInfoSchema,
})

export const getBalance = defineCall({
  method: 'GET',
  path: '/api/app/user/getBalance',
  auth: true,
  query: getQuery,
  reply: z.object(wireBalance),
})

export const setHeader = defineCall({
  method: 'GET',
  path: '/api/app/user/setHeader/:index',
  auth: true,
  params: z.strictObject({ index: intField(0, AVATAR_COUNT - 1) }),
  query: getQuery,
  reply: z.object({ header: z.number() }),
})

export const getUserTest = defineCall({
  method: 'GET',
  path: '/api/app/user/getUserTest',
  auth: true,
  query: getQuery,
  /** The test account's credentials and its balance (with the test account's own version). */
  reply: z.object({ username: z.string(), pwd: z.string(), ...wireBalance }),
})

/** Ours: the account menu's change-password form (original, new, confirm new). */
export const updatePwd = defineCall({
  method: 'POST',
  path: '/api/app/user/updatePwd',
  auth: true,
  body: z.strictObject({ oPwd: text(128, 1), nPwd: password, nPwd1: text(128, 1), loading }),
  reply: z.null(),
})

/** The genders the BR profile's KYC asks: female, male, other, rather not say. */
export const KYC_GENDERS = ['F', 'M', 'O', 'N'] as const

/** Brazil's 27 federative units (the address's state). */
export const BR_STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const

export const updateKyc = defineCall({
  method: 'POST',
  path: '/api/app/user/updateKyc',
  auth: true,
  // Ours, optional beside the spec's name and cardNo: birthDate (YYYY-MM-DD), checked with the CPF's holder by the
  // identity provider when given; the BR profile (JURISDICTION=BR) needs it (an adult's), and phone (+55 and the
  // number), gender ('F', 'M', 'O' other, 'N' rather not say) and the address.
  body: z.strictObject({
    name: optionalText(100),
    cardNo: optionalText(32),
    birthDate: z.optional(isoDate),
    phone: z.optional(z.string().check(z.maxLength(20))),
    gender: z.optional(z.enum(KYC_GENDERS)),
    // A photo of the face (JPG or PNG, base64, at most about 500 KB): checked against the document photo where the provider can.
    selfie: z.optional(z.strictObject({ base64: z.string().check(z.maxLength(700_000), z.regex(/^[A-Za-z0-9+/]+=*$/)), format: z.enum(['JPG', 'PNG']) })),
    address: z.optional(
      z.strictObject({
        cep: z.string().check(z.maxLength(9)),
        street: z.string().check(z.maxLength(120)),
        number: z.string().check(z.maxLength(20)),
        complement: z.optional(z.string().check(z.maxLength(80))),
        city: z.string().check(z.maxLength(80)),
        state: z.string().check(z.maxLength(2)),
      }),
    ),
    loading,
  }),
  reply: z.null(),
})

/** Ours: the account page's list of the player's open sessions, the most recently seen first. */
export const mySessions = defineCall({
  method: 'GET',
  path: '/api/app/user/sessions',
  auth: true,
  query: getQuery,
  reply: z.array(
    z.object({
      /** The device in words ("Chrome · Android"); '' when the browser did not say. */
      device: z.string(),
      /** The address the session signed in from, its last part hidden. */
      ip: z.string(),
      createdAt: z.number(),
      lastSeenAt: z.number(),
      /** The session of the token that asked. */
      current: z.boolean(),
    }),
  ),
})

/** Ours: "sign out everywhere": ends every session of the player, this one included. */
export const logoutAll = defineCall({
  method: 'POST',
  path: '/api/app/user/logoutAll',
  auth: true,
  body: z.strictObject({ loading }),
  reply: z.null(),
})

export { getQuery }
