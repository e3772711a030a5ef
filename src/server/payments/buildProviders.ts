import type { Config } from '../config'
import type { PaymentProvider } from './PaymentProvider'
import type { PayoutProvider } from './PayoutProvider'
import { SandboxPayoutProvider } from './SandboxPayoutProvider'
import { SandboxPixProvider } from './SandboxPixProvider'

/** The deposit provider PAYMENT_PROVIDER names (config refuses the sandbox outside demo mode). */
export function buildPaymentProvider(config: Config): PaymentProvider | null {
  return config.wallet.paymentProvider === 'sandbox' ? new SandboxPixProvider(config.wallet.paymentWebhookSecret) : null
}

/**
 * The payout provider and how often its processor runs. Only the sandbox exists today, and only
 * with the simulated payments on and a settle time (PAYOUT_SANDBOX_SETTLE_SECONDS=off: tests settle
 * withdrawals themselves); without one, no processor runs and withdrawals stay pending.
 */
export function buildPayoutProvider(config: Config, now: () => number): { provider: PayoutProvider; everyMs: number } | null {
  const settleMs = config.wallet.payoutSandboxSettleMs
  if (!config.wallet.sandboxPayments || settleMs === null) return null
  return { provider: new SandboxPayoutProvider({ settleMs, now }), everyMs: Math.min(Math.max(settleMs, 1000), 30_000) }
}
