import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { ConfigError, loadConfig } from '../../src/server/config'
import { purgeExpired } from '../../src/server/maintenance/retention'
import type { PixJobs } from '../../src/server/payments/PixJobs'
import type { PayoutProcessor } from '../../src/server/withdrawals/PayoutProcessor'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, CNPJ, deposit, depositState, fundCash, pkg100, prePay, sendWebhook, verifiedPlayer, waitFor, type Player } from './walletHelpers'

/**
 * Issue 29, money out and the PIX rails: a payment redelivered after its event row was purged (L1),
 * CNPJ withdrawals off by default and held for a person's approval when on (M3), and the MED's
 * returns taken back from the player through the ledger, with a debt for what the cash cannot
 * cover (M4). Each against the real server, its PSP emulator over HTTP, and a real database.
 */

const DAY = 86_400_000
type Verified = Player & { cpf: string }
const cpfAsk = (p: Verified, amount: string) => ({ payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: 'Ana Souza', amount, whatsapp: '11999990000' })
const cnpjAsk = (amount: string) => ({ payCardBank: 'CNPJ', payCardNo: CNPJ, ifsc: 'ITAU', name: 'Loja da Ana Ltda', amount, whatsapp: '11999990000' })

describe('with the defaults', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())
  afterEach(() => bank(t).resetFaults())
  checkLedgerAfterEach(() => t)
  const jobs = () => t.app.deps.pixJobs as PixJobs
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM ${sql}`, params)).rows[0]!.n)

  it('L1: a payment delivered again after the retention job purged its event row is known as credited: not credited again, not returned to its payer', async () => {
    const p = await verifiedPlayer(t)
    const order = (await prePay(t, p.token, await pkg100(t), 0)).body.data
    const paid = await bank(t).pay(order.payNo)
    expect(await depositState(t, order.payNo)).toBe('10')
    const before = await balances(t, p.userId)
    expect(before.cash).toBe(10_000n)
    // Far in the future: the event row is gone.
    await purgeExpired(t.db, t.config, t.app.deps.now() + 200 * DAY)
    expect(await count('payment_events WHERE event_id = $1', [paid.e2eId])).toBe(0)
    // The PSP delivers it again (the webhook; it is read back from the PSP, which still knows it).
    const again = await sendWebhook(t, { pix: [{ endToEndId: paid.e2eId, txid: order.payNo, valor: '100.00', horario: new Date().toISOString() }] })
    expect(again.body.data?.outcomes).toEqual(['duplicate'])
    expect(await balances(t, p.userId)).toEqual(before)
    // Never mistaken for a second payment of the paid charge (whose refund would send the money back while the player keeps it).
    expect(await count('pix_refunds WHERE e2e_id = $1', [paid.e2eId])).toBe(0)
    expect(await count(`ledger_transactions WHERE user_id = $1 AND kind = 'deposit'`, [p.userId])).toBe(1)
  })

  it('M3: a CNPJ withdrawal is refused while WITHDRAW_CNPJ is off (the default), in the player\'s language, and moves nothing', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const res = await callKeyed(t, calls.withdraw, { token: p.token, body: cnpjAsk('30') })
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3107, 'Este tipo de saque não está disponível para a sua conta'])
    const en = await callKeyed(t, calls.withdraw, { token: p.token, body: cnpjAsk('30'), headers: { lang: 'en_US' } })
    expect([en.body.status, en.body.msg]).toEqual([3107, 'This withdrawal method is not available for your account'])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n, hold: 0n })
    expect(await count('orders WHERE user_id = $1 AND type = 11', [p.userId])).toBe(0)
    expect(await count('withdraw_cards WHERE user_id = $1', [p.userId])).toBe(0)
    // The cashier offers what the server takes: CPF only (it offered CNPJ and then refused it).
    expect((await call(t, calls.getWithdraw, { token: p.token })).body.data.types).toEqual(['CPF'])
  })

  it('M4: a MED return is taken from cash, the rest kept as a debt (never a negative balance), the bonus forfeited; once per devolução; withdrawals and transfers wait until a deposit settles it', async () => {
    const p = await verifiedPlayer(t)
    const friend = await verifiedPlayer(t)
    // A R$100 deposit with its R$15 gift (bonus), then R$60 on its way out (held).
    await deposit(t, p, await pkg100(t), 1)
    const e2e = (await t.db.query<{ e2e_id: string }>(`SELECT e2e_id FROM orders WHERE user_id = $1 AND type = 10`, [p.userId])).rows[0]!.e2e_id
    expect((await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '60') })).body.status).toBe(200)
    expect(await balances(t, p.userId)).toEqual({ cash: 4_000n, bonus: 1_500n, hold: 6_000n })
    // The payer's bank takes the whole Pix back (MED, fraud), in the API Pix shape, over HTTP; its
    // webhook is lost, so reconciliation must find it.
    bank(t).faults.dropWebhooks = true
    const med = await bank(t).med(e2e, { natureza: 'MED_FRAUDE' })
    const first = await jobs().runOnce()
    bank(t).resetFaults()
    expect(await balances(t, p.userId)).toEqual({ cash: 0n, bonus: 0n, hold: 6_000n })
    expect(first.returned).toBe(1)
    const row = await t.db.query('SELECT id, natureza, amount, taken, debt, forfeited FROM pix_returns WHERE e2e_id = $1', [e2e])
    expect(row.rows).toEqual([{ id: med.id, natureza: 'MED_FRAUDE', amount: 10_000n, taken: 4_000n, debt: 6_000n, forfeited: 1_500n }])
    expect((await t.db.query('SELECT amount FROM player_debts WHERE user_id = $1', [p.userId])).rows).toEqual([{ amount: 6_000n }])
    // A second reconcile (and a third) moves nothing.
    expect((await jobs().runOnce()).returned).toBe(0)
    expect((await jobs().runOnce()).returned).toBe(0)
    expect(await count(`ledger_transactions WHERE user_id = $1 AND kind = 'pix_return'`, [p.userId])).toBe(1)
    expect(await balances(t, p.userId)).toEqual({ cash: 0n, bonus: 0n, hold: 6_000n })
    // Cash won since (R$50) may not leave while the debt is open: neither withdrawn nor transferred.
    await fundCash(t, p.userId, 5_000n)
    const refused = await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '30') })
    expect([refused.http, refused.body.status, refused.body.msg]).toEqual([
      409,
      3113,
      'Um depósito Pix seu foi devolvido ao pagador pelo banco (MED) e deixou um débito de R$ 60,00. Saques e transferências voltam quando um novo depósito quitar esse débito.',
    ])
    const en = await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '30'), headers: { lang: 'en_US' } })
    expect(en.body.msg).toBe('A Pix deposit of yours was returned to the payer by the bank (MED) and left a debt of R$ 60.00. Withdrawals and transfers resume once a new deposit settles it.')
    const moved = await callKeyed(t, calls.transfer, { token: p.token, body: { toUser: friend.email, amount: '10.00' } })
    expect([moved.http, moved.body.status]).toEqual([409, 3113])
    expect(await balances(t, p.userId)).toEqual({ cash: 5_000n, bonus: 0n, hold: 6_000n })
    expect(await count('orders WHERE user_id = $1 AND type = 11', [p.userId])).toBe(1)
    // The next deposit settles the debt first; then money may leave again.
    await deposit(t, p, await pkg100(t), 0)
    expect((await t.db.query('SELECT amount FROM player_debts WHERE user_id = $1', [p.userId])).rows).toEqual([{ amount: 0n }])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 5_000n + 10_000n - 6_000n })
    expect((await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '30') })).body.status).toBe(200)
  })

  it('M4: a MED return the cash covers leaves no debt; one still in process, or refused, moves nothing yet', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    const e2e = (await t.db.query<{ e2e_id: string }>(`SELECT e2e_id FROM orders WHERE user_id = $1 AND type = 10`, [p.userId])).rows[0]!.e2e_id
    bank(t).faults.dropWebhooks = true
    await bank(t).med(e2e, { natureza: 'MED_OPERACIONAL', amount: 2_000n, status: 'EM_PROCESSAMENTO' })
    await bank(t).med(e2e, { natureza: 'MED_FRAUDE', amount: 1_000n, status: 'NAO_REALIZADO' })
    await jobs().runOnce()
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n })
    await bank(t).med(e2e, { natureza: 'MED_OPERACIONAL', amount: 4_000n })
    const run = await jobs().runOnce()
    expect(await balances(t, p.userId)).toMatchObject({ cash: 6_000n })
    expect(run.returned).toBe(1)
    expect((await t.db.query('SELECT 1 FROM player_debts WHERE user_id = $1 AND amount > 0', [p.userId])).rows).toEqual([])
    expect((await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '30') })).body.status).toBe(200)
  })

  it('M4: a MED return the webhook tells of is booked at once, from what the PSP\'s API says; a webhook naming one the PSP does not have moves nothing', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    const e2e = (await t.db.query<{ e2e_id: string }>(`SELECT e2e_id FROM orders WHERE user_id = $1 AND type = 10`, [p.userId])).rows[0]!.e2e_id
    // Forged: a MED return of R$100 the PSP never made.
    const forged = { id: 'MEDFORGED1', rtrId: `D${'9'.repeat(31)}`, valor: '100.00', natureza: 'MED_FRAUDE', horario: { solicitacao: new Date().toISOString() }, status: 'DEVOLVIDO' }
    const res = await sendWebhook(t, { pix: [{ endToEndId: e2e, txid: 'x'.repeat(32), valor: '100.00', horario: new Date().toISOString(), devolucoes: [forged] }] })
    expect(res.http).toBe(200)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n })
    // The payer's bank takes R$25 back: its webhook books it, no reconciliation run needed.
    await bank(t).med(e2e, { natureza: 'MED_OPERACIONAL', amount: 2_500n })
    await bank(t).idle()
    expect(await balances(t, p.userId)).toMatchObject({ cash: 7_500n })
    expect((await jobs().runOnce()).returned).toBe(0)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 7_500n })
  })

  it('M4 raced: reconciliations and the webhook racing book a MED return once; a withdrawal of all the cash racing it leaves no negative balance', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    const e2e = (await t.db.query<{ e2e_id: string }>(`SELECT e2e_id FROM orders WHERE user_id = $1 AND type = 10`, [p.userId])).rows[0]!.e2e_id
    bank(t).faults.dropWebhooks = true
    const med = await bank(t).med(e2e, { natureza: 'MED_FRAUDE' })
    const told = { pix: [{ endToEndId: e2e, txid: 'x'.repeat(32), valor: '100.00', horario: new Date().toISOString(), devolucoes: [{ id: med.id, rtrId: med.rtrId, valor: '100.00', natureza: 'MED_FRAUDE', horario: {}, status: 'DEVOLVIDO' }] }] }
    const [w, , , hook] = await Promise.all([
      callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '100') }),
      jobs().runOnce(),
      jobs().runOnce(),
      sendWebhook(t, told),
    ])
    expect(hook.http).toBe(200)
    expect([200, 3103]).toContain(w.body.status)
    const b = await balances(t, p.userId)
    expect(b.cash).toBe(0n)
    expect(await count(`ledger_transactions WHERE user_id = $1 AND kind = 'pix_return'`, [p.userId])).toBe(1)
    // Whichever came first, the R$100 is either held for the payout (and all owed) or was taken from cash.
    const debt = (await t.db.query<{ amount: bigint }>('SELECT amount FROM player_debts WHERE user_id = $1', [p.userId])).rows[0]?.amount ?? 0n
    expect(b.hold).toBe(debt)
    expect(debt === 0n || debt === 10_000n).toBe(true)
  })
})

describe('with WITHDRAW_CNPJ=on (demo)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({}, { WITHDRAW_CNPJ: 'on' })
  })
  afterAll(() => t.close())
  checkLedgerAfterEach(() => t)
  const payouts = () => t.app.deps.payouts as unknown as PayoutProcessor

  it('M3: a CNPJ withdrawal is taken and held, waiting for a person\'s approval: the payout processor never sends it', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 20_000n)
    // The holder's name is still asked for.
    expect((await callKeyed(t, calls.withdraw, { token: p.token, body: { ...cnpjAsk('30'), name: ' ' } })).body.status).toBe(3112)
    const cnpj = await callKeyed(t, calls.withdraw, { token: p.token, body: cnpjAsk('50') })
    expect(cnpj.body.status, cnpj.raw).toBe(200)
    const cpf = await callKeyed(t, calls.withdraw, { token: p.token, body: cpfAsk(p, '40') })
    const ids = [cnpj.body.data.orderId as string, cpf.body.data.orderId as string]
    // The CPF one goes out at once; the CNPJ one, asked first, does not, nor at the next runs.
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = $1', [ids[1]])).rows.length === 1)
    expect(await payouts().runOnce()).toBe(0)
    expect(await payouts().runOnce()).toBe(0)
    expect((await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = $1', [ids[0]])).rows).toEqual([])
    const order = await t.db.query('SELECT status, approval, amount FROM orders WHERE id = $1', [BigInt(ids[0]!.slice(1))])
    expect(order.rows).toEqual([{ status: '00', approval: 'waiting', amount: 5_000n }])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 11_000n, hold: 9_000n })
  })
})

describe('WITHDRAW_CNPJ', () => {
  const production = {
    APP_MODE: 'production',
    PAYMENT_WEBHOOK_SECRET: 'k'.repeat(32),
    GAME_PROVIDERS: '',
    PIX_PROVIDER: 'apipix',
    PIX_BASE_URL: 'https://pix.api.efipay.com.br',
    PIX_CLIENT_ID: 'id',
    PIX_CLIENT_SECRET: 'secret',
    PIX_KEY_CHAVE: 'pix@aposta.example',
    PIX_CERT: '/etc/pix/cert.pem',
    PIX_KEY: '/etc/pix/key.pem',
    KYC_PROVIDER: 'datavalid',
    DATAVALID_BASE_URL: 'https://gateway.apiserpro.serpro.gov.br/datavalid',
    DATAVALID_TOKEN_URL: 'https://gateway.apiserpro.serpro.gov.br/token',
    DATAVALID_CONSUMER_KEY: 'key',
    DATAVALID_CONSUMER_SECRET: 'secret',
  }
  const refusal = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(env)
    } catch (err) {
      if (err instanceof ConfigError) return err.problems
      throw err
    }
    return []
  }

  it('is off by default, on when asked (production too: the operators\' console reviews them), and nonsense is refused', () => {
    expect(loadConfig({}).wallet.withdrawCnpj).toBe(false)
    expect(loadConfig({ WITHDRAW_CNPJ: 'on' }).wallet.withdrawCnpj).toBe(true)
    expect(loadConfig({ WITHDRAW_CNPJ: 'off' }).wallet.withdrawCnpj).toBe(false)
    expect(loadConfig(production).wallet.withdrawCnpj).toBe(false)
    expect(refusal({ ...production, WITHDRAW_CNPJ: 'on' })).toEqual([])
    expect(loadConfig({ ...production, WITHDRAW_CNPJ: 'on' }).wallet.withdrawCnpj).toBe(true)
    expect(refusal({ WITHDRAW_CNPJ: 'sometimes' })).toEqual(['WITHDRAW_CNPJ must be 1 or 0, not "sometimes"'])
  })
})
