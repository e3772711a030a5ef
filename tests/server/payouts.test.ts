import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import type { Payout, PayoutProvider, PayoutStatus } from '../../src/server/payments/PayoutProvider'
import { EfiPayoutProvider } from '../../src/server/payments/apipix/EfiPayoutProvider'
import { PayoutProcessor, type PayoutLog } from '../../src/server/withdrawals/PayoutProcessor'
import { startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, expectLedgerInvariant, fundCash, verifiedPlayer, type Player } from './walletHelpers'

/** What the processor logged, as pino would receive it. */
function memoryLog(): PayoutLog & { lines: { level: string; obj: object; msg: string }[] } {
  const lines: { level: string; obj: object; msg: string }[] = []
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg })
  return { lines, info: at('info'), warn: at('warn'), error: at('error') }
}

const ask = (cpf: string, amount: string) => ({ payCardBank: 'CPF', payCardNo: cpf, ifsc: '', name: 'Ana Souza', amount, whatsapp: '11999990000' })

async function withdraw(t: TestApp, p: Player & { cpf: string }, amount: string): Promise<{ id: bigint; orderId: string }> {
  const res = await callKeyed(t, calls.withdraw, { token: p.token, body: ask(p.cpf, amount) })
  expect(res.body.status).toBe(200)
  const orderId = res.body.data.orderId as string
  return { id: BigInt(orderId.slice(1)), orderId }
}

const orderOf = async (t: TestApp, id: bigint) =>
  (await t.db.query<{ status: string; close_reason: string | null }>('SELECT status, close_reason FROM orders WHERE id = $1', [id])).rows[0]!

describe('the payout processor (Efí send API on the PSP emulator, settled explicitly)', () => {
  let t: TestApp
  beforeAll(async () => {
    // The app's own processor stays off: each test drives one of its own.
    t = await startTestApp({}, { PIX_PAYOUTS: 'off' })
  })
  afterAll(() => t.close())
  checkLedgerAfterEach(() => t)

  it('a failed payout returns the hold to cash through a withdrawal_refund, logged by withdrawal id and reason only', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 20_000n)
    const w = await withdraw(t, p, '50.13')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 14_987n, hold: 5_013n })
    const log = memoryLog()
    const efi = new EfiPayoutProvider(t.app.pixRails!.client, t.config.wallet.pix.chave, (id) => `Saque ${id}`, () => t.app.pixRails!.payments.ensureWebhook())
    const processor = new PayoutProcessor(t.app.deps, efi, log, 1000)
    // Sent: the bank holds it EM_PROCESSAMENTO.
    expect(await processor.runOnce()).toBe(0)
    expect((await t.db.query('SELECT status FROM psp_sandbox_sends WHERE id_envio = $1', [w.orderId])).rows).toEqual([{ status: 'EM_PROCESSAMENTO' }])
    // The bank refuses it (13 centavos); asked again, the processor settles it.
    expect(await bank(t).settleSend(w.orderId)).toBe(true)
    expect(await processor.runOnce()).toBeGreaterThanOrEqual(1)
    expect(await orderOf(t, w.id)).toEqual({ status: '01', close_reason: 'NAO_REALIZADO' })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 20_000n, hold: 0n })
    const refund = await t.db.query<{ kind: string }>('SELECT kind FROM ledger_transactions WHERE ref = $1 ORDER BY id', [w.orderId])
    expect(refund.rows.map((r) => r.kind)).toEqual(['withdrawal_hold', 'withdrawal_refund'])
    await expectLedgerInvariant(t.db)
    const failed = log.lines.filter((l) => l.level === 'warn')
    expect(failed).toContainEqual({ level: 'warn', obj: { withdrawal: w.orderId, provider: 'efi', reason: 'NAO_REALIZADO' }, msg: expect.any(String) })
    // No personal data: neither the account, the name, the phone nor the player's e-mail.
    const text = JSON.stringify(log.lines)
    for (const secret of [p.cpf, 'Ana Souza', '11999990000', p.email]) expect(text).not.toContain(secret)
  })

  it('sends a withdrawal with its record id as idempotency id, again after a lost answer, and pays it once', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const w = await withdraw(t, p, '40')
    const sent: Payout[] = []
    let polls = 0
    // A bank whose first answer is lost on the way, then takes one poll to pay.
    const bank: PayoutProvider = {
      name: 'flaky-bank',
      async send(payout): Promise<PayoutStatus> {
        sent.push(payout)
        if (sent.length === 1) throw new Error('connection reset')
        return { state: 'pending' }
      },
      async status(id): Promise<PayoutStatus> {
        expect(id).toBe(w.orderId)
        return ++polls === 1 ? { state: 'pending' } : { state: 'paid' }
      },
    }
    // Only this withdrawal is pending in this file by now: the first test's was settled.
    const log = memoryLog()
    const processor = new PayoutProcessor(t.app.deps, bank, log, 1000)
    expect(await processor.runOnce()).toBe(0)
    expect(log.lines.map((l) => [l.level, (l.obj as { withdrawal?: string }).withdrawal])).toEqual([['error', w.orderId]])
    expect(await processor.runOnce()).toBe(0)
    expect(await processor.runOnce()).toBe(0)
    expect(await orderOf(t, w.id)).toMatchObject({ status: '00' })
    expect(await processor.runOnce()).toBe(1)
    expect(sent.map((s) => [s.id, s.amount, s.type, s.account])).toEqual([
      [w.orderId, 4_000n, 'CPF', p.cpf],
      [w.orderId, 4_000n, 'CPF', p.cpf],
    ])
    expect(await orderOf(t, w.id)).toEqual({ status: '10', close_reason: null })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 6_000n, hold: 0n })
    // Once settled, nothing more is sent or asked.
    expect(await processor.runOnce()).toBe(0)
    expect([sent.length, polls]).toEqual([2, 2])
  })
})

describe('which payout processor runs', () => {
  const apps: TestApp[] = []
  afterAll(async () => {
    for (const a of apps) await a.close()
  })

  it('none without PIX rails (PIX_PROVIDER=none): withdrawals stay pending, held', async () => {
    // A zero settle time would pay at once, were the emulator's payouts running.
    const t = await startTestApp({}, { PIX_PROVIDER: 'none', PAYOUT_SANDBOX_SETTLE_SECONDS: '0' })
    apps.push(t)
    expect(t.app.deps.payouts).toBeNull()
    expect(t.app.deps.payments).toBeNull()
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const w = await withdraw(t, p, '50')
    expect(await orderOf(t, w.id)).toMatchObject({ status: '00' })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 5_000n, hold: 5_000n })
    await expectLedgerInvariant(t.db)
  })

  it('Efí\'s, against the emulator, in demo mode: a committed withdrawal is sent at once and settles on its own after PAYOUT_SANDBOX_SETTLE_SECONDS', async () => {
    const t = await startTestApp({}, { PAYOUT_SANDBOX_SETTLE_SECONDS: '0' })
    apps.push(t)
    expect(t.app.deps.payouts).not.toBeNull()
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 20_000n)
    const paid = await withdraw(t, p, '50')
    const refused = await withdraw(t, p, '60.13')
    const end = Date.now() + 10_000
    while ((await orderOf(t, paid.id)).status === '00' || (await orderOf(t, refused.id)).status === '00') {
      if (Date.now() > end) throw new Error('the sandbox payouts did not settle')
      await new Promise((r) => setTimeout(r, 20))
    }
    expect([(await orderOf(t, paid.id)).status, (await orderOf(t, refused.id)).status]).toEqual(['10', '01'])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 15_000n, hold: 0n })
    await expectLedgerInvariant(t.db)
  })
})
