/**
 * The withdrawals review (issue 35): which withdrawals wait for an operator and why, the queue,
 * approval (it goes to the payout provider) and rejection (the hold returns, once, with the
 * reason), and two operators deciding one withdrawal at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as ops from '../../src/shared/contract/opsConsole'
import { settleWithdrawal } from '../../src/server/withdrawals/service'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, CNPJ, fundCash, verifiedPlayer, waitFor } from './walletHelpers'
import { bootstrapAdmin, enrol, operatorOf, withCookie } from './opsHelpers'

let t: TestApp
let support = ''
let payments = ''
let payments2 = ''
beforeAll(async () => {
  t = await startTestApp({}, { WITHDRAW_REVIEW: 'on', WITHDRAW_CNPJ: 'on', WITHDRAW_PER_DAY: '50' })
  const admin = await enrol(t, (await bootstrapAdmin(t)).enrolPath)
  support = (await operatorOf(t, admin.cookie, 'support')).cookie
  payments = (await operatorOf(t, admin.cookie, 'payments')).cookie
  payments2 = (await operatorOf(t, admin.cookie, 'payments')).cookie
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Verified = Awaited<ReturnType<typeof verifiedPlayer>>
const ask = (p: Verified, amount: string, extra: Record<string, unknown> = {}) =>
  callKeyed<{ orderId: string }>(t, calls.withdraw, { token: p.token, body: { payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: p.name, amount, whatsapp: '11999990000', ...extra } })
const idOf = (orderId: string) => BigInt(orderId.slice(1))
const order = async (orderId: string) =>
  (await t.db.query<{ status: string; approval: string | null; review_reasons: string[] | null; close_reason: string | null }>('SELECT status, approval, review_reasons, close_reason FROM orders WHERE id = $1', [idOf(orderId)])).rows[0]!
/** A decision, with a fresh Idempotency-Key unless one is given (it moves money). */
const decide = (cookie: string, orderId: string, decision: 'approve' | 'reject', reason = 'conferido com o extrato', key?: string) =>
  callKeyed<{ status: string }>(t, ops.opsWithdrawalDecide, { ...withCookie(cookie), params: { orderId }, body: { decision, reason }, key })
const queue = async (cookie: string) => (await call<{ orderId: string; account: string; reasons: string[] }[]>(t, ops.opsWithdrawals, withCookie(cookie))).body.data
const sends = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM psp_sandbox_sends')).rows[0]!.n)

/** A player whose first withdrawal was paid and whose identity was verified over a week ago: nothing of theirs waits unless a rule says so. */
async function trustedPlayer(): Promise<Verified> {
  const p = await verifiedPlayer(t)
  await fundCash(t, p.userId, 2_000_000n)
  const first = await ask(p, '30')
  expect(first.body.status).toBe(200)
  await t.db.query("UPDATE orders SET approval = 'approved' WHERE id = $1", [idOf(first.body.data.orderId)])
  await settleWithdrawal(t.app.deps, idOf(first.body.data.orderId), 'paid')
  await t.db.query("UPDATE kyc_tax_ids SET verified_at = verified_at - interval '8 days' WHERE user_id = $1", [p.userId])
  return p
}

describe('which withdrawals wait', () => {
  it("an account's first, just verified, waits with both reasons; the payout provider gets nothing until it is approved", async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 100_000n)
    const before = await sends()
    const r = await ask(p, '100')
    expect(r.body.status).toBe(200)
    expect(await order(r.body.data.orderId)).toMatchObject({ status: '00', approval: 'waiting', review_reasons: ['first', 'kycRecent'] })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 90_000n, hold: 10_000n })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await sends()).toBe(before)
    // The queue: support reads the CPF masked, payments whole.
    const seen = (await queue(support)).find((w) => w.orderId === r.body.data.orderId)!
    expect(seen).toMatchObject({ reasons: ['first', 'kycRecent'], account: `***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**` })
    expect((await queue(payments)).find((w) => w.orderId === r.body.data.orderId)!.account).toBe(p.cpf)
    expect((await decide(support, r.body.data.orderId, 'approve')).body.status).toBe(6403)
    const ok = await decide(payments, r.body.data.orderId, 'approve')
    expect(ok.body).toMatchObject({ status: 200, data: { orderId: r.body.data.orderId, status: '00' } })
    expect(await order(r.body.data.orderId)).toMatchObject({ status: '00', approval: 'approved' })
    await waitFor(async () => (await sends()) === before + 1)
    expect((await queue(payments)).some((w) => w.orderId === r.body.data.orderId)).toBe(false)
    const audit = (await t.db.query<{ action: string; reason: string }>("SELECT action, reason FROM ops_audit WHERE target = $1", [`withdrawal:${r.body.data.orderId}`])).rows
    expect(audit).toEqual([{ action: 'withdrawal.approve', reason: 'conferido com o extrato' }])
  })

  it('a trusted account goes straight to the payout; above WITHDRAW_REVIEW_OVER, with a harm marker, after refused payments from other CPFs, or to a CNPJ, it waits', async () => {
    const p = await trustedPlayer()
    const straight = await ask(p, '50')
    expect(await order(straight.body.data.orderId)).toMatchObject({ approval: null, review_reasons: null })
    const over = await ask(p, '5000.01')
    expect((await order(over.body.data.orderId)).review_reasons).toEqual(['over'])
    await t.db.query("INSERT INTO rg_markers (user_id, day, marker, strength) VALUES ($1, current_date, 'night_play', 2)", [p.userId])
    const marked = await ask(p, '40')
    expect((await order(marked.body.data.orderId)).review_reasons).toEqual(['harmMarkers'])
    const q = await trustedPlayer()
    for (let i = 0; i < 2; i++) {
      await t.db.query(
        "INSERT INTO orders (user_id, type, status, amount, created_at, closed_at, close_reason, payer_tax_id) VALUES ($1, 10, '01', 5000, now(), now(), 'payer_not_owner', '52998224725')",
        [q.userId],
      )
    }
    const foreign = await ask(q, '40')
    expect((await order(foreign.body.data.orderId)).review_reasons).toEqual(['foreignPayers'])
    const company = await ask(q, '40', { payCardBank: 'CNPJ', payCardNo: CNPJ, name: 'Ana Souza Comércio Ltda' })
    expect(company.body.status).toBe(200)
    expect((await order(company.body.data.orderId)).review_reasons).toEqual(['cnpj', 'foreignPayers'])
  })
})

