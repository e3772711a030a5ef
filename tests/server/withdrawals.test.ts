import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { settleWithdrawal } from '../../src/server/withdrawals/service'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, bank, callKeyed, checkLedgerAfterEach, CNPJ, CPF, fundCash, newPlayer, USDT_ADDRESS, verifiedPlayer, waitFor, type Player } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  // CNPJ withdrawals are offered here (demo), to test their checks; off, they are refused (moneyOut.test.ts).
  t = await startTestApp({}, { WITHDRAW_CNPJ: 'on' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

type Verified = Player & { cpf: string }
/** A CPF withdrawal to the player's own verified CPF (the only one allowed). */
const cpfAsk = (p: Verified, amount: unknown, extra: Record<string, unknown> = {}) => ({ payCardBank: 'CPF', payCardNo: p.cpf, ifsc: '', name: 'Ana Souza', amount, whatsapp: '11999990000', ...extra })
const withdraw = (p: Player, body: Record<string, unknown>, headers: Record<string, string> = {}) => callKeyed(t, calls.withdraw, { token: p.token, body, headers })
const limits = async (p: Player) => (await call(t, calls.getWithdraw, { token: p.token })).body.data
const idOf = (orderId: string) => BigInt(orderId.slice(1))

describe('getWithdraw', () => {
  it('tells the limits, what is withdrawable, the count left today, the lock and the USDT rate', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 12_345n)
    await fundCash(t, p.userId, 5_000n, 'bonus')
    // This suite turns WITHDRAW_CNPJ on: CNPJ is offered beside CPF (USDT only with lx '20').
    expect(await limits(p)).toEqual({ types: ['CPF', 'CNPJ'], limitAmount: 30, maxAmount: 10_000, number: 3, lock: false, wdAmount: 123.45, usdtRate: 5.5, cardInfo: {},
      // Why wdAmount is below the balance (withdrawHeld.test.ts), and no identity before KYC.
      held: { balance: 173.45, bonus: 50, wagerLeft: 0, turnover: 0, turnoverLeft: 0, pending: 0, debt: 0 }, identity: null })
    // An open mines game holds withdrawals until it ends (24 mines: the first reveal ends it either way).
    expect((await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '1.00', mines: 24 } })).body.status).toBe(200)
    expect((await limits(p)).lock).toBe(true)
    const reveal = await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile: 0 } })
    expect(reveal.body.status).toBe(200)
    if (reveal.body.data.state === 'active') expect((await callKeyed(t, casino.minesCashout, { token: p.token })).body.status).toBe(200)
    expect((await limits(p)).lock).toBe(false)
  })
})

