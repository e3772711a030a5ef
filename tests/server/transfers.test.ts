import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, freshCpf, fundCash, listen, newPlayer, recorder, socketFor, verifiedPlayer, waitFor, type ClientSocket, type Player } from './walletHelpers'

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

const send = (from: Player, toUser: unknown, amount: unknown, headers: Record<string, string> = {}) =>
  callKeyed(t, calls.transfer, { token: from.token, body: { toUser, amount }, headers })

describe('transfers', () => {
  it('moves cash by e-mail or user id, and both users see their new balance on the socket', async () => {
    const a = await verifiedPlayer(t)
    const b = await verifiedPlayer(t)
    await fundCash(t, a.userId, 10_000n)
    const sa = await socketFor(base, a.token)
    const sb = await socketFor(base, b.token)
    sockets.push(sa, sb)
    const gotA = recorder(sa)
    const gotB = recorder(sb)
    const res = await send(a, b.email.toUpperCase(), '12.34')
    expect(res.body).toMatchObject({ status: 200, msg: 'Transferência concluída com sucesso', data: { balance: 87.66 } })
    expect(res.body.data.id).toMatch(/^T\d+$/)
    await waitFor(() => !!gotA.insBalance && !!gotB.insBalance && !!gotA.updateUserInfo && !!gotB.updateUserInfo)
    expect(gotA.insBalance).toEqual([{ balance: 87.66, balanceVersion: res.body.data.balanceVersion }])
    const bNow = (await call(t, calls.getBalance, { token: b.token })).body.data
    expect(gotB.insBalance).toEqual([{ balance: 12.34, balanceVersion: bNow.balanceVersion }])
    expect(gotB.updateUserInfo![0]).toMatchObject({ balance: 12.34, balanceVersion: bNow.balanceVersion })
    expect((await send(b, String(a.uId), 2)).body.status).toBe(200)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 8_966n })
    expect(await balances(t, b.userId)).toMatchObject({ cash: 1_034n })
  })

  it('refuses self, unknown users, zero and more than the cash balance (bonus is not transferable)', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    await fundCash(t, a.userId, 5_000n, 'bonus')
    let res = await send(a, a.email, '1')
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3201, 'Não é possível transferir para a sua própria conta'])
    expect((await send(a, String(a.uId), '1')).body.status).toBe(3201)
    res = await send(a, 'nobody@example.com', '1')
    expect([res.http, res.body.status, res.body.msg]).toEqual([404, 3202, 'Usuário de destino não encontrado'])
    expect((await send(a, '999999999999', '1')).body.status).toBe(3202)
    res = await send(a, b.email, '0')
    expect([res.http, res.body.msg]).toEqual([400, 'O campo valor deve ser maior que zero'])
    res = await send(a, b.email, '10.01')
    expect([res.http, res.body.status, res.body.msg]).toEqual([402, 9999, 'Saldo insuficiente, faça uma recarga'])
    expect((await send(a, 'not an email', '1')).http).toBe(400)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 1_000n, bonus: 5_000n })
    expect(await balances(t, b.userId)).toMatchObject({ cash: 0n })
  })

  it('test accounts neither send nor receive', async () => {
    const a = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const demo = (await call(t, calls.getUserTest, { token: a.token })).body.data
    const demoToken = (await login(t, demo.username, demo.pwd)).body.data.access_token
    const toDemo = await send(a, demo.username, '1')
    expect([toDemo.http, toDemo.body.status]).toEqual([403, 2009])
    const fromDemo = await callKeyed(t, calls.transfer, { token: demoToken, body: { toUser: a.email, amount: '1' } })
    expect([fromDemo.http, fromDemo.body.status]).toEqual([403, 2009])
    expect(await balances(t, a.userId)).toMatchObject({ cash: 1_000n })
  })

  it('of 100 simultaneous transfers of the whole balance, exactly one succeeds', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    const c = await newPlayer(t)
    await fundCash(t, a.userId, 7_777n)
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(a, i % 2 ? b.email : c.email, '77.77')))
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.body.status !== 200).every((r) => r.http === 402 && r.body.status === 9999)).toBe(true)
    const total = (await balances(t, b.userId)).cash + (await balances(t, c.userId)).cash
    expect([total, (await balances(t, a.userId)).cash]).toEqual([7_777n, 0n])
  })
})

