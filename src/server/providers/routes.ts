import type { FastifyInstance } from 'fastify'
import type { Deps } from '../deps'
import { PROVIDER_SIGNATURE_HEADER, verifyBody } from './signature'
import { Hub88Provider } from './hub88/Hub88Provider'
import { providerSecretOf } from './secrets'
import { walletCall, walletRequests, type WalletOp, type WalletReply } from './wallet'

/** Where providers call the operator's wallet: /api/provider/{providerCode}/wallet/{balance|bet|win|rollback}. */
export const PROVIDER_WALLET_PREFIX = '/api/provider'

/**
 * The provider-facing wallet API. Not calls of the contract (no player session, the providers'
 * own format): every reply is JSON with a status, HTTP 200 for the wallet's answers; the
 * signature covers the raw body, so the body is parsed only after it is verified. A body that is
 * not the call's shape answers 400 UNKNOWN_ERROR, never 500.
 */
export function providerWalletRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
    // Whatever fails before or inside a call answers in the providers' format too (a body too large: 413), never with internals.
    scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
      const client = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      if (!client) request.log.error({ err }, 'provider wallet call failed')
      return reply.code(client ? (err.statusCode as number) : 500).type('application/json; charset=utf-8').send({ status: 'UNKNOWN_ERROR', message: client ? 'bad request' : 'internal error' })
    })
    scope.post(`${PROVIDER_WALLET_PREFIX}/:code/wallet/:op`, async (request, reply) => {
      const { code, op } = request.params as { code: string; op: string }
      const send = (status: number, body: WalletReply) => reply.code(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send(body)
      if (!Object.hasOwn(walletRequests, op)) return send(404, { status: 'UNKNOWN_ERROR', message: 'unknown wallet call' })
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      // A code served through an aggregator (Hub88) takes its calls from the aggregator alone, signed
      // as the aggregator signs: a supplier behind it holding a secret cannot go around its rules.
      const secret = deps.providers.get(code) instanceof Hub88Provider ? null : providerSecretOf(deps.config, code)
      if (!secret || !verifyBody(secret, raw, request.headers[PROVIDER_SIGNATURE_HEADER])) return send(200, { status: 'INVALID_SIGNATURE' })
      let json: unknown
      try {
        json = JSON.parse(raw.toString('utf8'))
      } catch {
        return send(400, { status: 'UNKNOWN_ERROR', message: 'the body is not JSON' })
      }
      const parsed = walletRequests[op as WalletOp].safeParse(json)
      if (!parsed.success) return send(400, { status: 'UNKNOWN_ERROR', message: `bad ${parsed.error.issues[0]?.path.join('.') || 'body'}` })
      return send(200, await walletCall(deps, code, op as WalletOp, parsed.data as Record<string, unknown>, request.log))
    })
  })
}
