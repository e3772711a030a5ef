import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { login } from './flows'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, callKeyed, checkLedgerAfterEach, fundCash, listen, newPlayer, recorder, socketFor, waitFor, type ClientSocket, type Player } from './walletHelpers'

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
    const a = await newPlayer(t)
    const b = await newPlayer(t)
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
    expect((await send(b, String(a.userId), 2)).body.status).toBe(200)
    expect(await balances(t, a.userId)).toMatchObject({ cash: 8_966n })
    expect(await balances(t, b.userId)).toMatchObject({ cash: 1_034n })
  })

  it('refuses self, unknown users, zero and more than the cash balance (bonus is not transferable)', async () => {
    const a = await newPlayer(t)
    const b = await newPlayer(t)
    await fundCash(t, a.userId, 1_000n)
    await fundCash(t, a.userId, 5_000n, 'bonus')
    let res = await send(a, a.email, '1')
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 3201, 'Não é possível transferir para a sua própria conta'])
    expect((await send(a, String(a.userId), '1')).body.status).toBe(3201)
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
    const a = await newPlayer(t)
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
    const a = await newPlayer(t)
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
