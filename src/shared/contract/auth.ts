import { z } from 'zod/mini'
import { defineCall } from './define'
import { codeId, email, flag01, loading, optionalText, password, text } from './fields'

const captCode = text(16, 1)
const token = z.object({ access_token: z.string() })

export const restLogin = defineCall({
  method: 'POST',
  path: '/api/auth/user/restLogin',
  auth: false,
  body: z.strictObject({ username: email, pwd: text(128, 1), codeId, captCode, loading }),
  reply: token,
})

export const restRegister = defineCall({
  method: 'POST',
  path: '/api/auth/user/restRegister',
  auth: false,
  body: z.strictObject({
    name: optionalText(100),
    cardNo: optionalText(32),
    username: email,
    /** Phone prefix of the language, e.g. '+55' or '55'. */
    country: z.optional(z.string().check(z.maxLength(5), z.regex(/^\+?\d{0,4}$/, { message: 'country' }))),
    phone: z.optional(z.string().check(z.maxLength(20), z.regex(/^[\d ()+-]*$/, { message: 'phone' }))),
    pwd: password,
    pwd1: z.optional(z.string().check(z.maxLength(128))),
    regcode: optionalText(32),
    codeId,
    captCode,
    isapp: z.optional(flag01),
    loading,
  }),
  reply: token,
})

export const captcha = defineCall({
  method: 'GET',
  path: '/api/auth/user/captcha/:codeId',
  auth: false,
  params: z.strictObject({ codeId }),
  query: z.strictObject({ loading, t: z.optional(z.string().check(z.maxLength(32))) }),
  reply: 'image',
})

/** Ours: ends the session of the token sent. */
export const logout = defineCall({
  method: 'POST',
  path: '/api/auth/user/logout',
  auth: true,
  body: z.strictObject({ loading }),
  reply: z.null(),
})

export const sendEmail = defineCall({
  method: 'POST',
  path: '/api/app/main/RESETPWD/sendEmail',
  auth: false,
  body: z.strictObject({ email, loading }),
  /** Seconds until another code may be sent. */
  reply: z.object({ wait: z.number() }),
})

export const checkEmail = defineCall({
  method: 'POST',
  path: '/api/app/main/RESETPWD/checkEmail',
  auth: false,
  body: z.strictObject({ email, code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { message: 'resetCode' })), loading }),
  /** The check id chkId that authorises setPwd. */
  reply: z.string(),
})

export const setPwd = defineCall({
  method: 'POST',
  path: '/api/app/main/setPwd',
  auth: false,
  body: z.strictObject({ nPwd: password, chkId: text(64, 1), loading }),
  reply: z.null(),
})