describe('deciding', () => {
  it('a rejection returns the hold to cash once, with the reason the player reads; a second decision is refused', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 50_000n)
    const r = await ask(p, '200')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 30_000n, hold: 20_000n })
    const no = await decide(payments, r.body.data.orderId, 'reject', 'titular da conta diferente do cadastro')
    expect(no.body).toMatchObject({ status: 200, data: { status: '01' } })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 50_000n, hold: 0n })
    expect(await order(r.body.data.orderId)).toMatchObject({ status: '01', close_reason: 'titular da conta diferente do cadastro' })
    for (const d of ['reject', 'approve'] as const) expect((await decide(payments2, r.body.data.orderId, d)).body.status).toBe(6006)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 50_000n, hold: 0n })
  })

  it("a decision takes the operator's own Idempotency-Key: a replay answers the first reply and moves nothing; the key with another body is refused; a player's same key is another key", async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 50_000n)
    const r = await ask(p, '100')
    const orderId = r.body.data.orderId
    const bare = await call(t, ops.opsWithdrawalDecide, { ...withCookie(payments), params: { orderId }, body: { decision: 'reject', reason: 'sem chave' } })
    expect([bare.http, bare.body.status]).toEqual([428, 1428])
    const key = `ops-${orderId}`
    const first = await decide(payments, orderId, 'reject', 'conta de terceiro', key)
    expect(first.body).toMatchObject({ status: 200, data: { orderId, status: '01' } })
    const again = await decide(payments, orderId, 'reject', 'conta de terceiro', key)
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 50_000n, hold: 0n })
    const lines = await t.db.query('SELECT 1 FROM ops_audit WHERE target = $1', [`withdrawal:${orderId}`])
    expect(lines.rows).toHaveLength(1)
    const other = await decide(payments, orderId, 'approve', 'conta de terceiro', key)
    expect([other.http, other.body.status]).toEqual([422, 1422])
    // Another operator with the same key: their own key space, so a fresh decision (told it was decided).
    expect((await decide(payments2, orderId, 'reject', 'conta de terceiro', key)).body.status).toBe(6006)
    // The operator's key is not the player's: the player's withdrawal with that very key goes through.
    const mine = await callKeyed<{ orderId: string }>(t, calls.withdraw, { token: p.token, key, body: { payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: p.name, amount: '100', whatsapp: '11999990000' } })
    expect(mine.body.status, mine.raw).toBe(200)
    expect(mine.body.data.orderId).not.toBe(orderId)
  })

  it('of two operators deciding one withdrawal at once, one decides and the other is told; the money moves once', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await verifiedPlayer(t)
      await fundCash(t, p.userId, 50_000n)
      const r = await ask(p, '100')
      const before = await sends()
      const [a, b] = await Promise.all([decide(payments, r.body.data.orderId, 'approve'), decide(payments2, r.body.data.orderId, 'reject')])
      expect([a.body.status, b.body.status].sort()).toEqual([200, 6006])
      const o = await order(r.body.data.orderId)
      if (a.body.status === 200) {
        expect(o).toMatchObject({ status: '00', approval: 'approved' })
        expect(await balances(t, p.userId)).toMatchObject({ cash: 40_000n, hold: 10_000n })
        await waitFor(async () => (await sends()) === before + 1)
      } else {
        expect(o.status).toBe('01')
        expect(await balances(t, p.userId)).toMatchObject({ cash: 50_000n, hold: 0n })
        expect(await sends()).toBe(before)
      }
      const lines = (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ops_audit WHERE target = $1', [`withdrawal:${r.body.data.orderId}`])).rows[0]!.n
      expect(Number(lines)).toBe(1)
    }
  })
})
