import { hasError, parsePix } from 'pix-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { SIGNATURE_HEADER } from '../../src/server/payments/signature'
import { centavosOf } from '../centavos'
import { call, snapshotDb, startTestApp, type TestApp } from './testApp'
import {
  balances, callKeyed, checkLedgerAfterEach, deposit, freshCpf, listen, newPlayer, packagePrice, pkg100, prePay, recorder, sendWebhook, socketFor, verifiedPlayer, waitFor,
  type ClientSocket,
} from './walletHelpers'

let t: TestApp
let base: string
const sockets: ClientSocket[] = []
beforeAll(async () => {
  t = await startTestApp()
  base = await listen(t)
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const orderStatus = async (token: string, orderId: string) => (await call(t, calls.getStatus, { token, params: { orderId } })).body

describe('deposit packages', () => {
  it('lists the normal packages, with one priced 100 among BRL, and the INSBRL and EXPPAY lists on request', async () => {
    const p = await newPlayer(t)
    const all = (await call(t, calls.getPrices, { token: p.token })).body.data as { pkgId: number; price: number; gift: number; curreny: string; sort: number }[]
    expect(new Set(all.map((x) => x.curreny))).toEqual(new Set(['BRL', 'EXTPAY', 'BTBRL', 'FCBRL']))
    expect(all.filter((x) => x.curreny === 'BRL' && x.price === 100)).toHaveLength(1)
    // Prices and gifts are whole centavos (at most two decimals on the wire).
    expect(all.every((x) => centavosOf(x.price) > 0n && centavosOf(x.gift) >= 0n)).toBe(true)
    const ins = (await call(t, calls.getPrices, { token: p.token, query: { curreny: 'INSBRL' } })).body.data as { curreny: string }[]
    expect(ins.length).toBeGreaterThanOrEqual(4)
    expect(ins.every((x) => x.curreny === 'INSBRL')).toBe(true)
    const boost = (await call(t, calls.getPrices, { token: p.token, query: { curreny: 'EXPPAY' } })).body.data as { curreny: string }[]
    expect(boost.length).toBeGreaterThanOrEqual(1)
    expect(boost.every((x) => x.curreny === 'EXPPAY')).toBe(true)
    expect((await call(t, calls.getPrices, { token: p.token, query: { curreny: 'XYZ' } })).http).toBe(400)
    expect((await call(t, calls.getPrices, {})).http).toBe(401)
  })
})

describe('prePay and order status', () => {
  it('opens one order with a pay page; a second is refused with the spec message in every language', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const first = await prePay(t, p.token, pkgId)
    expect(first.body.status).toBe(200)
    expect(first.body.data.orderId).toMatch(/^D\d+$/)
    expect(first.body.data.payNo).toMatch(/^[A-Z0-9]{24}$/)
    expect(first.body.data.url).toBe(`/api/pay/sandbox/pix/${first.body.data.payNo}?lang=pt_BR`)
    expect((await orderStatus(p.token, first.body.data.orderId)).data).toEqual({ status: '00' })
    const second = await prePay(t, p.token, pkgId)
    expect([second.http, second.body.status]).toEqual([409, 3002])
    expect(second.body.msg).toBe('Você já tem um pedido de pagamento. Conclua ou cancele o pedido anterior')
    const en = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: 1, pkgId, isapp: 0 }, headers: { lang: 'en_US' } })
    expect(en.body.msg).toBe('You already have a payment order, please complete or cancel the previous order')
    const zh = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: 1 }, headers: { lang: 'zh_CN' } })
    expect(zh.body.msg).toBe('您已有一笔支付订单，请完成或取消之前的订单')
    // Cancelling frees the slot.
    const cancel = await call(t, calls.cancelPay, { token: p.token, params: { orderId: first.body.data.orderId }, body: {} })
    expect(cancel.body).toMatchObject({ status: 200, msg: 'Pedido cancelado', data: { status: '01' } })
    expect((await orderStatus(p.token, first.body.data.orderId)).data).toEqual({ status: '01' })
    expect((await prePay(t, p.token, pkgId)).body.status).toBe(200)
  })

  it('a replayed prePay answers the same order and opens no second one', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const key = 'prepay-once'
    const first = await callKeyed(t, calls.prePay, { token: p.token, key, params: { pkgId }, body: { gift: 1, pkgId, isapp: 0 } })
    const again = await callKeyed(t, calls.prePay, { token: p.token, key, params: { pkgId }, body: { gift: '1', pkgId: String(pkgId), isapp: '0' }, form: true })
    expect(first.body.status).toBe(200)
    expect(again.raw).toBe(first.raw)
    const n = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM orders WHERE user_id = $1', [p.userId])
    expect(n.rows[0]!.n).toBe(1n)
  })

  it('accepts the form-encoded prePay of the spec and refuses unknown or mismatched packages', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const wrong = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId: 999_999 }, body: { gift: '1', pkgId: '999999', isapp: '0' }, form: true })
    expect([wrong.http, wrong.body.status]).toEqual([404, 3001])
    const mismatch = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: '1', pkgId: String(pkgId + 1), isapp: '0' }, form: true })
    expect(mismatch.body.status).toBe(3001)
    const ok = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId }, body: { gift: '0', pkgId: String(pkgId), isapp: '1' }, form: true })
    expect(ok.body.status).toBe(200)
    const row = (await t.db.query<{ gift: bigint; isapp: number }>('SELECT gift, isapp FROM orders WHERE id = $1', [BigInt(ok.body.data.orderId.slice(1))])).rows[0]!
    expect(row).toEqual({ gift: 0n, isapp: 1 })
  })

  it('shows only your own orders', async () => {
    const p = await verifiedPlayer(t)
    const other = await newPlayer(t)
    const order = await prePay(t, p.token, await pkg100(t))
    for (const orderId of [order.body.data.orderId, 'D999999999', 'W1', 'abc']) {
      const res = await call(t, calls.getStatus, { token: other.token, params: { orderId } })
      expect([res.http, res.body.status], orderId).toEqual([404, 3003])
    }
    expect((await call(t, calls.cancelPay, { token: other.token, params: { orderId: order.body.data.orderId }, body: {} })).http).toBe(404)
  })

  it('an order expires after 30 minutes: it shows cancelled and a new one may be opened', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const first = await prePay(t, p.token, pkgId)
    t.advance(29 * 60_000)
    expect((await orderStatus(p.token, first.body.data.orderId)).data.status).toBe('00')
    t.advance(61_000)
    expect((await orderStatus(p.token, first.body.data.orderId)).data.status).toBe('01')
    expect((await prePay(t, p.token, pkgId)).body.status).toBe(200)
  })

  it('pendingPay hands back the open order and its page until it is paid, cancelled or expired', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const pending = async () => (await call(t, calls.pendingPay, { token: p.token })).body.data
    expect(await pending()).toBeNull()
    const first = (await prePay(t, p.token, pkgId)).body.data
    expect(await pending()).toMatchObject({ orderId: first.orderId, payNo: first.payNo, url: first.url, amount: 100 })
    await callKeyed(t, calls.cancelPay, { token: p.token, params: { orderId: first.orderId }, body: {} })
    expect(await pending()).toBeNull()
    const second = (await prePay(t, p.token, pkgId)).body.data
    expect((await pending())?.orderId).toBe(second.orderId)
    t.advance(31 * 60_000)
    expect(await pending()).toBeNull()
    // Another user never sees it.
    const other = await newPlayer(t)
    const third = (await prePay(t, p.token, pkgId)).body.data
    expect((await call(t, calls.pendingPay, { token: other.token })).body.data).toBeNull()
    expect((await pending())?.orderId).toBe(third.orderId)
  })

  it('needs a verified identity (KYC): otherwise 403 with a clear message, and nothing written', async () => {
    const p = await newPlayer(t)
    const before = await snapshotDb(t.db)
    const res = await prePay(t, p.token, await pkg100(t))
    expect([res.http, res.body.status, res.body.msg]).toEqual([403, 3304, 'Verifique sua identidade (nome completo e CPF) para depositar, sacar ou transferir'])
    const en = await callKeyed(t, calls.prePay, { token: p.token, params: { pkgId: await pkg100(t) }, body: { gift: 1 }, headers: { lang: 'en_US' } })
    expect(en.body.msg).toBe('Verify your identity (full name and CPF) to deposit, withdraw or transfer')
    expect(await snapshotDb(t.db)).toBe(before)
    expect((await call(t, calls.updateKyc, { token: p.token, body: { name: 'Ana Souza', cardNo: freshCpf() } })).body.status).toBe(200)
    expect((await prePay(t, p.token, await pkg100(t))).body.status).toBe(200)
  })

  it('refuses test accounts', async () => {
    const p = await newPlayer(t)
    const demo = (await call(t, calls.getUserTest, { token: p.token })).body.data
    const { login } = await import('./flows')
    const token = (await login(t, demo.username, demo.pwd)).body.data.access_token
    const res = await prePay(t, token, await pkg100(t))
    expect([res.http, res.body.status, res.body.msg]).toEqual([403, 2009, 'Contas de teste não podem depositar, sacar ou transferir'])
  })
})