describe('withdraw: identity', () => {
  it('runs the six spec checks first, then needs a verified identity (KYC), writing nothing', async () => {
    const p = await newPlayer(t)
    const ask = { payCardBank: 'CPF', payCardNo: CPF.b, ifsc: '', name: 'Ana', amount: '30', whatsapp: '' }
    await t.db.query(`INSERT INTO open_game_locks (user_id, ref, created_at) VALUES ($1, 'bet-1', now())`, [p.userId])
    expect((await withdraw(p, ask)).body.status).toBe(3101)
    await t.db.query('DELETE FROM open_game_locks WHERE user_id = $1', [p.userId])
    expect((await withdraw(p, ask)).body.status).toBe(3103)
    await fundCash(t, p.userId, 10_000n)
    expect((await withdraw(p, { ...ask, amount: '20' })).body.status).toBe(3104)
    expect((await withdraw(p, { ...ask, payCardNo: '' })).body.status).toBe(3106)
    const res = await withdraw(p, ask)
    expect([res.http, res.body.status, res.body.msg]).toEqual([403, 3304, 'Verifique sua identidade (nome completo e CPF) para depositar, sacar ou transferir'])
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n, hold: 0n })
    const n = await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM orders WHERE user_id = $1 AND type = 11`, [p.userId])
    expect(n.rows[0]!.n).toBe(0n)
  })

  it('sends a CPF withdrawal only to the account\'s own verified CPF (typed with or without its mask)', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const other = p.cpf === CPF.b ? CPF.c : CPF.b
    const res = await withdraw(p, cpfAsk(p, '30', { payCardNo: other }))
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3111, 'Saques por CPF só podem ir para o CPF verificado da sua conta'])
    expect((await withdraw(p, cpfAsk(p, '30', { payCardNo: other }), { lang: 'en_US' })).body.msg).toBe("CPF withdrawals can only go to your account's verified CPF")
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n, hold: 0n })
    const masked = `${p.cpf.slice(0, 3)}.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-${p.cpf.slice(9)}`
    expect((await withdraw(p, cpfAsk(p, '30', { payCardNo: masked }))).body.status).toBe(200)
  })

  it('needs the holder name for a CNPJ withdrawal', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const cnpj = { payCardBank: 'CNPJ', payCardNo: CNPJ, ifsc: 'ITAU', amount: '30', whatsapp: '' }
    for (const name of [undefined, '', '   ']) {
      const res = await withdraw(p, { ...cnpj, name })
      expect([res.http, res.body.status, res.body.msg], String(name)).toEqual([400, 3112, 'Informe o nome do titular da conta CNPJ'])
    }
    expect(await balances(t, p.userId)).toMatchObject({ cash: 10_000n, hold: 0n })
    expect((await withdraw(p, { ...cnpj, name: 'Loja da Ana Ltda' })).body.status).toBe(200)
  })
})

describe('withdraw', () => {
  it('runs the six checks in the spec order, each with its message', async () => {
    const p = await verifiedPlayer(t)
    // 1. Lock on (and everything else wrong too: the lock speaks first).
    await t.db.query(`INSERT INTO open_game_locks (user_id, ref, created_at) VALUES ($1, 'bet-1', now())`, [p.userId])
    let res = await withdraw(p, {})
    expect([res.http, res.body.status, res.body.msg]).toEqual([409, 3101, 'Sua fatura do jogo está sendo gerada, por favor, tente novamente mais tarde'])
    await t.db.query('DELETE FROM open_game_locks WHERE user_id = $1', [p.userId])
    // 3. Nothing withdrawable (bonus does not count).
    await fundCash(t, p.userId, 1_000n, 'bonus')
    res = await withdraw(p, {})
    expect([res.body.status, res.body.msg]).toEqual([3103, 'Sem valor de levantamento'])
    await fundCash(t, p.userId, 1_500_000n)
    // 4. Amount empty or below the minimum.
    for (const amount of [undefined, '', '0', '29.99']) {
      res = await withdraw(p, cpfAsk(p, amount))
      expect([res.body.status, res.body.msg], String(amount)).toEqual([3104, 'Montante mínimo de retirada: R$ 30,00'])
    }
    // 5. Above the maximum per request, then above what is withdrawable.
    res = await withdraw(p, cpfAsk(p, '10000.01'))
    expect([res.body.status, res.body.msg]).toEqual([3105, 'Montante máximo de levantamento: R$ 10.000,00'])
    res = await withdraw(p, cpfAsk(p, '10000.01'), { lang: 'en_US' })
    expect(res.body.msg).toBe('Maximum withdrawal amount: R$ 10,000.00')
    // 6. Type or account missing.
    for (const missing of [{ payCardBank: '' }, { payCardNo: '' }, { payCardNo: '   ' }, { payCardBank: undefined }]) {
      res = await withdraw(p, cpfAsk(p, '50', missing))
      expect([res.body.status, res.body.msg]).toEqual([3106, 'Por favor, preencha as informações de retirada'])
    }
    expect(await balances(t, p.userId)).toMatchObject({ cash: 1_500_000n, hold: 0n })
    // Three successful withdrawals, then 2. the count is spent for today.
    for (let i = 0; i < 3; i++) expect((await withdraw(p, cpfAsk(p, '30'))).body.status).toBe(200)
    res = await withdraw(p, cpfAsk(p, '30'))
    expect([res.body.status, res.body.msg]).toEqual([3102, 'Número de retiradas restantes hoje 0, tente novamente amanhã。'])
    expect((await limits(p)).number).toBe(0)
  })

  it('moves the amount to hold at once (type 11, status 00) and saves the account per type', async () => {
    const p = await verifiedPlayer(t, { cpf: CPF.a })
    await fundCash(t, p.userId, 10_000n)
    const res = await withdraw(p, cpfAsk(p, '40.50', { payCardNo: '529.982.247-25', ifsc: 'ignored' }))
    expect(res.body).toMatchObject({ status: 200, msg: 'Solicitação de saque bem-sucedida!' })
    expect(res.body.data.orderId).toMatch(/^W\d+$/)
    expect(await balances(t, p.userId)).toMatchObject({ cash: 5_950n, hold: 4_050n })
    const order = (await t.db.query('SELECT type, status, amount, pay_card_bank, pay_card_no, ifsc FROM orders WHERE id = $1', [idOf(res.body.data.orderId)])).rows[0]
    expect(order).toEqual({ type: 11, status: '00', amount: 4_050n, pay_card_bank: 'CPF', pay_card_no: CPF.a, ifsc: CPF.a })
    expect((await limits(p)).cardInfo).toEqual({ CPF: { ifsc: CPF.a, payCardNo: CPF.a, name: 'Ana Souza', whatsapp: '11999990000' } })
    expect(await limits(p)).toMatchObject({ number: 2, wdAmount: 59.5 })
    expect((await call(t, calls.getBalance, { token: p.token })).body.data.balance).toBe(59.5)
  })

  it('checks CPF and CNPJ digits, and offers USDT only to lx 20 accounts (ifsc = the USDT rate)', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 100_000n)
    let res = await withdraw(p, cpfAsk(p, '30', { payCardNo: '52998224724' }))
    expect([res.body.status, res.body.msg]).toEqual([3108, 'CPF inválido: confira os números'])
    res = await withdraw(p, cpfAsk(p, '30', { payCardNo: 'abc' }))
    expect(res.body.status).toBe(3108)
    res = await withdraw(p, cpfAsk(p, '30', { payCardBank: 'CNPJ', payCardNo: '11222333000180' }))
    expect(res.body.status).toBe(3109)
    res = await withdraw(p, cpfAsk(p, '30', { payCardBank: 'CNPJ', payCardNo: '11.222.333/0001-81', ifsc: 'ITAU' }))
    expect(res.body.status).toBe(200)
    res = await withdraw(p, cpfAsk(p, '30', { payCardBank: 'USDT', payCardNo: USDT_ADDRESS }))
    expect([res.body.status, res.body.msg]).toEqual([3107, 'Este tipo de saque não está disponível para a sua conta'])
    await t.db.query(`UPDATE users SET lx = '20' WHERE id = $1`, [p.userId])
    res = await withdraw(p, cpfAsk(p, '30', { payCardBank: 'USDT', payCardNo: 'T-not-an-address' }))
    expect(res.body.status).toBe(3110)
    res = await withdraw(p, cpfAsk(p, '30', { payCardBank: 'USDT', payCardNo: USDT_ADDRESS, ifsc: '1' }))
    expect(res.body.status).toBe(200)
    const cards = (await limits(p)).cardInfo
    expect(cards.CNPJ).toMatchObject({ payCardNo: CNPJ, ifsc: 'ITAU' })
    expect(cards.USDT).toMatchObject({ payCardNo: USDT_ADDRESS, ifsc: '5.5' })
  })

  it('settles to 10 (hold to clearing) or cancels to 01 (hold back to cash); a refused payout gives its turn back', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 20_000n)
    const a = (await withdraw(p, cpfAsk(p, '50'))).body.data.orderId
    const b = (await withdraw(p, cpfAsk(p, '60'))).body.data.orderId
    expect(await balances(t, p.userId)).toMatchObject({ cash: 9_000n, hold: 11_000n })
    expect(await settleWithdrawal(t.app.deps, idOf(a), 'paid')).toBe('10')
    expect(await settleWithdrawal(t.app.deps, idOf(b), 'failed')).toBe('01')
    // Settling again changes nothing.
    expect(await settleWithdrawal(t.app.deps, idOf(a), 'failed')).toBe('10')
    expect(await settleWithdrawal(t.app.deps, idOf(b), 'paid')).toBe('01')
    expect(await settleWithdrawal(t.app.deps, 999_999_999n, 'paid')).toBeNull()
    expect(await balances(t, p.userId)).toMatchObject({ cash: 15_000n, hold: 0n })
    expect((await call(t, calls.userInfo, { token: p.token })).body.data.wdSumAmount).toBe(50)
    expect((await limits(p)).number).toBe(2)
  })

  it('payouts go to the PSP (Efí send API on the emulator); its webhook has them paid, or refused for amounts ending in 13 centavos with the hold back to cash', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 20_000n)
    const ok = (await withdraw(p, cpfAsk(p, '50'))).body.data.orderId
    const refused = (await withdraw(p, cpfAsk(p, '50.13'))).body.data.orderId
    // Each committed withdrawal is sent at once, with its record id as idEnvio.
    await waitFor(async () => (await t.db.query('SELECT 1 FROM psp_sandbox_sends WHERE id_envio = ANY($1)', [[ok, refused]])).rows.length === 2)
    const sent = await t.db.query<{ favorecido: string; valor: bigint }>('SELECT favorecido, valor FROM psp_sandbox_sends WHERE id_envio = $1', [ok])
    expect(JSON.parse(sent.rows[0]!.favorecido)).toEqual({ chave: p.cpf, cpf: p.cpf })
    expect(sent.rows[0]!.valor).toBe(5_000n)
    const status = async (id: string) => (await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [idOf(id)])).rows[0]!.status
    expect([await status(ok), await status(refused)]).toEqual(['00', '00'])
    // The bank settles both; its webhook (tipo SOLICITACAO) makes the processor ask, and settle.
    expect(await bank(t).settleSend(ok)).toBe(true)
    expect(await bank(t).settleSend(refused)).toBe(true)
    await waitFor(async () => (await status(ok)) === '10' && (await status(refused)) === '01')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 15_000n, hold: 0n })
  })

  it('counts the day in São Paulo: the count comes back at local midnight', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 100_000n)
    for (let i = 0; i < 3; i++) expect((await withdraw(p, cpfAsk(p, '30'))).body.status).toBe(200)
    expect((await limits(p)).number).toBe(0)
    const now = t.app.deps.now()
    const { startOfToday } = await import('../../src/server/wallet/days')
    const nextMidnight = startOfToday(now).getTime() + 24 * 3_600_000
    t.advance(nextMidnight - now - 1_000)
    expect((await limits(p)).number).toBe(0)
    t.advance(2_000)
    expect((await limits(p)).number).toBe(3)
  })

  it('refuses test accounts', async () => {
    const p = await verifiedPlayer(t)
    const demo = (await call(t, calls.getUserTest, { token: p.token })).body.data
    const token = (await login(t, demo.username, demo.pwd)).body.data.access_token
    const res = await callKeyed(t, calls.withdraw, { token, body: cpfAsk(p, '50') })
    expect([res.http, res.body.status]).toEqual([403, 2009])
  })

  it('of 100 simultaneous withdrawals of the whole balance, exactly one succeeds', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 50_000n)
    const results = await Promise.all(Array.from({ length: 100 }, () => withdraw(p, cpfAsk(p, '500'))))
    const ok = results.filter((r) => r.body.status === 200)
    expect(ok).toHaveLength(1)
    expect(results.every((r) => r.http < 500)).toBe(true)
    expect(new Set(results.filter((r) => r.body.status !== 200).map((r) => r.body.status))).toEqual(new Set([3103]))
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, hold: 50_000n })
    const n = await t.db.query<{ n: bigint }>(`SELECT count(*)::bigint AS n FROM orders WHERE user_id = $1 AND type = 11`, [p.userId])
    expect(n.rows[0]!.n).toBe(1n)
  })
})
