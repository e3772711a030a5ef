/**
 * The console's payments queue and returns (issue 35): a credited deposit returned to its payer
 * through an API Pix devolução at the PSP emulator (the amount leaves the player's cash once, a
 * replayed key moves nothing, two operators at once never return more than the payment), refused
 * when the cash is gone, given back when the PSP refuses it; the queue of amount mismatches, late
 * payments and refused refunds, each leaving it once handled; the roles.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as ops from '../../src/shared/contract/opsConsole'
import type { PixJobs } from '../../src/server/payments/PixJobs'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, idem, pkg100, prePay, stake, verifiedPlayer, waitFor } from './walletHelpers'
import { bootstrapAdmin, enrol, operatorOf, withCookie } from './opsHelpers'

let t: TestApp
let support = ''
let payments = ''
let payments2 = ''
beforeAll(async () => {
  t = await startTestApp({}, { DEPOSIT_TTL_MINUTES: '5' })
  const admin = await enrol(t, (await bootstrapAdmin(t)).enrolPath)
  support = (await operatorOf(t, admin.cookie, 'support')).cookie
  payments = (await operatorOf(t, admin.cookie, 'payments')).cookie
  payments2 = (await operatorOf(t, admin.cookie, 'payments')).cookie
})
afterEach(() => bank(t).resetFaults())
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Item = { id: string; kind: string; orderId: string | null; player: { uId: string } | null; expected: number | null; paid: number; e2eId: string; payer: string; state: string; failure: string | null; handled: boolean }
const REASON = 'pedido do titular por telefone'
const jobs = () => t.app.deps.pixJobs as PixJobs
const give = (cookie: string, id: string, amount: string, key = idem(), reason = REASON) =>
  callKeyed<{ id: string; returnId: string; amount: number; left: number }>(t, ops.opsPaymentReturn, { ...withCookie(cookie), params: { id }, body: { amount, reason }, key })
const resolve = (cookie: string, id: string, reason = 'conferido com o extrato do banco') => call(t, ops.opsPaymentResolve, { ...withCookie(cookie), params: { id }, body: { reason } })
const queue = async (cookie: string, all = false) => (await call<Item[]>(t, ops.opsPayments, { ...withCookie(cookie), query: all ? { all: '1' } : {} })).body.data
const e2eOf = async (orderId: string) => (await t.db.query<{ e2e_id: string }>('SELECT e2e_id FROM orders WHERE id = $1', [BigInt(orderId.slice(1))])).rows[0]!.e2e_id
/** The devoluções the PSP emulator holds for a Pix: what it was asked, and how they ended. */
const atBank = async (e2e: string) => (await t.db.query<{ valor: bigint; status: string; natureza: string }>('SELECT valor, status, natureza FROM psp_sandbox_refunds WHERE e2e_id = $1 ORDER BY solicitacao', [e2e])).rows
const refunds = async (e2e: string) => (await t.db.query<{ id: string; amount: bigint; state: string }>('SELECT id, amount, state FROM pix_refunds WHERE e2e_id = $1 ORDER BY created_at', [e2e])).rows
const moves = async (orderId: string) => (await t.db.query<{ kind: string }>('SELECT kind FROM ledger_transactions WHERE ref = $1 ORDER BY id', [orderId])).rows.map((r) => r.kind)
const auditLines = async (id: string) => (await t.db.query<{ action: string; reason: string; before: unknown; after: unknown }>('SELECT action, reason, before, after FROM ops_audit WHERE target = $1 ORDER BY id', [`payment:${id}`])).rows
/** A player with a R$ 100 deposit credited through the emulator (no gift: all of it cash), paid from their own account. */
async function depositor() {
  const p = await verifiedPlayer(t)
  const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
  expect((await bank(t).pay(order.payNo, { payer: { cpf: p.cpf, nome: p.name } })).outcome).toBe('paid')
  expect((await balances(t, p.userId)).cash).toBe(10_000n)
  return { p, orderId: order.orderId, e2e: await e2eOf(order.orderId) }
}
const settled = (e2e: string) => waitFor(async () => (await refunds(e2e)).every((r) => r.state === 'returned' || r.state === 'failed'))