describe('payment webhook', () => {
  it('credits once, pushes paySuccess and the new balance, and counts toward paySumAmount', async () => {
    const p = await verifiedPlayer(t)
    const s = await socketFor(base, p.token)
    sockets.push(s)
    const got = recorder(s)
    const pkgId = await pkg100(t)
    const { price, gift } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId)).body.data
    const event = { type: 'paid' as const, payNo: order.payNo, amount: price, at: new Date(), eventId: 'evt-replay-1' }
    expect((await sendWebhook(t, event)).body.data?.outcome).toBe('credited')
    await waitFor(() => (got.paySuccess?.length ?? 0) > 0 && (got.insBalance?.length ?? 0) > 0)
    expect(got.paySuccess).toEqual([{ czflag: 0, orderId: order.orderId, amount: 100 }])
    const { balanceVersion } = (await call(t, calls.getBalance, { token: p.token })).body.data
    expect(balanceVersion).toBeGreaterThan(0)
    expect((got.insBalance as { balance: number }[]).map((e) => centavosOf(e.balance))).toEqual([price + gift])
    const [pushed] = got.updateUserInfo as { balance: number }[]
    expect(centavosOf(pushed!.balance)).toBe(price + gift)
    expect(got.insBalance).toEqual([{ balance: pushed!.balance, balanceVersion }])
    expect(got.updateUserInfo).toEqual([{ balance: pushed!.balance, balanceVersion, payAmount: 100, paySumAmount: 100, wdSumAmount: 0 }])
    // The same event again, and another event for the same payment: nothing moves.
    expect((await sendWebhook(t, event)).body.data?.outcome).toBe('duplicate')
    expect((await sendWebhook(t, { ...event, eventId: 'evt-replay-2' })).body.data?.outcome).toBe('already_paid')
    expect(await balances(t, p.userId)).toMatchObject({ cash: price, bonus: gift })
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('10')
    const info = (await call(t, calls.userInfo, { token: p.token })).body.data
    expect(info).toMatchObject({ payAmount: 100, paySumAmount: 100 })
    expect(centavosOf(info.balance)).toBe(price + gift)
    // The second deposit is not the first: czflag 1.
    await deposit(t, p, pkgId, 0)
    await waitFor(() => got.paySuccess!.length === 2)
    expect(got.paySuccess![1]).toMatchObject({ czflag: 1, amount: 100 })
    expect((await call(t, calls.userInfo, { token: p.token })).body.data).toMatchObject({ paySumAmount: 200, payAmount: 100 })
    expect((await call(t, calls.userGift, { token: p.token })).body.data).toBe(0)
  })

  it('out of order: expired after paid changes nothing; paid after expired still credits', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const a = (await prePay(t, p.token, pkgId, 0)).body.data
    expect((await sendWebhook(t, { type: 'paid', payNo: a.payNo, amount: price, at: new Date() })).body.data?.outcome).toBe('credited')
    expect((await sendWebhook(t, { type: 'expired', payNo: a.payNo, amount: price, at: new Date(Date.now() - 1000) })).body.data?.outcome).toBe('ignored')
    expect((await orderStatus(p.token, a.orderId)).data.status).toBe('10')
    const cancelPaid = await call(t, calls.cancelPay, { token: p.token, params: { orderId: a.orderId }, body: {} })
    expect([cancelPaid.http, cancelPaid.body.status, cancelPaid.body.msg]).toEqual([409, 3004, 'Este pedido já foi pago e não pode ser cancelado'])

    const b = (await prePay(t, p.token, pkgId, 0)).body.data
    expect((await sendWebhook(t, { type: 'expired', payNo: b.payNo, amount: price, at: new Date() })).body.data?.outcome).toBe('expired')
    expect((await orderStatus(p.token, b.orderId)).data.status).toBe('01')
    expect((await sendWebhook(t, { type: 'paid', payNo: b.payNo, amount: price, at: new Date() })).body.data?.outcome).toBe('credited')
    expect((await orderStatus(p.token, b.orderId)).data.status).toBe('10')
    expect((await balances(t, p.userId)).cash).toBe(price * 2n)
  })

  it('a payment confirmed after the order expired (30 minutes) is still credited', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId, 0)).body.data
    t.advance(45 * 60_000)
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('01')
    const late = await prePay(t, p.token, pkgId, 0)
    expect(late.body.status).toBe(200)
    expect((await sendWebhook(t, { type: 'paid', payNo: order.payNo, amount: price, at: new Date() })).body.data?.outcome).toBe('credited')
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('10')
    expect((await orderStatus(p.token, late.body.data.orderId)).data.status).toBe('00')
    expect((await balances(t, p.userId)).cash).toBe(price)
  })

  it('refuses a forged, re-signed or damaged webhook and moves nothing', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId, 0)).body.data
    const event = { type: 'paid' as const, payNo: order.payNo, amount: price, at: new Date() }
    const forged = await sendWebhook(t, event, { secret: 'not-the-secret' })
    expect([forged.http, forged.body.status]).toEqual([401, 3010])
    // A body changed after signing (amount raised): the signature no longer matches.
    const { SandboxPixProvider } = await import('../../src/server/payments/SandboxPixProvider')
    const signed = new SandboxPixProvider(t.config.wallet.paymentWebhookSecret).signedWebhook(event)
    const tampered = await t.app.inject({ method: 'POST', url: '/api/pay/webhook/sandbox-pix', headers: signed.headers, payload: signed.body.replace('"100.00"', '"1000.00"') })
    expect(tampered.statusCode).toBe(401)
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/pay/webhook/sandbox-pix', headers: { 'content-type': 'application/json' }, payload: signed.body })
    expect(unsigned.statusCode).toBe(401)
    const badSig = await t.app.inject({ method: 'POST', url: '/api/pay/webhook/sandbox-pix', headers: { ...signed.headers, [SIGNATURE_HEADER]: 'sha256=' + '0'.repeat(64) }, payload: signed.body })
    expect(badSig.statusCode).toBe(401)
    // Signed but wrong: another amount, an unknown payment, junk.
    expect((await sendWebhook(t, { ...event, amount: price + 1n })).http).toBe(422)
    expect((await sendWebhook(t, { ...event, payNo: 'NOSUCHPAYMENT' })).http).toBe(422)
    expect((await sendWebhook(t, event, { rawBody: 'not json' })).http).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/webhook/other-provider', headers: signed.headers, payload: signed.body })).statusCode).toBe(404)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 0n })
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('00')
    expect((await sendWebhook(t, event)).body.data?.outcome).toBe('credited')
  })
})