describe('who may transfer, and how much a day', () => {
  it('needs a verified sender (KYC), and writes nothing otherwise', async () => {
    const a = await newPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 10_000n)
    const res = await send(a, b.email, '10')
    expect([res.http, res.body.status, res.body.msg]).toEqual([403, 3304, 'Verifique sua identidade (nome completo e CPF) para depositar, sacar ou transferir'])
    expect(await balances(t, a.userId)).toMatchObject({ cash: 10_000n })
    const n = await t.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM transfers WHERE from_user = $1', [a.userId])
    expect(n.rows[0]!.n).toBe(0n)
    // An unverified receiver is fine: they need KYC only to take the money out.
    const v = await verifiedPlayer(t)
    await fundCash(t, v.userId, 1_000n)
    expect((await send(v, b.email, '1')).body.status).toBe(200)
  })

  it('caps a sender at R$ 5.000 a São Paulo day in total, saying what is left; the next day starts afresh', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 1_000_000n)
    expect((await send(a, b.email, '4000')).body.status).toBe(200)
    let res = await send(a, b.email, '1000.01')
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3203, 'Limite diário de transferências: R$ 5.000,00. Hoje você ainda pode transferir R$ 1.000,00'])
    expect((await send(a, b.email, '1000')).body.status).toBe(200)
    res = await send(a, b.email, '0.01')
    expect([res.body.status, res.body.msg]).toEqual([3203, 'Limite diário de transferências: R$ 5.000,00. Hoje você ainda pode transferir R$ 0,00'])
    expect(await balances(t, b.userId)).toMatchObject({ cash: 500_000n })
    // What the receiver got does not count toward the receiver's own sending.
    const back = await call(t, calls.updateKyc, { token: b.token, body: { name: 'Bia', cardNo: freshCpf() } })
    expect(back.body.status).toBe(200)
    expect((await send(b, a.email, '5000')).body.status).toBe(200)
    const { startOfToday } = await import('../../src/server/wallet/days')
    const now = t.app.deps.now()
    t.advance(startOfToday(now).getTime() + 24 * 3_600_000 - now + 1_000)
    expect((await send(a, b.email, '5000')).body.status).toBe(200)
  })

  it('allows 20 transfers a day', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 10_000n)
    for (let i = 0; i < 20; i++) expect((await send(a, b.email, '0.01')).body.status, `transfer ${i + 1}`).toBe(200)
    const res = await send(a, b.email, '0.01')
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3204, 'Você atingiu o limite de 20 transferências por dia. Tente novamente amanhã'])
    expect(await balances(t, b.userId)).toMatchObject({ cash: 20n })
  })

  it('holds both limits against parallel transfers (the sender row lock serialises them)', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    const c = await newPlayer(t)
    await fundCash(t, a.userId, 2_000_000n)
    // Ten of R$ 1.000 at once: five fit in the day's R$ 5.000.
    const big = await Promise.all(Array.from({ length: 10 }, (_, i) => send(a, i % 2 ? b.email : c.email, '1000')))
    expect(big.filter((r) => r.body.status === 200)).toHaveLength(5)
    expect(big.filter((r) => r.body.status !== 200).every((r) => r.body.status === 3203)).toBe(true)
    // Thirty small ones at once: fifteen more fit in the day's twenty.
    const d = await verifiedPlayer(t)
    await fundCash(t, d.userId, 100_000n)
    const many = await Promise.all(Array.from({ length: 30 }, () => send(d, b.email, '1')))
    expect(many.filter((r) => r.body.status === 200)).toHaveLength(20)
    expect(many.filter((r) => r.body.status !== 200).every((r) => r.body.status === 3204)).toBe(true)
    expect((await balances(t, b.userId)).cash + (await balances(t, c.userId)).cash).toBe(500_000n + 2_000n)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 1_500_000n })
  })
})

describe('the receiver lookup', () => {
  it('finds the receiver by the public uId, never by the internal id', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    const uId = (await call(t, calls.userInfo, { token: b.token })).body.data.uId
    expect(uId).toBe(b.uId)
    expect(BigInt(uId)).not.toBe(b.userId)
    expect((await send(a, String(uId), '2')).body.status).toBe(200)
    expect((await send(a, String(b.userId), '2')).body.status).toBe(3202)
    expect(await balances(t, b.userId)).toMatchObject({ cash: 200n })
  })

  it('allows 30 distinct unknown receivers an hour per sender, then refuses every lookup (429)', async () => {
    const a = await verifiedPlayer(t)
    const b = await newPlayer(t)
    const other = await verifiedPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    await fundCash(t, other.userId, 1_000n)
    // A retyped unknown receiver counts once.
    for (let i = 0; i < 3; i++) expect((await send(a, 'ghost-0@example.com', '1')).body.status).toBe(3202)
    for (let i = 1; i < 30; i++) expect((await send(a, `ghost-${i}@example.com`, '1')).body.status, `ghost ${i}`).toBe(3202)
    const limited = await send(a, 'ghost-30@example.com', '1')
    expect([limited.http, limited.body.status, limited.body.msg]).toEqual([429, 1429, 'Muitas tentativas. Tente novamente em 60 min'])
    // Known receivers too, so the answer tells nothing while limited.
    expect((await send(a, b.email, '1')).http).toBe(429)
    expect((await send(a, String(b.uId), '1')).http).toBe(429)
    // Another sender is not affected.
    expect((await send(other, b.email, '1')).body.status).toBe(200)
    t.advance(3_600_000)
    expect((await send(a, b.email, '1')).body.status).toBe(200)
  })
})
