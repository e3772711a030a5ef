import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { PayoutProcessor } from '../withdrawals/PayoutProcessor'
import type { PixRails } from './buildProviders'
import { PixJobs } from './PixJobs'
import { paymentRoutes } from './routes'

/**
 * The PIX rails: the PSP's webhook and the sandbox's pages, the reconciliation and refund jobs, and
 * the payout processor that hands committed withdrawals to the PSP (none: withdrawals stay pending).
 * Its jobs call the PSP, which in sandbox mode lives on this very server: they stop, and their HTTP
 * client closes, before the server stops listening (preClose). A keep-alive connection of theirs to
 * this server, left open by a call in flight when closing began, once held the server's close for
 * fastify's 72 s keep-alive timeout.
 */
export function paymentsDomain(app: FastifyInstance, deps: Deps, rails: PixRails | null): { payouts: PayoutProcessor | null; pixJobs: PixJobs | null } {
  const { config } = deps
  const pixJobs = rails && new PixJobs(deps, rails.payments, { everyMs: config.wallet.pix.reconcileEveryMs, windowMs: config.wallet.pix.reconcileWindowMs }, app.log)
  const payouts = rails?.payouts ? new PayoutProcessor(deps, rails.payouts.provider, app.log, rails.payouts.everyMs) : null
  if (!payouts) app.log.warn({ appMode: config.appMode }, 'no payout provider: withdrawals stay pending until one is configured')
  paymentRoutes(app, deps, rails?.emulator ?? null)
  // The PSP learns our webhook's address as soon as we listen (and again before a charge or a payout, until it took it).
  if (rails) app.addHook('onListen', async () => void rails.payments.ensureWebhook().catch((err: unknown) => app.log.warn({ err }, 'PIX webhook not registered yet; tried again before the next charge or payout')))
  app.addHook('onReady', async () => {
    payouts?.start()
    rails?.emulator?.start()
    pixJobs?.start()
  })
  app.addHook('preClose', async () => {
    await payouts?.stop()
    await pixJobs?.stop()
    await rails?.emulator?.stop()
    await rails?.client.close()
  })
  return { payouts, pixJobs }
}