describe('returning a deposit', () => {
  it('moves money once: the cash down by the amount, one devolução at the PSP, one audit line; the key replayed answers the same and moves nothing', async () => {
    const { p, orderId, e2e } = await depositor()
    const key = idem()
    const first = await give(payments, orderId, '40', key)
    expect(first.body, first.raw).toMatchObject({ status: 200, data: { id: orderId, amount: 40, left: 60 } })
    expect(first.body.data.returnId).toMatch(/^R[A-Z0-9]{30}$/)
    expect((await balances(t, p.userId)).cash).toBe(6_000n)
    await settled(e2e)
    expect(await atBank(e2e)).toEqual([{ valor: 4_000n, status: 'DEVOLVIDO', natureza: 'ORIGINAL' }])
    expect(await refunds(e2e)).toEqual([{ id: first.body.data.returnId, amount: 4_000n, state: 'returned' }])
    // Cash to money on its way out, then out through clearing once the PSP said DEVOLVIDO.
    expect(await moves(orderId)).toEqual(['deposit', 'pix_refund', 'pix_refund_sent'])
    const lines = await auditLines(orderId)
    expect(lines).toEqual([
      {
        action: 'payment.return',
        reason: REASON,
        before: { paid: '10000', returned: '0', cash: '10000' },
        after: { returnId: first.body.data.returnId, amount: '4000', returned: '4000', cash: '6000', e2eId: e2e },
      },
    ])

    const again = await give(payments, orderId, '40', key)
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
    await jobs().runOnce()
    expect((await balances(t, p.userId)).cash).toBe(6_000n)
    expect(await atBank(e2e)).toHaveLength(1)
    expect(await auditLines(orderId)).toHaveLength(1)
    expect(await moves(orderId)).toEqual(['deposit', 'pix_refund', 'pix_refund_sent'])
    // The same key with another body: refused, as for players.
    const other = await give(payments, orderId, '41', key)
    expect([other.http, other.body.status]).toEqual([422, 1422])
    // Without a key: refused before anything.
    const bare = await call(t, ops.opsPaymentReturn, { ...withCookie(payments), params: { id: orderId }, body: { amount: '1', reason: REASON } })
    expect([bare.http, bare.body.status]).toEqual([428, 1428])
    expect((await balances(t, p.userId)).cash).toBe(6_000n)
  })

  it('two operators returning one payment at once never return more than it brought, and the cash never goes below zero', async () => {
    for (let round = 0; round < 6; round++) {
      const { p, orderId, e2e } = await depositor()
      // Even rounds: 60 + 60 cannot both fit in 100; odd rounds: 50 + 50 can, and leave nothing.
      const each = round % 2 === 0 ? '60' : '50'
      const [a, b] = await Promise.all([give(payments, orderId, each), give(payments2, orderId, each)])
      const statuses = [a.body.status, b.body.status].sort()
      if (round % 2 === 0) {
        expect(statuses, `${a.raw} ${b.raw}`).toEqual([200, 6019])
        expect((await balances(t, p.userId)).cash).toBe(4_000n)
      } else {
        expect(statuses, `${a.raw} ${b.raw}`).toEqual([200, 200])
        expect((await balances(t, p.userId)).cash).toBe(0n)
        // Nothing left: even a centavo is refused, and says what is left.
        const more = await give(payments, orderId, '0.01')
        expect(more.body.status).toBe(6019)
        expect(more.body.msg).toContain('0,00')
      }
      await settled(e2e)
      const asked = (await refunds(e2e)).reduce((s, r) => s + r.amount, 0n)
      expect(asked).toBeLessThanOrEqual(10_000n)
      const sent = (await atBank(e2e)).reduce((s, r) => s + BigInt(r.valor), 0n)
      expect(sent).toBe(asked)
      expect(await auditLines(orderId)).toHaveLength(round % 2 === 0 ? 1 : 2)
    }
  })

  it("is refused when the player's cash is not there (they staked it): its own code, nothing moved, no devolução sent", async () => {
    const { p, orderId, e2e } = await depositor()
    await t.db.tx(async (q) => expect((await stake(q, t, p.userId, 9_000n)).code).toBe('OK'))
    const key = idem()
    const no = await give(payments, orderId, '50', key)
    expect([no.http, no.body.status], no.raw).toEqual([409, 6009])
    expect(no.body.msg).toContain('10,00')
    expect((await balances(t, p.userId)).cash).toBe(1_000n)
    expect(await refunds(e2e)).toEqual([])
    expect(await moves(orderId)).toEqual(['deposit'])
    expect(await auditLines(orderId)).toEqual([])
    await jobs().runOnce()
    expect(await atBank(e2e)).toEqual([])
    // The refusal is the key's answer: the same request again gets it again.
    expect((await give(payments, orderId, '50', key)).raw).toBe(no.raw)
    // What the cash covers still goes.
    expect((await give(payments, orderId, '10')).body.status).toBe(200)
    expect((await balances(t, p.userId)).cash).toBe(0n)
  })

  it("refused by the PSP, the amount comes back to the player's cash once and the return waits in the queue as a refused refund", async () => {
    const { p, orderId, e2e } = await depositor()
    bank(t).faults.refuseRefunds = true
    const r = await give(payments, orderId, '30')
    expect(r.body.status, r.raw).toBe(200)
    const returnId = r.body.data.returnId
    await settled(e2e)
    expect(await refunds(e2e)).toEqual([{ id: returnId, amount: 3_000n, state: 'failed' }])
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
    // Asked again and again, the refusal gives the cash back once.
    await jobs().runOnce()
    await jobs().runOnce()
    expect(await moves(orderId)).toEqual(['deposit', 'pix_refund', 'pix_refund_back'])
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
    const seen = (await queue(payments)).find((i) => i.id === returnId)
    expect(seen).toMatchObject({ kind: 'refundFailed', orderId, player: { uId: String(p.uId) }, expected: 100, paid: 30, e2eId: e2e, payer: p.cpf, state: 'failed', failure: 'Negado pelo PSP do pagador', handled: false })
    // A refused return took nothing of the payment: all of it may be returned now.
    bank(t).resetFaults()
    const all = await give(payments, orderId, '100')
    expect(all.body, all.raw).toMatchObject({ status: 200, data: { left: 0 } })
    await settled(e2e)
    expect(await atBank(e2e)).toEqual([
      { valor: 3_000n, status: 'NAO_REALIZADO', natureza: 'ORIGINAL' },
      { valor: 10_000n, status: 'DEVOLVIDO', natureza: 'ORIGINAL' },
    ])
    expect((await balances(t, p.userId)).cash).toBe(0n)
    // The refused refund is handled with a reason, and leaves the queue.
    expect((await resolve(payments, returnId)).body.status).toBe(200)
    expect((await queue(payments)).some((i) => i.id === returnId)).toBe(false)
  })
})

