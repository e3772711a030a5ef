import type { Config } from '../config'
import { translate } from '../i18n/messages'
import { normalizeLocale } from '../../shared/locales'
import type { Db } from '../db/connection'
import type { PayoutProvider } from './PayoutProvider'
import { ApiPixProvider } from './apipix/ApiPixProvider'
import { EfiPayoutProvider } from './apipix/EfiPayoutProvider'
import { PspClient } from './apipix/PspClient'
import { EMULATOR_PREFIX, PspEmulator } from './emulator/PspEmulator'

/** Where the PSP posts its webhooks: {prefix}/<PAYMENT_WEBHOOK_SECRET>, then /pix as the standard appends it. */
export const WEBHOOK_PREFIX = '/api/pay/webhook/apipix'
/** The emulator's bank page, per charge (under /api so the dev proxy reaches it). */
export const SANDBOX_PAGE_PREFIX = '/api/pay/sandbox/pix'
/** Our own pay page, per order (a real PSP's charge: its QR code and "copia e cola"). */
export const PAY_PAGE_PREFIX = '/api/pay/pix'

export interface PixRails {
  payments: ApiPixProvider
  payouts: { provider: PayoutProvider; everyMs: number } | null
  client: PspClient
  /** The built-in PSP, when PIX_PROVIDER=sandbox. */
  emulator: PspEmulator | null
}

/**
 * The PIX rails PIX_PROVIDER names: the API Pix adapter and Efí's payouts, against a PSP at
 * PIX_BASE_URL or against the emulator on this same server (`selfUrl`: known once it listens).
 */
export function buildPixRails(
  config: Config,
  deps: { db: Db; now: () => number; selfUrl: () => string; log: { warn(obj: object, msg: string): void } },
): PixRails | null {
  const pix = config.wallet.pix
  if (pix.provider === null) return null
  const sandbox = pix.provider === 'sandbox'
  const { baseUrl: psp, tokenUrl } = pix
  // (Config refuses apipix without PIX_BASE_URL.) The sandbox is this server's emulator, or the proxy PIX_BASE_URL names in front of it.
  const baseUrl = psp === null ? () => `${deps.selfUrl()}${EMULATOR_PREFIX}` : () => psp
  const client = new PspClient({
    baseUrl,
    tokenUrl: tokenUrl === null ? undefined : () => tokenUrl,
    clientId: pix.clientId,
    clientSecret: pix.clientSecret,
    cert: pix.cert,
    key: pix.key,
    ca: pix.ca,
    timeoutMs: pix.timeoutMs,
    scope: pix.oauthScope,
    now: deps.now,
  })
  const secret = config.wallet.paymentWebhookSecret
  const emulator = sandbox
    ? new PspEmulator({ db: deps.db, now: deps.now, client: { id: pix.clientId, secret: pix.clientSecret }, chave: pix.chave, settleMs: config.wallet.payoutSandboxSettleMs, log: deps.log })
    : null
  const lang = (locale: string | undefined) => (locale ? `?lang=${encodeURIComponent(locale)}` : '')
  const payments = new ApiPixProvider(client, {
    name: sandbox ? 'pix-sandbox' : 'apipix',
    chave: pix.chave,
    webhookSecret: secret,
    webhookUrl: sandbox && pix.webhookUrl === null ? () => `${deps.selfUrl()}${WEBHOOK_PREFIX}/${encodeURIComponent(secret)}` : () => pix.webhookUrl,
    payPage: (payNo, locale) => `${sandbox ? SANDBOX_PAGE_PREFIX : PAY_PAGE_PREFIX}/${payNo}${lang(locale)}`,
    payerNote: (orderId, locale) => translate(normalizeLocale(locale), 'sandbox.order', { orderId }),
    merchant: pix.merchant,
    log: deps.log,
  })
  const payouts =
    pix.payouts === 'efi'
      ? { provider: new EfiPayoutProvider(client, pix.chave, (id) => translate('pt_BR', 'sandbox.payout', { id }), () => payments.ensureWebhook()), everyMs: Math.min(Math.max(config.wallet.payoutSandboxSettleMs ?? 30_000, 1000), 30_000) }
      : null
  return { payments, payouts, client, emulator }
}
