import type { Config } from '../config'
import type { PaymentProvider } from './PaymentProvider'
import { SandboxPixProvider } from './SandboxPixProvider'

/** The deposit provider PAYMENT_PROVIDER names (config refuses the sandbox outside demo mode). */
export function buildPaymentProvider(config: Config): PaymentProvider | null {
  return config.wallet.paymentProvider === 'sandbox' ? new SandboxPixProvider(config.wallet.paymentWebhookSecret) : null
}
