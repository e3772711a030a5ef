/** Loyalty pages' calls (loaded with their lazy chunk): the VIP state and "seen". */
import type { z } from 'zod/mini'
import * as loyalty from '../../../shared/contract/loyalty'
import { applyBalance } from '../balance'
import { CallFailed } from '../errors'
import { moneyCall } from '../moneyCall'
import { api } from './session'

export type VipInfo = z.output<typeof loyalty.vipInfo.reply>

export const fetchVip = () => api<VipInfo>(loyalty.vipInfo, { loading: false }, true)
export const markVipSeen = () => api<{ seenLevel: number }>(loyalty.vipSeen, { body: {}, loading: false }, true)

export type ReferralTeam = z.output<typeof loyalty.referralTeam.reply>
export const fetchTeam = () => api<ReferralTeam>(loyalty.referralTeam, { loading: false }, true)

export type SigninStatus = z.output<typeof loyalty.signinStatus.reply>
export const fetchSignin = () => api<SigninStatus>(loyalty.signinStatus, { loading: false }, true)

/** Claims today's reward (one Idempotency-Key, retried with it if the answer is lost: moneyCall); null when refused (the alert says why). */
export async function claimSignin(): Promise<z.output<typeof loyalty.signinClaim.reply> | null> {
  try {
    const reply = await moneyCall<z.output<typeof loyalty.signinClaim.reply>>(loyalty.signinClaim, { body: {} })
    applyBalance(reply)
    return reply
  } catch (err) {
    if (err instanceof CallFailed) return null
    throw err
  }
}
