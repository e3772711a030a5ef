import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { normalizeLocale } from '../../shared/locales'
import type { Deps } from '../deps'
import { applyPaymentEvent, applyPixReturn } from '../deposits/service'
import * as repo from '../deposits/repository'
import { AppError } from '../AppError'
import { framedPage } from '../http/securityHeaders'
import { translate } from '../i18n/messages'
import { recordId } from '../wallet/recordIds'
import { PAY_PAGE_PREFIX, SANDBOX_PAGE_PREFIX, WEBHOOK_PREFIX } from './buildProviders'
import type { PspEmulator } from './emulator/PspEmulator'
import { PAGE_SCRIPT, PAGE_STYLE, renderPayPage, type PayView } from './pixPage'

/** Our ids in addresses: capitals and digits (a payNo, a txid). */
const ID = /^[A-Za-z0-9]{1,35}$/

/**
 * The PSP-facing and payer-facing routes. They are not calls of the contract (no session, the
 * standard's formats): the webhook (the secret in its address, the raw body read only after it
 * is checked), our own pay page, and the emulator's API and bank page when it runs here.
 */
export function paymentRoutes(app: FastifyInstance, deps: Deps, emulator: PspEmulator | null): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body))
    const webhook = async (request: FastifyRequest, reply: FastifyReply) => {
      const provider = deps.payments
      if (!provider) throw new AppError('NOT_FOUND')
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      let notice
      try {
        notice = provider.readWebhook(raw, (request.params as { secret: string }).secret)
      } catch (err) {
        deps.metrics.webhook('refused')
        throw err
      }
      const outcomes: string[] = []
      // Never credited on the webhook's word: each payment is read back from the PSP's API.
      for (const e2eId of notice.payments) {
        const event = await provider.confirmPayment(e2eId)
        if (event) outcomes.push(await applyPaymentEvent(deps, provider, event))
        else {
          deps.metrics.webhook('unknown')
          request.log.warn({ e2eId }, 'PIX webhook named a payment the PSP does not know: ignored')
        }
      }
      // A MED return is booked from what the PSP's API says of the Pix; one that fails here is booked by the next reconciliation.
      for (const e2eId of notice.returns) {
        try {
          for (const r of await provider.returnsOf(e2eId)) outcomes.push(await applyPixReturn(deps, provider, r))
        } catch (err) {
          request.log.error({ err, e2eId }, 'PIX MED return named by the webhook not booked; reconciliation will')
        }
      }
      for (const o of outcomes) deps.metrics.webhook(o)
      if (notice.refunds.length || outcomes.includes('refund')) deps.pixJobs?.kick()
      for (const id of notice.payouts) deps.payouts?.poke(id)
      return reply.type('application/json; charset=utf-8').send({ status: 200, msg: '', data: { outcomes } })
    }
    // The standard appends /pix to the registered address; Efí's test call comes without it.
    scope.post(`${WEBHOOK_PREFIX}/:secret`, webhook)
    scope.post(`${WEBHOOK_PREFIX}/:secret/pix`, webhook)
  })

  // The pay pages are shown in the app's full-screen frame: only they may be framed (by the app itself).
  const framed = { helmet: framedPage(deps.config, { scripts: [PAGE_SCRIPT], styles: [PAGE_STYLE] }) }
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v)
  const localeOf = (request: FastifyRequest) => {
    const lang = first((request.query as { lang?: unknown }).lang) ?? first(request.headers.lang)
    return normalizeLocale(typeof lang === 'string' ? lang : undefined)
  }
  const send = async (reply: FastifyReply, view: PayView, request: FastifyRequest) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await renderPayPage(view, localeOf(request), deps.now()))

  // Our own pay page (a real PSP's charge): the order's amount, QR code and "copia e cola", the time left.
  app.get(`${PAY_PAGE_PREFIX}/:payNo`, framed, async (request, reply) => {
    const { payNo } = request.params as { payNo: string }
    const provider = deps.payments
    if (!provider || !ID.test(payNo)) throw new AppError('NOT_FOUND')
    const order = await repo.findDepositByPayNo(deps.db, provider.name, payNo)
    if (!order || !order.pay_code || !order.expires_at) throw new AppError('NOT_FOUND')
    const expired = order.status === '00' && new Date(order.expires_at).getTime() <= deps.now()
    const state = order.status === '10' ? 'paid' : order.status === '00' && !expired ? 'open' : order.close_reason === 'cancelled' ? 'cancelled' : 'expired'
    const view: PayView = {
      note: translate(localeOf(request), 'sandbox.order', { orderId: recordId('D', order.id) }),
      amount: BigInt(order.amount),
      state,
      createdAt: new Date(order.created_at),
      expiresAt: new Date(order.expires_at),
      brCode: order.pay_code,
      payAction: null,
    }
    return send(reply, view, request)
  })

  if (!emulator) return
  emulator.routes(app)
  /** The CPF of the player whose deposit the charge is (the bank page's default payer), or ''. */
  const playerCpf = async (txid: string) => {
    const r = await deps.db.query<{ card_no: string }>('SELECT u.card_no FROM orders o JOIN users u ON u.id = o.user_id WHERE o.pay_no = $1 AND o.type = 10', [txid])
    return r.rows[0]?.card_no ?? ''
  }

  // The emulator's bank page: the charge as the payer's bank shows it, and its 'Pagar' button.
  app.get(`${SANDBOX_PAGE_PREFIX}/:txid`, framed, async (request, reply) => {
    const { txid } = request.params as { txid: string }
    const cob = ID.test(txid) ? await emulator.cob(txid) : null
    if (!cob) throw new AppError('NOT_FOUND')
    const createdAt = new Date(cob.criacao)
    const state = cob.status === 'CONCLUIDA' ? 'paid' : cob.status !== 'ATIVA' ? 'cancelled' : emulator.cobExpired(cob) ? 'expired' : 'open'
    const locale = localeOf(request)
    const view: PayView = {
      note: cob.solicitacao ?? '',
      amount: BigInt(cob.valor),
      state,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + cob.expiracao * 1000),
      brCode: cob.br_code,
      payAction: `./${txid}/pay?lang=${locale}`,
      payerCpf: await playerCpf(txid),
    }
    return send(reply, view, request)
  })

  // The payer's bank pays: the emulator records the Pix and tells our webhook, as a PSP would.
  app.post(`${SANDBOX_PAGE_PREFIX}/:txid/pay`, framed, async (request, reply) => {
    const { txid } = request.params as { txid: string }
    if (!ID.test(txid)) throw new AppError('NOT_FOUND')
    // The payer: the CPF typed on the page (the player's own unless changed), only its digits.
    const typed = String((request.body as { pagadorCpf?: unknown } | undefined)?.pagadorCpf ?? '').replace(/\D/g, '')
    const paid = await emulator.pay(txid, typed.length === 11 ? { payer: { cpf: typed, nome: '' } } : {})
    if (paid.outcome === 'unknown') throw new AppError('NOT_FOUND')
    return reply.code(303).header('location', `${SANDBOX_PAGE_PREFIX}/${txid}?lang=${localeOf(request)}`).send()
  })
}
