import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { normalizeLocale } from '../../shared/locales'
import type { Deps } from '../deps'
import { applyPaymentEvent } from '../deposits/service'
import * as repo from '../deposits/repository'
import { AppError } from '../http/AppError'
import { framedPage } from '../http/securityHeaders'
import { recordId } from '../wallet/recordIds'
import { PAGE_SCRIPT, PAGE_STYLE, renderSandboxPage } from './sandboxPage'
import { SANDBOX_PAGE_PREFIX, SandboxPixProvider } from './SandboxPixProvider'

/** Where providers post their events: /api/pay/webhook/<provider name>. */
export const WEBHOOK_PREFIX = '/api/pay/webhook'

/**
 * The provider-facing routes. They are not calls of the contract (no session, the provider's
 * own formats): the webhook, whose signature covers the raw bytes of the body, and the sandbox
 * provider's pay page and "bank" button.
 */
export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    // The signature is over the exact bytes sent: keep them, parse only after verifying.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
    scope.post(`${WEBHOOK_PREFIX}/:provider`, async (request, reply) => {
      const provider = deps.payments
      if (!provider || provider.name !== (request.params as { provider: string }).provider) throw new AppError('NOT_FOUND')
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const event = provider.readWebhook(raw, request.headers)
      const outcome = await applyPaymentEvent(deps, provider, event)
      return reply.type('application/json; charset=utf-8').send({ status: 200, msg: '', data: { outcome } })
    })
  })

  const sandbox = deps.payments
  if (!(sandbox instanceof SandboxPixProvider)) return

  const pending = async (request: FastifyRequest) => {
    const { payNo } = request.params as { payNo: string }
    if (!/^[A-Z0-9]{1,32}$/.test(payNo)) throw new AppError('NOT_FOUND')
    const order = await repo.findDepositByPayNo(deps.db, sandbox.name, payNo)
    if (!order) throw new AppError('NOT_FOUND')
    const now = new Date(deps.now())
    // Found by its pay_no, so the order has that one.
    if (order.status === '00' && order.expires_at && new Date(order.expires_at) <= now) {
      await repo.expireDeposits(deps.db, BigInt(order.user_id), now)
      return { ...order, pay_no: payNo, status: '01' as const, close_reason: 'expired' }
    }
    return { ...order, pay_no: payNo }
  }
  // A repeated ?lang= arrives as an array: take the first, as the API's headers do.
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v)
  const localeOf = (request: FastifyRequest) => {
    const lang = first((request.query as { lang?: unknown }).lang) ?? first(request.headers.lang)
    return normalizeLocale(typeof lang === 'string' ? lang : undefined)
  }
  const backToPage = (reply: FastifyReply, payNo: string, locale: string) =>
    reply.code(303).header('location', `${SANDBOX_PAGE_PREFIX}/${payNo}?lang=${locale}`).send()

  // The app shows the pay page in its full-screen frame: only these routes may be framed (by the app itself).
  const framed = { helmet: framedPage(deps.config, { scripts: [PAGE_SCRIPT], styles: [PAGE_STYLE] }) }

  app.get(`${SANDBOX_PAGE_PREFIX}/:payNo`, framed, async (request, reply) => {
    const order = await pending(request)
    if (order.expires_at === null) throw new Error(`deposit ${order.id} was written without a deadline`)
    const html = await renderSandboxPage(
      {
        orderId: recordId('D', order.id),
        payNo: order.pay_no,
        amount: BigInt(order.amount),
        status: order.status,
        createdAt: new Date(order.created_at),
        expiresAt: new Date(order.expires_at),
        closeReason: order.close_reason,
      },
      localeOf(request),
      deps.now(),
    )
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  })

  // The bank's side: the player "pays", and the provider tells our webhook, signed, over HTTP.
  app.post(`${SANDBOX_PAGE_PREFIX}/:payNo/pay`, framed, async (request, reply) => {
    const order = await pending(request)
    const locale = localeOf(request)
    if (order.status !== '00') return backToPage(reply, order.pay_no, locale)
    const { body, headers } = sandbox.signedWebhook({ type: 'paid', payNo: order.pay_no, amount: BigInt(order.amount), at: new Date(deps.now()) })
    const res = await app.inject({ method: 'POST', url: `${WEBHOOK_PREFIX}/${sandbox.name}`, headers, payload: body })
    if (res.statusCode !== 200) request.log.error({ status: res.statusCode, body: res.body }, 'sandbox webhook refused')
    return backToPage(reply, order.pay_no, locale)
  })
}
