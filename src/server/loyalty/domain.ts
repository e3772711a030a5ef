import type { Domain } from '../domain'
import { checkinRoutes } from './checkin/routes'
import { startReferralCommissions } from './referral/commissions'
import { referralRoutes } from './referral/routes'
import { startVipAwards } from './vip/awards'
import { vipRoutes } from './vip/routes'

/** Loyalty: VIP levels and their awards, referral commissions, the daily check-in reward. */
export const loyaltyDomain: Domain = (app, deps) => {
  vipRoutes(app, deps)
  referralRoutes(app, deps)
  checkinRoutes(app, deps)
  let stops: (() => void)[] = []
  app.addHook('onReady', async () => {
    stops = [startVipAwards(deps, app.log), startReferralCommissions(deps, deps.config.wallet.referral, app.log)]
  })
  app.addHook('onClose', async () => {
    for (const stop of stops) stop()
  })
}
