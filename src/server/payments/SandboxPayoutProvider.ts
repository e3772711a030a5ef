import type { Payout, PayoutProvider, PayoutStatus } from './PayoutProvider'

/** Amounts ending in these centavos are refused by the sandbox bank (e.g. R$ 50,13), so both endings can be tried by hand. */
const REFUSED_CENTAVOS = 13n

/**
 * The sandbox bank: pays every payout once it is `settleMs` old (counted from when the player
 * asked, so a restart does not restart the wait), except amounts ending in 13 centavos, which it
 * refuses. It pays no one: it only exists with the simulated payments of demo mode.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox'
  private readonly sent = new Map<string, { amount: bigint; requestedAt: number }>()

  constructor(private readonly options: { settleMs: number; now: () => number }) {}

  async send(payout: Payout): Promise<PayoutStatus> {
    if (!this.sent.has(payout.id)) this.sent.set(payout.id, { amount: payout.amount, requestedAt: payout.requestedAt.getTime() })
    return this.status(payout.id)
  }

  async status(id: string): Promise<PayoutStatus> {
    const payout = this.sent.get(id)
    if (!payout) throw new Error(`sandbox payout ${id} was never sent`)
    if (this.options.now() - payout.requestedAt < this.options.settleMs) return { state: 'pending' }
    // Final: the bank forgets it (a later status would be a question about an unknown payout).
    this.sent.delete(id)
    return payout.amount % 100n === REFUSED_CENTAVOS ? { state: 'failed', reason: 'sandbox_refused' } : { state: 'paid' }
  }
}
