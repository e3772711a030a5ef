import { randomBytes } from 'node:crypto'
import { z } from 'zod/mini'
import { centavosToText, reaisTextToCentavos } from '../../shared/money'
import { AppError } from '../http/AppError'
import type { Charge, PaymentEvent, PaymentProvider } from './PaymentProvider'
import { sign, SIGNATURE_HEADER, verify } from './signature'

/** Where the sandbox pay page lives: this same server, under /api so the dev proxy reaches it too. */
export const SANDBOX_PAGE_PREFIX = '/api/pay/sandbox/pix'

/**
 * The sandbox provider's webhook body. This is the provider's wire format, not ours: a real
 * provider's adapter reads its own format into a PaymentEvent the same way.
 */
/** Ids are visible ASCII: anything else (a NUL above all, which the database cannot store) is refused, not a 500. */
const providerId = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[\x21-\x7e]+$/))

const webhookSchema = z.strictObject({
  eventId: providerId(100),
  type: z.enum(['charge.paid', 'charge.expired']),
  payNo: providerId(64),
  amount: z.string().check(z.maxLength(20)),
  occurredAt: z.iso.datetime(),
})

export interface SandboxEvent {
  type: 'paid' | 'expired'
  payNo: string
  amount: bigint
  at: Date
  /** The same id again makes a replay of an earlier delivery. */
  eventId?: string
}

/**
 * A PIX provider that lives inside this server: its pay page shows a real BR Code and QR image,
 * and its "bank" button sends a signed webhook exactly as a real provider would.
 */
export class SandboxPixProvider implements PaymentProvider {
  readonly name = 'sandbox-pix'

  constructor(private readonly secret: string) {}

  async createCharge(charge: Charge): Promise<{ url: string }> {
    const lang = charge.locale ? `?lang=${encodeURIComponent(charge.locale)}` : ''
    return { url: `${SANDBOX_PAGE_PREFIX}/${charge.payNo}${lang}` }
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    if (!verify(this.secret, rawBody, headers[SIGNATURE_HEADER])) throw new AppError('WEBHOOK_SIGNATURE_INVALID')
    let json: unknown
    try {
      json = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw new AppError('WEBHOOK_REJECTED')
    }
    const parsed = webhookSchema.safeParse(json)
    if (!parsed.success) throw new AppError('WEBHOOK_REJECTED')
    const amount = reaisTextToCentavos(parsed.data.amount)
    if (amount === null) throw new AppError('WEBHOOK_REJECTED')
    return {
      eventId: parsed.data.eventId,
      payNo: parsed.data.payNo,
      type: parsed.data.type === 'charge.paid' ? 'paid' : 'expired',
      amount,
      at: new Date(parsed.data.occurredAt),
    }
  }

  /** The body and signature header the sandbox bank sends to the webhook. */
  signedWebhook(e: SandboxEvent): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({
      eventId: e.eventId ?? `evt_${randomBytes(12).toString('hex')}`,
      type: e.type === 'paid' ? 'charge.paid' : 'charge.expired',
      payNo: e.payNo,
      amount: centavosToText(e.amount),
      occurredAt: e.at.toISOString(),
    })
    return { body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(this.secret, body) } }
  }
}
