/**
 * A payment provider: opens a charge for a deposit order and reports, through its webhook and
 * when asked, the payments that arrived. The deposits service knows only this interface; the
 * API Pix adapter (ApiPixProvider) is the implementation, against a real PSP or the built-in
 * emulator.
 */

export interface Charge {
  /** Our order id, e.g. 'D100007'. */
  orderId: string
  /** Our payment number: the charge's txid at the PSP (26 to 35 letters and digits). */
  payNo: string
  /** Centavos. */
  amount: bigint
  expiresAt: Date
  createdAt: Date
  /** The player's language, for the pay page. */
  locale?: string
}

/** A payment that arrived, as the PSP tells it (webhook or reconciliation). */
export interface PaymentEvent {
  /** The payment's end-to-end id: the same payment told twice carries the same id. */
  eventId: string
  payNo: string
  type: 'paid'
  /** Centavos actually paid. */
  amount: bigint
  /** When the PSP processed it. */
  at: Date
  /** The payer's CPF (11 digits) or CNPJ (14) as the PSP recorded it, or null when it did not say. */
  payerTaxId: string | null
}

/**
 * A devolução of a received Pix that the payer's side started under the MED (Mecanismo Especial
 * de Devolução): API Pix Devolucao with natureza MED_OPERACIONAL (BE08, an operational failure) or
 * MED_FRAUDE (FR01, a well-founded suspicion of fraud). Our own refunds are natureza ORIGINAL.
 */
export interface PixReturn {
  /** The received Pix it takes money back from. */
  e2eId: string
  /** The devolução's id (unique per Pix) and its ReturnIdentification (pacs.004). */
  id: string
  rtrId: string
  natureza: 'MED_OPERACIONAL' | 'MED_FRAUDE'
  /** Centavos. */
  amount: bigint
  /** returned: DEVOLVIDO, the money left our account; failed: NAO_REALIZADO, it never did. */
  state: 'pending' | 'returned' | 'failed'
}

/** A refund's state at the PSP. */
export type RefundState = { state: 'pending' } | { state: 'returned' } | { state: 'failed'; reason: string }

/**
 * What a webhook call carries, once its secret is checked: the payments received (their end-to-end
 * ids: each is confirmed with the PSP's API before anything is credited), and, at PSPs that send,
 * payouts whose state changed.
 */
export interface WebhookNotice {
  payments: string[]
  /** Our payout ids (idEnvio) the PSP says moved: their state is asked again, never taken from the webhook. */
  payouts: string[]
  /** Refunds the PSP says reached a final state: asked again likewise. */
  refunds: { e2eId: string; id: string }[]
  /** Received Pix the PSP says a MED devolução took money back from: their devoluções are asked again likewise. */
  returns: string[]
}

export interface PaymentProvider {
  /** Its id in the orders table, e.g. 'apipix'. */
  readonly name: string
  /** Opens the charge; returns the page the player pays on (opened in a full-screen frame) and the charge's "copia e cola" code. */
  createCharge(charge: Charge): Promise<{ url: string; brCode: string }>
  /** Withdraws an open charge (the player cancelled the order), so no one can pay it any more. */
  cancelCharge(payNo: string): Promise<void>
  /**
   * Reads a webhook call. Throws AppError WEBHOOK_SIGNATURE_INVALID when the call does not carry
   * the webhook's secret, WEBHOOK_REJECTED for an unreadable body.
   */
  readWebhook(rawBody: Buffer, secret: string): WebhookNotice
  /** A received payment as the PSP's API tells it (GET /v2/pix/{e2eid}); null when the PSP knows no such Pix, or it is none of our charges'. */
  confirmPayment(e2eId: string): Promise<PaymentEvent | null>
  /** The payments received between two instants (reconciliation of webhooks that never came). */
  listReceived(from: Date, to: Date): Promise<PaymentEvent[]>
  /** The MED devoluções of the Pix received between two instants (the Pix's time, not the devolução's). */
  listReturns(from: Date, to: Date): Promise<PixReturn[]>
  /** The MED devoluções of one received Pix, as the PSP's API tells them (GET /v2/pix/{e2eid}); none when it knows no such Pix. */
  returnsOf(e2eId: string): Promise<PixReturn[]>
  /** Asks the PSP to return (part of) a payment; idempotent by `id`. */
  refund(e2eId: string, id: string, amount: bigint, reason: string): Promise<RefundState>
  /** A refund asked before. */
  refundState(e2eId: string, id: string): Promise<RefundState>
}
