import { timingSafeEqual } from 'node:crypto'
import { AppError } from '../../AppError'
import type { Charge, PaymentEvent, PaymentProvider, PixReturn, RefundState, WebhookNotice } from '../PaymentProvider'
import { PspError, type PspClient } from './PspClient'
import { createDynamicPix, hasError } from 'pix-utils'
import { anyReply, centavosToValor, cobCompleta, devolucao, efiSentNotice, efiWebhookTest, MED_NATUREZAS, pix, pixConsultados, problemText, valorToCentavos, webhookBody, type CobSolicitada, type Devolucao, type Pix } from './wire'

export interface ApiPixOptions {
  /** In the orders table: 'apipix' for a PSP, 'pix-sandbox' for the emulator (their txids never meet). */
  name: string
  /** Our receiving key (chave). */
  chave: string
  /** The secret the webhook's address carries (PAYMENT_WEBHOOK_SECRET). */
  webhookSecret: string
  /** The address to register with the PSP for webhooks (without the /pix the PSP appends); null: registered by hand. */
  webhookUrl: () => string | null
  /** The page the player pays on: the emulator's bank page, or our own page with the charge's QR code. */
  payPage: (payNo: string, locale: string | undefined) => string
  /** What the payer's bank shows beside the charge. */
  payerNote: (orderId: string, locale: string | undefined) => string
  /** The receiver's name and city in a BR Code built here (PIX_MERCHANT_NAME, PIX_MERCHANT_CITY). */
  merchant: { name: string; city: string }
  log: { warn(obj: object, msg: string): void }
}

/** Received Pix asked per page when reconciling (the standard allows up to 1000). */
const PAGE_SIZE = 500
/** Pages read per reconciliation at most (500,000 Pix). */
const MAX_PAGES = 1000

/**
 * Deposits through the Banco Central's API Pix (any PSP that implements it: Efí, Itaú, Banco do
 * Brasil, Sicoob, Santander, ... and the built-in emulator): an immediate charge per order
 * (PUT /v2/cob/{txid}), the standard's webhook, reconciliation over GET /v2/pix, refunds over
 * PUT /v2/pix/{e2eid}/devolucao/{id}, and the MED's returns read from the devoluções of the Pix
 * received (GET /v2/pix?devolucaoPresente=true).
 */
export class ApiPixProvider implements PaymentProvider {
  readonly name: string
  private webhook: Promise<void> | null = null

  constructor(
    private readonly client: PspClient,
    private readonly o: ApiPixOptions,
  ) {
    this.name = o.name
  }

  /** Registers our webhook for the receiving key once per process (PUT /v2/webhook/{chave}); retried on the next charge after a failure. */
  ensureWebhook(): Promise<void> {
    const url = this.o.webhookUrl()
    if (url === null) return Promise.resolve()
    this.webhook ??= this.client
      .call('register webhook', 'PUT', `/v2/webhook/${encodeURIComponent(this.o.chave)}`, { body: { webhookUrl: url }, ok: [200, 201, 204], schema: anyReply })
      .then(() => undefined)
      .catch((err: unknown) => {
        this.webhook = null
        throw err
      })
    return this.webhook
  }

