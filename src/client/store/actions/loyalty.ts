/** Loyalty pages' calls (loaded with their lazy chunk): the VIP state and "seen". */
import type { z } from 'zod/mini'
import * as loyalty from '../../../shared/contract/loyalty'
import { api } from './session'

export type VipInfo = z.output<typeof loyalty.vipInfo.reply>

export const fetchVip = () => api<VipInfo>(loyalty.vipInfo, { loading: false }, true)
export const markVipSeen = () => api<{ seenLevel: number }>(loyalty.vipSeen, { body: {}, loading: false }, true)