describe('the queue', () => {
  it('holds an amount mismatch and a payment after close, oldest first; each leaves it once resolved or returned; resolving twice is refused', async () => {
    const a = await verifiedPlayer(t)
    const mismatch = (await prePay(t, a.token, await pkg100(t), 0)).body.data
    expect((await bank(t).pay(mismatch.payNo, { amount: 9_000n, payer: { cpf: a.cpf, nome: a.name } })).outcome).toBe('paid')
    const b = await verifiedPlayer(t)
    const late = (await prePay(t, b.token, await pkg100(t), 0)).body.data
    t.advance(6 * 60_000)
    // The player's page reads the order as expired (and closes it); the bank lets the payment through late.
    expect((await call(t, calls.getStatus, { token: b.token, params: { orderId: late.orderId } })).body.data.status).toBe('01')
    expect((await bank(t).pay(late.payNo, { late: true })).outcome).toBe('paid')
    // (This bank did not say who paid it: the queue shows no payer.)
    expect((await balances(t, b.userId)).cash).toBe(10_000n)

    const forPayments = await queue(payments)
    const mine = forPayments.filter((i) => i.id === mismatch.orderId || i.id === late.orderId)
    expect(mine.map((i) => [i.id, i.kind, i.state, i.expected, i.paid, i.payer, i.handled])).toEqual([
      [mismatch.orderId, 'amountMismatch', 'amount_mismatch', 100, 90, a.cpf, false],
      [late.orderId, 'paidAfterClose', 'paid_after_close', 100, 100, '', false],
    ])
    expect(mine[0]).toMatchObject({ orderId: mismatch.orderId, payNo: mismatch.payNo, player: { uId: String(a.uId), email: a.email, name: a.name }, e2eId: await e2eOf(mismatch.orderId) })
    // Support reads it too, the payer's CPF masked.
    const forSupport = (await queue(support)).find((i) => i.id === mismatch.orderId)!
    expect(forSupport.payer).toBe(`***.${a.cpf.slice(3, 6)}.${a.cpf.slice(6, 9)}-**`)

    // Accepted as credited: resolved, out of the queue, in it with all=1 as handled; once only.
    const done = await resolve(payments, mismatch.orderId, 'valor menor aceito, jogador avisado')
    expect(done.body).toMatchObject({ status: 200, data: { id: mismatch.orderId, handled: true } })
    expect((await queue(payments)).some((i) => i.id === mismatch.orderId)).toBe(false)
    expect((await queue(payments, true)).find((i) => i.id === mismatch.orderId)?.handled).toBe(true)
    expect((await resolve(payments2, mismatch.orderId)).body.status).toBe(6006)
    expect(await auditLines(mismatch.orderId)).toEqual([
      { action: 'payment.resolve', reason: 'valor menor aceito, jogador avisado', before: { kind: 'amountMismatch', amount: '9000', handled: false }, after: { handled: true } },
    ])
    expect((await balances(t, a.userId)).cash).toBe(9_000n)

    // The late payment returned: out of the queue; resolving it after is refused.
    expect((await give(payments, late.orderId, '100')).body.status).toBe(200)
    expect((await queue(payments)).some((i) => i.id === late.orderId)).toBe(false)
    expect((await resolve(payments, late.orderId)).body.status).toBe(6006)
    await settled(await e2eOf(late.orderId))

    // An ordinary deposit is no item of the queue.
    const { orderId } = await depositor()
    expect((await resolve(payments, orderId)).body.status).toBe(1404)
  })

  it('support reads the queue but may not return or resolve (OPS_ROLE); nothing moves', async () => {
    const { p, orderId, e2e } = await depositor()
    expect((await call(t, ops.opsPayments, withCookie(support))).body.status).toBe(200)
    const no = await give(support, orderId, '10')
    expect([no.http, no.body.status]).toEqual([403, 6403])
    expect((await resolve(support, orderId)).body.status).toBe(6403)
    expect((await balances(t, p.userId)).cash).toBe(10_000n)
    expect(await refunds(e2e)).toEqual([])
    expect(await auditLines(orderId)).toEqual([])
  })
})
