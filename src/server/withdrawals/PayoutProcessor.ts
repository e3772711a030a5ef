import type { Deps } from '../deps'
import type { Payout, PayoutProvider, PayoutStatus } from '../payments/PayoutProvider'
import { parseRecordId, recordId } from '../wallet/recordIds'
import * as repo from './repository'
import { settleWithdrawal } from './service'

/** Where the processor reports: the app's logger (pino), or anything with its three levels. */
export interface PayoutLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Pending withdrawals looked at per run, oldest first. */
const BATCH = 100

/**
 * Pays withdrawals out through the configured payout provider. Each pending withdrawal is sent
 * once per process with its record id as the idempotency id (so sending it again after a
 * restart is the same payout), then polled until it is final, then settled through
 * settleWithdrawal: paid, hold -> clearing; failed, hold -> cash (a withdrawal_refund), logged.
 * Pending withdrawals live in the orders, so nothing is lost across a restart.
 */
export class PayoutProcessor {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<number> | null = null
  /** Ids sent by this process: these are polled, the others sent. */
  private readonly sent = new Set<string>()
  /** Ids being sent or asked after right now (a submit can meet a run): one step at a time each. */
  private readonly busy = new Set<string>()
  private readonly submitting = new Set<Promise<void>>()
  private stopped = false

  constructor(
    private readonly deps: Deps,
    private readonly provider: PayoutProvider,
    private readonly log: PayoutLog,
    /** How often the pending withdrawals are looked at. */
    private readonly everyMs: number,
  ) {}

  /** A withdrawal was committed: send it now rather than at the next run. */
  submit(orderId: bigint): void {
    if (this.stopped) return
    const work = repo
      .pendingWithdrawal(this.deps.db, orderId)
      .then(async (w) => {
        if (w) await this.advance(w)
      })
      .catch((err) => {
        this.deps.metrics.payout('error')
        this.log.error({ err, withdrawal: recordId('W', orderId), provider: this.provider.name }, 'payout not sent; retried at the next run')
      })
      .finally(() => this.submitting.delete(work))
    this.submitting.add(work)
  }

  /** The PSP's webhook says this payout moved: its state is asked now (never taken from the webhook). */
  poke(withdrawalId: string): void {
    const parsed = parseRecordId(withdrawalId)
    if (parsed && parsed.source === 'W') this.submit(parsed.id)
  }

  start(): void {
    if (this.timer || this.stopped) return
    this.timer = setInterval(() => void this.runOnce().catch(() => undefined), this.everyMs)
    this.timer.unref()
  }

  /** Stops, after any run or send in progress (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await Promise.all([this.running?.catch(() => undefined), ...this.submitting])
  }

  /** One run over the pending withdrawals; returns how many it settled. Runs never overlap. */
  runOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.sweep().finally(() => {
        this.running = null
      })
    }
    return this.running
  }

  private async sweep(): Promise<number> {
    const due = await repo.pendingWithdrawals(this.deps.db, new Date(this.deps.now()), BATCH)
    let settled = 0
    for (const w of due) {
      try {
        if (await this.advance(w)) settled++
      } catch (err) {
        this.deps.metrics.payout('error')
        this.log.error({ err, withdrawal: recordId('W', w.id), provider: this.provider.name }, 'payout step failed; retried at the next run')
      }
    }
    return settled
  }

  /** Sends a withdrawal not sent yet, or asks after one sent; settles it when final. True when settled now. */
  private async advance(w: repo.PendingWithdrawal): Promise<boolean> {
    const id = recordId('W', w.id)
    if (this.busy.has(id)) return false
    this.busy.add(id)
    try {
      return await this.step(id, w)
    } finally {
      this.busy.delete(id)
    }
  }

  private async step(id: string, w: repo.PendingWithdrawal): Promise<boolean> {
    let status: PayoutStatus
    if (this.sent.has(id)) {
      try {
        status = await this.provider.status(id)
      } catch (err) {
        // The provider lost it (or we could not ask): send it again, the id makes that safe.
        this.sent.delete(id)
        throw err
      }
    } else {
      status = await this.provider.send(toPayout(id, w))
      this.sent.add(id)
    }
    if (status.state === 'pending') return false
    this.sent.delete(id)
    const reason = status.state === 'failed' ? status.reason : null
    await settleWithdrawal(this.deps, BigInt(w.id), status.state, reason)
    if (status.state === 'failed') {
      // The withdrawal id and the provider's reason code only: no name, account or amount of the player's.
      this.log.warn({ withdrawal: id, provider: this.provider.name, reason }, 'payout failed; the hold went back to the player')
    }
    return true
  }
}

function toPayout(id: string, w: repo.PendingWithdrawal): Payout {
  return {
    id,
    amount: BigInt(w.amount),
    type: w.pay_card_bank,
    account: w.pay_card_no,
    ifsc: w.ifsc,
    holderName: w.holder_name,
    requestedAt: new Date(w.created_at),
  }
}
