import type { Deps } from '../deps'
import * as repo from './repository'
import { settleWithdrawal, type PayoutOutcome } from './service'

/**
 * Pays withdrawals out. It is told of each new one once committed and settles it later through
 * settleWithdrawal (paid: hold -> clearing; failed: hold -> cash). A real one would call a PSP's
 * PIX payout API and settle on its callback; pending withdrawals survive a restart in the orders.
 */
export interface PayoutProcessor {
  submit(orderId: bigint): void
  start(): void
  /** Stops, after any run in progress (before the database closes). */
  stop(): Promise<void>
}

/**
 * The sandbox bank: pays every pending withdrawal once it is `settleMs` old, except amounts
 * ending in 13 centavos (e.g. R$ 50,13), which it refuses, so both endings can be tried by hand.
 * With settleMs null it never acts on its own (tests settle explicitly).
 */
export class SandboxPayoutProcessor implements PayoutProcessor {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null

  constructor(
    private readonly deps: Deps,
    private readonly settleMs: number | null,
  ) {}

  submit(): void {
    // Nothing to send: the periodic run finds every pending withdrawal in the orders.
  }

  start(): void {
    if (this.settleMs === null || this.timer) return
    const every = Math.min(Math.max(this.settleMs, 1000), 30_000)
    this.timer = setInterval(() => void this.runOnce(), every)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  /** Settles what is due now; returns how many it settled. */
  async sweep(olderThanMs = this.settleMs ?? 0): Promise<number> {
    const due = await repo.pendingWithdrawals(this.deps.db, new Date(this.deps.now() - olderThanMs), 100)
    for (const w of due) {
      const outcome: PayoutOutcome = BigInt(w.amount) % 100n === 13n ? 'failed' : 'paid'
      await settleWithdrawal(this.deps, BigInt(w.id), outcome, outcome === 'failed' ? 'sandbox_refused' : null)
    }
    return due.length
  }

  private async runOnce(): Promise<void> {
    if (this.running) return
    this.running = this.sweep()
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.running = null
      })
  }
}
