import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DbError } from '../../src/server/db/connection'
import { redactUrl } from '../../src/server/http/logging'
import { SOCKET_PATH } from '../../src/shared/contract/socket'
import { startTestApp, type TestApp, logCapture } from './testApp'
import { listen, newPlayer, socketFor, waitFor, type Player } from './walletHelpers'

/**
 * What the server writes to its log: never a session token (the socket's is in its URL), never
 * a header's credentials, never a failed query's parameters or refused row.
 */

let t: TestApp
let player: Player
let base: string
const captured = logCapture()
const log = () => captured.text()

const SECRET_PARAM = 'secret-param-7f3a'
const SECRET_EMAIL = 'secret.row.91c2@example.com'
/** Refused for its NULL password; the driver's error carries the whole row in `detail`. */
const REFUSED_ROW = "INSERT INTO users (email, password_hash, yqm) VALUES ($1, NULL, 'yqm-secret')"

beforeAll(async () => {
  t = await startTestApp({}, { LOG: '1' }, { logStream: captured.stream, listen: false })
  // Two routes that fail the way a bug would: a query refused with a parameter in it, and an
  // error object that carries what a driver error carries.
  t.app.get('/api/test/failing-query', async () => {
    await t.db.query('SELECT $1::bigint', [SECRET_PARAM])
  })
  t.app.get('/api/test/failing-unique', async () => {
    await t.db.query(REFUSED_ROW, [SECRET_EMAIL])
  })
  t.app.get('/api/test/driver-error', async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (email)=(${SECRET_EMAIL}) already exists.`,
      params: [SECRET_EMAIL],
      parameters: [SECRET_EMAIL],
    })
  })
  player = await newPlayer(t)
  base = await listen(t)
})
afterAll(() => t.close())

describe('the log', () => {
  it('redacts credentials in a URL, and only them', () => {
    expect(redactUrl('/gamecenter-siop/?EIO=4&transport=websocket&token=abc.def')).toBe('/gamecenter-siop/?EIO=4&transport=websocket&token=[redacted]')
    expect(redactUrl('/x?Token=abc&b=1&access_token=z#f')).toBe('/x?Token=[redacted]&b=1&access_token=[redacted]#f')
    // The PIX webhook's secret is a path segment.
    expect(redactUrl('/api/pay/webhook/apipix/s3cr3t-value/pix')).toBe('/api/pay/webhook/apipix/[redacted]/pix')
    expect(redactUrl('/api/pay/webhook/apipix/s3cr3t-value?ignorar=')).toBe('/api/pay/webhook/apipix/[redacted]?ignorar=')
    expect(redactUrl('/api/app/order/records?page=2&type=10')).toBe('/api/app/order/records?page=2&type=10')
    // A CPF or CNPJ, bare or written out, wherever it is; the PSP's webhook registration's PIX key.
    expect(redactUrl('/x/52998224725?c=529.982.247-25&j=11.222.333/0001-81&n=11222333000181')).toBe('/x/[cpf]?c=[cpf]&j=[cpf]&n=[cpf]')
    expect(redactUrl('/psp-sandbox/v2/webhook/pix@aposta.example')).toBe('/psp-sandbox/v2/webhook/[redacted]')
    // Other numbers stay: ids, pages, a 12-digit run.
    expect(redactUrl('/api/app/casino/bets/1234567890?page=3&n=123456789012')).toBe('/api/app/casino/bets/1234567890?page=3&n=123456789012')
  })

  it('writes the PIX webhook\'s requests without the secret of their address', async () => {
    const secret = t.config.wallet.paymentWebhookSecret
    const before = log().length
    const res = await t.app.inject({ method: 'POST', url: `/api/pay/webhook/apipix/${secret}/pix`, headers: { 'content-type': 'application/json' }, payload: '{"pix":[]}' })
    expect(res.statusCode).toBe(422)
    await waitFor(() => log().slice(before).includes('/api/pay/webhook/apipix/[redacted]/pix'))
    expect(log().slice(before)).not.toContain(secret)
  })

  it('writes requests without the token of their URL or their authorization header', async () => {
    const before = log().length
    const res = await t.app.inject({ method: 'GET', url: `/api/app/user/userInfo?token=${player.token}`, headers: { authorization: player.token } })
    expect(res.statusCode).toBe(400) // an unknown query field; what matters is what was logged
    await t.app.inject({ method: 'GET', url: `/gamecenter-siop?token=${player.token}` })
    await waitFor(() => log().slice(before).includes('request completed') && log().slice(before).includes('gamecenter-siop'))
    const written = log().slice(before)
    expect(written).toContain('token=[redacted]')
    expect(written).not.toContain(player.token)
  })

  it('never writes the socket token, whether the socket connects or is refused', async () => {
    const before = log().length
    const socket = await socketFor(base, player.token)
    socket.close()
    const refused = await fetch(`${base}${SOCKET_PATH}/?EIO=4&transport=polling&token=${player.token}`)
    await refused.arrayBuffer()
    // A request that did reach fastify's log proves the log is being written.
    await fetch(`${base}/api/app/main/main?token=${player.token}`)
    await waitFor(() => log().slice(before).includes('/api/app/main/main'))
    expect(log().slice(before)).not.toContain(player.token)
  })

  it('a failed query leaves the database layer as SQLSTATE and message only', async () => {
    const err = await t.db.query('SELECT $1::bigint', [SECRET_PARAM]).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(DbError)
    expect((err as DbError).code).toBe('22P02')
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).not.toContain(SECRET_PARAM)
    const refused = await t.db.tx((q) => q.query(REFUSED_ROW, [SECRET_EMAIL])).then(
      () => null,
      (e: unknown) => e as DbError,
    )
    expect(refused).toBeInstanceOf(DbError)
    expect(refused!.code).toBe('23502')
    expect(Object.keys(refused!)).not.toContain('detail')
    expect(JSON.stringify({ ...refused, message: refused!.message })).not.toMatch(/secret/)
  })

  it('logs a failed query and a driver-like error without parameters or the refused row', async () => {
    const before = log().length
    for (const url of ['/api/test/failing-query', '/api/test/failing-unique', '/api/test/driver-error']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(500)
      expect(res.body, url).not.toMatch(/secret|SELECT|INSERT/i)
    }
    await waitFor(() => (log().slice(before).match(/unhandled error/g) ?? []).length === 3)
    const written = log().slice(before)
    expect(written).toContain('22P02')
    expect(written).toContain('23502')
    expect(written).toContain('23505')
    for (const secret of [SECRET_PARAM, SECRET_EMAIL, 'yqm-secret', 'params', 'parameters', 'detail']) expect(written).not.toContain(secret)
  })
})
