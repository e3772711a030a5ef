import type { Deps } from '../deps'
import { applyPaymentEvent, applyPixReturn } from '../deposits/service'
import * as repo from '../deposits/repository'
import { refundMoved } from '../deposits/returns'
import { pushWallet } from '../wallet/walletInfo'
import { DEFAULT_LOCALE } from '../../shared/locales'
import { translate } from '../i18n/messages'
import type { PaymentProvider } from './PaymentProvider'

export interface PixJobsLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Refunds advanced per run. */
const REFUND_BATCH = 50
/**
 * How far back the MED's returns are looked for, by the time of the Pix they take back: a MED
 * request may come up to 80 days after the Pix, its return after that; as long as payment events
 * are kept (the retention job).
 */
const MED_WINDOW_MS = 90 * 86_400_000

/**
 * The PIX rails' background work: reconciliation (the Pix received in the last hours, as the PSP
 * lists them, applied like webhooks: a payment the webhook missed is credited, exactly once, since
 * both go through the same end-to-end id), the MED's returns (the devoluções of nature
 * MED_OPERACIONAL or MED_FRAUDE of the Pix received in the last 90 days, each taken back from the
 * player once) and the refunds (asked of the PSP, then followed until they are final). Runs never
 * overlap.
 */
export class PixJobs {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<unknown> | null = null
  private stopped = false

  constructor(
    private readonly deps: Deps,
    private readonly provider: PaymentProvider,
    private readonly opts: { everyMs: number; windowMs: number },
    private readonly log: PixJobsLog,
  ) {}

  start(): void {
    if (this.timer || this.stopped || this.opts.everyMs <= 0) return
    this.timer = setInterval(() => void this.runOnce().catch(() => undefined), this.opts.everyMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.running?.catch(() => undefined)
  }

  /** Reconciliation, the MED's returns, then the refunds. */
  runOnce(): Promise<{ found: number; applied: number; credited: number; returned: number; refunds: number }> {
    return this.exclusive(async () => {
      const r = await this.reconcile()
      const returned = await this.medReturns()
      const refunds = await this.advanceRefunds()
      return { ...r, returned, refunds }
    })
  }

  /** Refunds only (a webhook said one moved, or one was just queued). */
  kick(): void {
    if (this.stopped) return
    void this.exclusive(() => this.advanceRefunds()).catch(() => undefined)
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.running ?? Promise.resolve()
    const next = before.catch(() => undefined).then(fn)
    this.running = next.finally(() => {
      if (this.running === settled) this.running = null
    })
    const settled = this.running
    return next
  }

  private async reconcile(): Promise<{ found: number; applied: number; credited: number }> {
    const to = new Date(this.deps.now())
    const from = new Date(to.getTime() - this.opts.windowMs)
    let events
    try {
      events = await this.provider.listReceived(from, to)
    } catch (err) {
      this.log.error({ err, provider: this.provider.name }, 'PIX reconciliation: the PSP could not list the Pix received; tried again at the next run')
      return { found: 0, applied: 0, credited: 0 }
    }
    // Only the Pix this server has not seen yet (by webhook or an earlier run): one query for the
    // whole list, not a transaction each. The window holds hours of payments, and each run used to
    // apply them all again as duplicates: on a busy book (the money simulator's 10^4 Pix in 40
    // minutes, listed every 15 s) that was most of the server's time.
    const known = await repo.knownPaymentEvents(this.deps.db, this.provider.name, events.map((e) => e.eventId))
    const unseen = events.filter((e) => !known.has(e.eventId))
    let credited = 0
    for (const event of unseen) {
      try {
        if ((await applyPaymentEvent(this.deps, this.provider, event)) === 'credited') credited++
      } catch (err) {
        this.log.error({ err, e2eId: event.eventId }, 'PIX reconciliation: a payment could not be applied; tried again at the next run')
      }
    }
    if (credited) this.log.warn({ provider: this.provider.name, credited }, 'PIX reconciliation credited payments whose webhook never came')
    return { found: events.length, applied: unseen.length, credited }
  }

  /** Books each settled MED return not booked before; returns how many it booked now. */
  private async medReturns(): Promise<number> {
    const to = new Date(this.deps.now())
    let returns
    try {
      returns = await this.provider.listReturns(new Date(to.getTime() - MED_WINDOW_MS), to)
    } catch (err) {
      this.log.error({ err, provider: this.provider.name }, 'PIX MED returns: the PSP could not list the returned Pix; tried again at the next run')
      return 0
    }
    let booked = 0
    for (const r of returns) {
      try {
        const outcome = await applyPixReturn(this.deps, this.provider, r)
        if (outcome === 'booked') {
          booked++
          this.log.warn({ e2eId: r.e2eId, devolucao: r.id, natureza: r.natureza }, 'PIX MED return taken back from the player who deposited it')
        } else if (outcome === 'not_credited') {
          this.log.error({ e2eId: r.e2eId, devolucao: r.id, natureza: r.natureza }, 'PIX MED return of a Pix never credited to anyone: a person must look')
        }
      } catch (err) {
        this.log.error({ err, e2eId: r.e2eId, devolucao: r.id }, 'PIX MED return could not be booked; tried again at the next run')
      }
    }
    return booked
  }

  private async advanceRefunds(): Promise<number> {
    const open = await repo.openRefunds(this.deps.db, this.provider.name, REFUND_BATCH)
    let done = 0
    for (const r of open) {
      try {
        const state = r.state === 'new' ? await this.provider.refund(r.e2e_id, r.id, BigInt(r.amount), refundWords(r.reason)) : await this.provider.refundState(r.e2e_id, r.id)
        // A final state once (refundMoved's guard); a return taken from a player's cash is settled on the ledger with it.
        const { backTo } = await refundMoved(this.deps, r, state.state, state.state === 'failed' ? state.reason : null)
        if (backTo !== null) {
          this.log.error({ refund: r.id, e2eId: r.e2e_id, reason: state.state === 'failed' ? state.reason : '' }, "PIX return refused by the PSP: the amount went back to the player's cash; it waits in the console's payments queue")
          await pushWallet(this.deps.db, this.deps.realtime, backTo).catch(() => undefined)
        } else if (state.state === 'failed') {
          this.log.error({ refund: r.id, e2eId: r.e2e_id, reason: state.reason }, 'PIX refund refused by the PSP: the money is still in our account; a person must return it')
        }
        if (state.state !== 'pending') done++
      } catch (err) {
        this.log.warn({ err, refund: r.id }, 'PIX refund step failed; tried again at the next run')
      }
    }
    return done
  }
}

/** What the payer's bank shows with a refund (its descricao): words in Portuguese, never our internal code (paid_twice...). */
export function refundWords(reason: string): string {
  const key = `pixRefund.${reason}`
  const words = translate(DEFAULT_LOCALE, key)
  return words === key ? translate(DEFAULT_LOCALE, 'pixRefund.other') : words
}
