import type { CaptchaService } from './auth/captcha'
import type { PasswordHasher } from './auth/passwords'
import type { RateLimiter } from './auth/RateLimiter'
import type { SessionStore } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/connection'
import type { Mailer } from './mail/Mailer'
import type { Metrics } from './ops/metrics'
import type { KycProvider } from './kyc/KycProvider'
import type { PaymentProvider } from './payments/PaymentProvider'
import type { Realtime } from './realtime/realtime'

/** What the domains share; built once in buildApp. */
import type { GameProvider } from './providers/registry'

export interface Deps {
  config: Config
  db: Db
  now: () => number
  sessions: SessionStore
  captcha: CaptchaService
  hasher: PasswordHasher
  limiter: RateLimiter
  mailer: Mailer
  realtime: Realtime
  /** The deposit provider; null when none is configured (prePay answers UNAVAILABLE). */
  payments: PaymentProvider | null
  /** Where a committed withdrawal is handed for payout; null when no payout provider runs (withdrawals stay pending). */
  payouts: PayoutQueue | null
  /** The game providers by code (GAME_PROVIDERS). */
  providers: ReadonlyMap<string, GameProvider>
  /** The PIX rails' reconciliation and refunds; null without a deposit provider. */
  pixJobs: { kick(): void } | null
  /** The identity check updateKyc asks before verifying an account (KYC_PROVIDER); null when none is configured. */
  kyc: KycProvider | null
  /** The operators' counters (ops/Metrics.ts): each domain counts what it alone knows; a no-op without METRICS_TOKEN. */
  metrics: Metrics
}

/** What the withdrawal routes need of the payout processor (declared here so deps and the processor do not import each other). */
interface PayoutQueue {
  submit(orderId: bigint): void
  /** The PSP says a payout (our withdrawal record id) moved: ask its state now. */
  poke(withdrawalId: string): void
}