  async createCharge(charge: Charge): Promise<{ url: string; brCode: string }> {
    // Without the webhook the payment still arrives, found by reconciliation: a charge is not refused for it.
    await this.ensureWebhook().catch((err: unknown) => this.o.log.warn({ err }, 'PIX webhook not registered; payments will be found by reconciliation'))
    const seconds = Math.max(1, Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000))
    const body: CobSolicitada = {
      calendario: { expiracao: seconds },
      valor: { original: centavosToValor(charge.amount), modalidadeAlteracao: 0 },
      chave: this.o.chave,
      solicitacaoPagador: this.o.payerNote(charge.orderId, charge.locale).slice(0, 140),
    }
    const data = await this.client.call('create charge', 'PUT', `/v2/cob/${charge.payNo}`, { body, ok: [200, 201], schema: cobCompleta })
    if (data.txid !== charge.payNo || valorToCentavos(data.valor.original) !== charge.amount) {
      throw new Error(`create charge: the PSP answered another charge (txid ${data.txid})`)
    }
    // pixCopiaECola is optional in the standard: without it the code is built from the charge's location.
    const brCode = data.pixCopiaECola ?? this.codeOf(data.location ?? data.loc?.location)
    if (!brCode) throw new Error(`create charge: the PSP answered neither a code nor a location to pay (txid ${data.txid})`)
    return { url: this.o.payPage(charge.payNo, charge.locale), brCode }
  }

  /** A dynamic charge's BR Code (its "copia e cola") from its payload location, or null without one. */
  private codeOf(location: string | undefined): string | null {
    if (!location) return null
    const code = createDynamicPix({ merchantName: this.o.merchant.name, merchantCity: this.o.merchant.city, url: location.replace(/^https?:\/\//, '') })
    return hasError(code) ? null : code.toBRCode()
  }

  async cancelCharge(payNo: string): Promise<void> {
    await this.client.call('cancel charge', 'PATCH', `/v2/cob/${payNo}`, { body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }, ok: [200], schema: anyReply })
  }

  readWebhook(rawBody: Buffer, secret: string): WebhookNotice {
    const want = Buffer.from(this.o.webhookSecret)
    const got = Buffer.from(secret)
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new AppError('WEBHOOK_SIGNATURE_INVALID')
    let json: unknown
    try {
      json = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw new AppError('WEBHOOK_REJECTED')
    }
    const notice: WebhookNotice = { payments: [], payouts: [], refunds: [], returns: [] }
    // Efí checks a webhook it registers with a test call: answered 200, carrying nothing.
    if (efiWebhookTest.safeParse(json).success) return notice
    const body = webhookBody.safeParse(json)
    if (!body.success) throw new AppError('WEBHOOK_REJECTED')
    for (const item of body.data.pix) {
      const sent = efiSentNotice.safeParse(item)
      if (sent.success) {
        notice.payouts.push(sent.data.gnExtras.idEnvio)
        continue
      }
      const received = pix.safeParse(item)
      if (!received.success) throw new AppError('WEBHOOK_REJECTED')
      if (received.data.txid) notice.payments.push(received.data.endToEndId)
      for (const d of received.data.devolucoes ?? []) {
        if (d.status === 'EM_PROCESSAMENTO') continue
        // The MED's returns are the payer's side's, not refunds of ours.
        if (isMed(d.natureza)) {
          if (!notice.returns.includes(received.data.endToEndId)) notice.returns.push(received.data.endToEndId)
        } else notice.refunds.push({ e2eId: received.data.endToEndId, id: d.id })
      }
    }
    return notice
  }

  async confirmPayment(e2eId: string): Promise<PaymentEvent | null> {
    try {
      const data = await this.client.call('received Pix', 'GET', `/v2/pix/${e2eId}`, { ok: [200], schema: pix })
      return data.endToEndId === e2eId ? paymentOf(data) : null
    } catch (err) {
      if (err instanceof PspError && err.status === 404) return null
      throw err
    }
  }

  async listReceived(from: Date, to: Date): Promise<PaymentEvent[]> {
    const out: PaymentEvent[] = []
    for await (const p of this.received('list received Pix', from, to, {})) {
      const event = paymentOf(p)
      if (event) out.push(event)
    }
    return out
  }

  async listReturns(from: Date, to: Date): Promise<PixReturn[]> {
    const out: PixReturn[] = []
    for await (const p of this.received('list returned Pix', from, to, { devolucaoPresente: 'true' })) out.push(...medReturnsOf(p))
    return out
  }

  async returnsOf(e2eId: string): Promise<PixReturn[]> {
    try {
      const data = await this.client.call('received Pix', 'GET', `/v2/pix/${e2eId}`, { ok: [200], schema: pix })
      return data.endToEndId === e2eId ? medReturnsOf(data) : []
    } catch (err) {
      if (err instanceof PspError && err.status === 404) return []
      throw err
    }
  }

  /** GET /v2/pix over [from, to], every page: the Pix received for our charges (txIdPresente). */
  private async *received(what: string, from: Date, to: Date, filter: Record<string, string>): AsyncGenerator<Pix> {
    for (let page = 0; page < MAX_PAGES; page++) {
      const q = new URLSearchParams({
        inicio: from.toISOString(),
        fim: to.toISOString(),
        txIdPresente: 'true',
        ...filter,
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(PAGE_SIZE),
      })
      const data = await this.client.call(what, 'GET', `/v2/pix?${q}`, { ok: [200], schema: pixConsultados })
      yield* data.pix
      if (page + 1 >= data.parametros.paginacao.quantidadeDePaginas) break
    }
  }

  async refund(e2eId: string, id: string, amount: bigint, reason: string): Promise<RefundState> {
    try {
      const data = await this.client.call('refund', 'PUT', `/v2/pix/${e2eId}/devolucao/${id}`, {
        body: { valor: centavosToValor(amount), natureza: 'ORIGINAL', descricao: reason.slice(0, 140) },
        ok: [200, 201],
        schema: devolucao,
      })
      return refundStateOf(data)
    } catch (err) {
      if (!(err instanceof PspError) || err.status !== 400) throw err
      // The standard answers 400 to an id used before (an earlier attempt whose answer was lost did
      // reach the PSP: its state is read back), and to a refund it refuses (past its deadline, more
      // than the Pix...): that one has no state to read, and fails here, once, for a person to return.
      try {
        return await this.refundState(e2eId, id)
      } catch (again) {
        if (again instanceof PspError && again.status === 404) return { state: 'failed', reason: problemText(err.body) }
        throw again
      }
    }
  }

  async refundState(e2eId: string, id: string): Promise<RefundState> {
    return refundStateOf(await this.client.call('refund state', 'GET', `/v2/pix/${e2eId}/devolucao/${id}`, { ok: [200], schema: devolucao }))
  }
}

/** A received Pix as a payment of one of our charges; one without a txid (a plain key transfer) is none of ours. */
function paymentOf(p: Pix): PaymentEvent | null {
  // (A Pix of R$ 0,00 only exists as a Pix Saque's charge, which we never make.)
  if (!p.txid || valorToCentavos(p.valor) <= 0n) return null
  const payerTaxId = p.pagador?.cpf ?? p.pagador?.cnpj ?? null
  return { eventId: p.endToEndId, payNo: p.txid, type: 'paid', amount: valorToCentavos(p.valor), at: new Date(p.horario), payerTaxId }
}

const isMed = (natureza: string | undefined) => MED_NATUREZAS.some((n) => n === natureza)

/** A received Pix's devoluções of the MED's natures (the others are refunds of ours, or Pix Saque's). */
function medReturnsOf(p: Pix): PixReturn[] {
  const out: PixReturn[] = []
  for (const d of p.devolucoes ?? []) {
    const natureza = MED_NATUREZAS.find((n) => n === d.natureza)
    if (natureza) out.push({ e2eId: p.endToEndId, id: d.id, rtrId: d.rtrId, natureza, amount: valorToCentavos(d.valor), state: refundStateOf(d).state })
  }
  return out
}

function refundStateOf(d: Devolucao): RefundState {
  if (d.status === 'DEVOLVIDO') return { state: 'returned' }
  if (d.status === 'NAO_REALIZADO') return { state: 'failed', reason: (d.motivo ?? 'NAO_REALIZADO').slice(0, 140) }
  return { state: 'pending' }
}
