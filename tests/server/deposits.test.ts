import { hasError, parsePix } from 'pix-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { centavosOf } from '../centavos'
import { call, snapshotDb, startTestApp, type TestApp } from './testApp'
import {
  balances, bank, callKeyed, checkLedgerAfterEach, deposit, depositState, freshCpf, listen, newPlayer, packagePrice, pkg100, prePay, recorder, sendWebhook, socketFor, verifiedPlayer, waitFor,
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
    expect(first.body.data.payNo).toMatch(/^[A-Z0-9]{32}$/)
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

describe('payment webhook (API Pix, through the PSP emulator)', () => {
  afterEach(() => bank(t).resetFaults())

  it('credits once, pushes paySuccess and the new balance, and counts toward paySumAmount; a webhook delivered twice moves nothing more', async () => {
    const p = await verifiedPlayer(t)
    const s = await socketFor(base, p.token)
    sockets.push(s)
    const got = recorder(s)
    const pkgId = await pkg100(t)
    const { price, gift } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId)).body.data
    bank(t).faults.duplicateWebhooks = true
    expect((await bank(t).pay(order.payNo)).outcome).toBe('paid')
    await bank(t).idle()
    await waitFor(() => (got.paySuccess?.length ?? 0) > 0 && (got.insBalance?.length ?? 0) > 0)
    expect(got.paySuccess).toEqual([{ czflag: 0, orderId: order.orderId, amount: 100 }])
    const { balanceVersion } = (await call(t, calls.getBalance, { token: p.token })).body.data
    expect(balanceVersion).toBeGreaterThan(0)
    expect((got.insBalance as { balance: number }[]).map((e) => centavosOf(e.balance))).toEqual([price + gift])
    const [pushed] = got.updateUserInfo as { balance: number }[]
    expect(centavosOf(pushed!.balance)).toBe(price + gift)
    expect(got.insBalance).toEqual([{ balance: pushed!.balance, balanceVersion }])
    expect(got.updateUserInfo).toEqual([{ balance: pushed!.balance, balanceVersion, payAmount: 100, paySumAmount: 100, wdSumAmount: 0 }])
    // The second delivery was a duplicate: one event row, one posting.
    const events = await t.db.query<{ outcome: string }>('SELECT outcome FROM payment_events WHERE pay_no = $1', [order.payNo])
    expect(events.rows.map((r) => r.outcome)).toEqual(['credited'])
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

  it('a second Pix for a paid charge, and one for no charge of ours, go back to their payers through a refund; nothing is credited', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId, 0)).body.data
    await bank(t).pay(order.payNo)
    const again = await bank(t).pay(order.payNo, { again: true })
    expect(again.outcome).toBe('paid')
    const stranger = await bank(t).receiveUnknown('NOSUCHCHARGE0000000000000000', 5_000n)
    await waitFor(async () => (await t.db.query(`SELECT 1 FROM pix_refunds WHERE state = 'returned' AND e2e_id = ANY($1)`, [[again.e2eId, stranger]])).rows.length === 2)
    await bank(t).idle()
    const refunds = await t.db.query<{ e2e_id: string; amount: bigint; reason: string; state: string }>('SELECT e2e_id, amount, reason, state FROM pix_refunds WHERE e2e_id = ANY($1) ORDER BY reason', [[again.e2eId, stranger]])
    expect(refunds.rows).toEqual([
      { e2e_id: stranger, amount: 5_000n, reason: 'no_such_charge', state: 'returned' },
      { e2e_id: again.e2eId, amount: price, reason: 'paid_twice', state: 'returned' },
    ])
    // At the bank: each refund DEVOLVIDO, for the whole payment.
    const atBank = await t.db.query<{ status: string; valor: bigint }>('SELECT status, valor FROM psp_sandbox_refunds WHERE e2e_id = ANY($1)', [[again.e2eId, stranger]])
    expect(atBank.rows.map((r) => r.status)).toEqual(['DEVOLVIDO', 'DEVOLVIDO'])
    expect((await balances(t, p.userId)).cash).toBe(price)
  })

  it('a cancelled order withdraws its charge at the PSP; a Pix the bank still lets through is credited (the money arrived)', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const a = (await prePay(t, p.token, pkgId, 0)).body.data
    await call(t, calls.cancelPay, { token: p.token, params: { orderId: a.orderId }, body: {} })
    expect((await orderStatus(p.token, a.orderId)).data.status).toBe('01')
    expect((await bank(t).cob(a.payNo))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect((await bank(t).pay(a.payNo)).outcome).toBe('closed')
    expect((await t.app.inject({ method: 'GET', url: a.url })).body).toContain('Este pedido foi cancelado')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n })
    // A payer's bank that pays it anyway (it should not): credited, not lost.
    await t.db.query(`UPDATE psp_sandbox_cobs SET status = 'ATIVA' WHERE txid = $1`, [a.payNo])
    expect((await bank(t).pay(a.payNo)).outcome).toBe('paid')
    expect(await depositState(t, a.payNo)).toBe('10')
    expect((await balances(t, p.userId)).cash).toBe(price)
    const cancelPaid = await call(t, calls.cancelPay, { token: p.token, params: { orderId: a.orderId }, body: {} })
    expect([cancelPaid.http, cancelPaid.body.status, cancelPaid.body.msg]).toEqual([409, 3004, 'Este pedido já foi pago e não pode ser cancelado'])
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
    // The bank refuses an expired charge; one that lets it through late is credited.
    expect((await bank(t).pay(order.payNo)).outcome).toBe('expired')
    expect((await bank(t).pay(order.payNo, { late: true })).outcome).toBe('paid')
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('10')
    expect((await orderStatus(p.token, late.body.data.orderId)).data.status).toBe('00')
    expect((await balances(t, p.userId)).cash).toBe(price)
    expect((await t.db.query('SELECT close_reason FROM orders WHERE pay_no = $1', [order.payNo])).rows[0]).toEqual({ close_reason: 'paid_after_close' })
  })

  it('a payment of another amount than the charge is credited as paid, without the gift, and flagged', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { gift } = await packagePrice(t, pkgId)
    expect(gift).toBeGreaterThan(0n)
    const order = (await prePay(t, p.token, pkgId, 1)).body.data
    await bank(t).pay(order.payNo, { amount: 9_000n })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 9_000n, bonus: 0n })
    const row = await t.db.query('SELECT status, close_reason, paid_amount, gift FROM orders WHERE pay_no = $1', [order.payNo])
    expect(row.rows[0]).toEqual({ status: '10', close_reason: 'amount_mismatch', paid_amount: 9_000n, gift: 0n })
  })

  it('refuses a webhook without the secret, an unreadable one, and credits nothing the PSP does not confirm', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    const order = (await prePay(t, p.token, pkgId, 0)).body.data
    const item = { endToEndId: 'E99999999202611251200ABCDEFGHIJK', txid: order.payNo, valor: '100.00', horario: new Date().toISOString() }
    const forged = await sendWebhook(t, { pix: [item] }, { secret: 'not-the-secret-not-the-secret-xx' })
    expect([forged.http, forged.body.status]).toEqual([401, 3010])
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/webhook/apipix', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pix: [item] }) })).statusCode).toBe(404)
    expect((await sendWebhook(t, 'not json')).http).toBe(422)
    expect((await sendWebhook(t, { pix: [{ ...item, valor: '100' }] })).http).toBe(422)
    expect((await sendWebhook(t, { pix: [] })).http).toBe(422)
    // With the secret, but a payment the PSP never saw (someone who learnt the address): confirmed with GET /v2/pix, nothing.
    const made = await sendWebhook(t, { pix: [item] })
    expect([made.http, made.body.data?.outcomes]).toEqual([200, []])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 0n })
    expect((await orderStatus(p.token, order.orderId)).data.status).toBe('00')
    await bank(t).pay(order.payNo)
    expect((await balances(t, p.userId)).cash).toBe(price)
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
    // A dynamic BR Code (EMV with its CRC16) pointing at the charge's location, as the PSP gave it.
    const pix = parsePix(code)
    expect(hasError(pix)).toBe(false)
    expect(pix).toMatchObject({ type: 'DYNAMIC', merchantCity: 'SAO PAULO' })
    expect((pix as { url: string }).url).toMatch(/^127\.0\.0\.1:\d+\/psp-sandbox\/qr\/[0-9a-f]{20}$/)
    expect(code).toBe((await bank(t).cob(order.payNo))!.br_code)
    // Self-contained: nothing loaded from elsewhere.
    expect(html).not.toMatch(/(src|href|action)="https?:/)
    expect(html).not.toMatch(/<link|<script src/)
    const en = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/pix/${order.payNo}?lang=en_US` })
    expect(en.body).toContain('>Pay</button>')

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
