import type { Payout, PayoutProvider, PayoutStatus } from '../PayoutProvider'
import { PspError, type PspClient } from './PspClient'
import { centavosToValor, efiSendReply, efiSentPix, type EfiSendBody } from './wire'

/**
 * Payouts through Efí's Pix send API (dev.efipay.com.br, "Envio de Pix"): PUT /v3/gn/pix/{idEnvio}
 * with our withdrawal id as idEnvio, GET /v2/gn/pix/enviados/id-envio/{idEnvio} for its state,
 * and Efí's webhook (tipo SOLICITACAO) telling us to ask. The payee is the player's own CPF (or
 * the company's CNPJ) as a Pix key, and Efí checks the key belongs to that document.
 */
export class EfiPayoutProvider implements PayoutProvider {
  readonly name = 'efi'

  constructor(
    private readonly client: PspClient,
    /** Our key, the one the money leaves from (pagador.chave; it must have the webhook registered). */
    private readonly chave: string,
    private readonly payerNote: (id: string) => string,
    /** Efí sends only from a key whose webhook is registered (it tells the outcome there). */
    private readonly ensureWebhook: () => Promise<void>,
  ) {}

  async send(payout: Payout): Promise<PayoutStatus> {
    // A USDT withdrawal has no Pix rail: refused, so the hold goes back to the player.
    if (payout.type === 'USDT') return { state: 'failed', reason: 'unsupported_method' }
    await this.ensureWebhook()
    const favorecido = payout.type === 'CPF' ? { chave: payout.account, cpf: payout.account } : { chave: payout.account, cnpj: payout.account }
    const body: EfiSendBody = { valor: centavosToValor(payout.amount), pagador: { chave: this.chave, infoPagador: this.payerNote(payout.id).slice(0, 140) }, favorecido }
    try {
      const data = await this.client.call('send Pix', 'PUT', `/v3/gn/pix/${payout.id}`, { body, ok: [200, 201], schema: efiSendReply })
      return statusOf(data.status, null)
    } catch (err) {
      if (!(err instanceof PspError)) throw err
      // Sent before (a lost answer, a restart): its state, not a second payment.
      if (err.status === 409) return this.status(payout.id)
      // Refused as asked (the key is not the player's, the payment denied by analysis): final.
      if (err.status === 400 || err.status === 422) return { state: 'failed', reason: reasonOf(err.body) }
      throw err
    }
  }

  async status(id: string): Promise<PayoutStatus> {
    const data = await this.client.call('sent Pix', 'GET', `/v2/gn/pix/enviados/id-envio/${id}`, { ok: [200], schema: efiSentPix })
    return statusOf(data.status, 'NAO_REALIZADO')
  }
}

function statusOf(status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO', reason: string | null): PayoutStatus {
  if (status === 'REALIZADO') return { state: 'paid' }
  if (status === 'NAO_REALIZADO') return { state: 'failed', reason: reason ?? 'NAO_REALIZADO' }
  return { state: 'pending' }
}

/** Efí's error code ({nome, mensagem}): a short code, never the message (it may name people). */
function reasonOf(body: unknown): string {
  const nome = typeof body === 'object' && body !== null && 'nome' in body ? String((body as { nome: unknown }).nome) : ''
  return /^[a-z_]{1,40}$/.test(nome) ? nome : 'refused'
}
