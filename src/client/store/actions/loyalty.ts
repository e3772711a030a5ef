/** Loyalty pages' calls (loaded with their lazy chunk): the VIP state and "seen". */
import type { z } from 'zod/mini'
import * as loyalty from '../../../shared/contract/loyalty'
import { http } from '../api'
import { applyBalance } from '../balance'
import { CallFailed, handleFailure, handleNetworkError } from '../errors'
import { newIdempotencyKey } from './cashier'
import { api } from './session'

export type VipInfo = z.output<typeof loyalty.vipInfo.reply>

export const fetchVip = () => api<VipInfo>(loyalty.vipInfo, { loading: false }, true)
export const markVipSeen = () => api<{ seenLevel: number }>(loyalty.vipSeen, { body: {}, loading: false }, true)

export type ReferralTeam = z.output<typeof loyalty.referralTeam.reply>
export const fetchTeam = () => api<ReferralTeam>(loyalty.referralTeam, { loading: false }, true)

export type SigninStatus = z.output<typeof loyalty.signinStatus.reply>
export const fetchSignin = () => api<SigninStatus>(loyalty.signinStatus, { loading: false }, true)

/** Claims today's reward with its own Idempotency-Key (retried with the same key if the connection drops); null when refused (the alert says why). */
export async function claimSignin(): Promise<z.output<typeof loyalty.signinClaim.reply> | null> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  try {
    for (let attempt = 0; ; attempt++) {
      let reply
      try {
        reply = await http.request<z.output<typeof loyalty.signinClaim.reply>>(loyalty.signinClaim, { body: {}, headers })
      } catch (err) {
        if (attempt < 2) continue
        throw handleNetworkError(err)
      }
      if (reply.status !== 200) throw handleFailure(reply)
      applyBalance(reply.data)
      return reply.data
    }
  } catch (err) {
    if (err instanceof CallFailed) return null
    throw err
  }
}