describe('sandbox PIX pay page', () => {
  it('shows the amount, a valid BR Code with its QR, the expiry, and its button pays through the webhook', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const order = (await prePay(t, p.token, pkgId, 0)).body.data
    const page = await t.app.inject({ method: 'GET', url: order.url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    const html = page.body
    expect(html).toContain('R$ 100,00')
    expect(html).toContain('Pague em até 30 minutos')
    expect(html).toContain('<svg')
    const code = /<textarea id="code" readonly rows="4">([^<]+)<\/textarea>/.exec(html)![1]!
    const pix = parsePix(code)
    expect(hasError(pix)).toBe(false)
    expect(pix).toMatchObject({ transactionAmount: 100, txid: order.payNo })
    // Self-contained: nothing loaded from elsewhere.
    expect(html).not.toMatch(/(src|href|action)="https?:/)
    expect(html).not.toMatch(/<link|<script src/)
    const en = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/pix/${order.payNo}?lang=en_US` })
    expect(en.body).toContain('Simulate the bank payment')

    const pay = await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/pix/${order.payNo}/pay?lang=pt_BR`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
    expect(pay.statusCode).toBe(303)
    expect(pay.headers.location).toBe(`/api/pay/sandbox/pix/${order.payNo}?lang=pt_BR`)
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('10')
    expect((await t.app.inject({ method: 'GET', url: order.url })).body).toContain('Pagamento confirmado')
    // Pressing again pays nothing more.
    await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/pix/${order.payNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/pix/NOSUCH' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/pix/bad%20id' })).statusCode).toBe(404)
  })

  it('an expired order shows as expired, with no pay button', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    t.advance(31 * 60_000)
    const html = (await t.app.inject({ method: 'GET', url: order.url })).body
    expect(html).toContain('Este pagamento expirou')
    expect(html).not.toContain('<form')
  })
})
