/**
 * A payment provider: opens a charge for a deposit order and reports, through its webhook,
 * what became of it. The deposits service knows only this interface; the sandbox PIX provider
 * is the one built in, and a real one (a PSP's PIX API) would be another implementation.
 */

export interface Charge {
  /** Our order id, e.g. 'D100007'. */
  orderId: string
  /** Our payment number: the provider's transaction id for this charge (at most 25 characters). */
  payNo: string
  /** Centavos. */
  amount: bigint
  expiresAt: Date
  /** The player's language, for the pay page. */
  locale?: string
}

/** What a webhook tells us, once verified. */
export interface PaymentEvent {
  /** The provider's id of the event: the same event delivered twice carries the same id. */
  eventId: string
  payNo: string
  /** paid: the money arrived; expired: the charge can no longer be paid. */
  type: 'paid' | 'expired'
  /** Centavos actually paid (for 'paid'). */
  amount: bigint
  /** When it happened at the provider (events may arrive out of order). */
  at: Date
}

export interface PaymentProvider {
  /** Its id in URLs and in the orders table, e.g. 'sandbox-pix'. */
  readonly name: string
  /** Opens the charge; returns the page the player pays on (opened in a full-screen frame). */
  createCharge(charge: Charge): Promise<{ url: string }>
  /**
   * Checks a webhook's signature over its raw body and reads it. Throws AppError
   * WEBHOOK_SIGNATURE_INVALID for a forged or damaged one, WEBHOOK_REJECTED for an unreadable one.
   */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent
}
