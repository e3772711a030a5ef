/**
 * A payout provider: sends a withdrawal's money to the player's account and tells us what became
 * of it. The payout processor knows only this interface; the sandbox bank is the one built in, and
 * a real one (a PSP's PIX payout API) would be another implementation.
 */

export interface Payout {
  /**
   * Our withdrawal's record id, e.g. 'W100007', and the provider's idempotency key: sending the
   * same id again (after a restart, or a timeout) is the same payout, never a second one.
   */
  id: string
  /** Centavos. */
  amount: bigint
  /** The destination as the player gave it (withdrawals/checks.ts). */
  type: 'CPF' | 'CNPJ' | 'USDT'
  account: string
  ifsc: string
  holderName: string
  /** When the player asked for it. */
  requestedAt: Date
}

/** Where a payout stands at the provider. paid and failed are final. */
export type PayoutStatus =
  | { state: 'pending' }
  | { state: 'paid' }
  /** `reason`: a short code of the provider's (no personal data), kept as the withdrawal's close reason. */
  | { state: 'failed'; reason: string }

export interface PayoutProvider {
  /** Its id in logs, e.g. 'sandbox'. */
  readonly name: string
  /** Asks for the payout; idempotent by `payout.id`. Throws when the provider could not be reached. */
  send(payout: Payout): Promise<PayoutStatus>
  /** Where a payout sent before stands. Throws when the provider could not be reached or does not know it. */
  status(id: string): Promise<PayoutStatus>
}
