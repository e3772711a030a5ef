import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BET_RESULT } from '../../src/shared/codes'
import { calls, walletRecordDetailSchema, walletRecordSchema } from '../../src/shared/contract'
import * as casino from '../../src/shared/contract/casino'
import { creditWin } from '../../src/server/wallet/wallet'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, CPF, deposit, fundCash, newPlayer, pkg100, prePay, stake, verifiedPlayer, type Player } from './walletHelpers'

let t: TestApp
let a: Player
let b: Player
const ids = {} as Record<'deposit' | 'withdrawal' | 'transferOut' | 'transferIn' | 'pending', string>
beforeAll(async () => {
  t = await startTestApp()
  a = await verifiedPlayer(t, { cpf: CPF.a })
  b = await verifiedPlayer(t)
  // A's history: a paid deposit, a pending one, a withdrawal, a transfer out and one in, a bet, a win, a prize.
  ids.deposit = await deposit(t, a, await pkg100(t), 0)
  ids.withdrawal = (await callKeyed(t, calls.withdraw, { token: a.token, body: { payCardBank: 'CPF', payCardNo: CPF.a, amount: '30' } })).body.data.orderId
  await fundCash(t, b.userId, 5_000n)
  ids.transferOut = (await callKeyed(t, calls.transfer, { token: a.token, body: { toUser: b.email, amount: '5' } })).body.data.id
  ids.transferIn = (await callKeyed(t, calls.transfer, { token: b.token, body: { toUser: a.email, amount: '7' } })).body.data.id
  await t.db.tx(async (q) => {
    const funding = await stake(q, t, a.userId, 1_000n, 'dice-42')
    await creditWin(q, a.userId, 1_980n, { funding, ref: 'dice-42', at: new Date() })
    await creditWin(q, a.userId, 500n, { kind: 'prize', ref: 'vip-1', at: new Date() })
  })
  t.advance(1_000)
  ids.pending = (await prePay(t, a.token, await pkg100(t), 0)).body.data.orderId
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const list = async (query: Record<string, string> = {}, who: Player = a) => call(t, calls.records, { token: who.token, query })

describe('wallet records', () => {
  it('lists deposits, withdrawals, transfers, bets, wins and prizes, newest first, with the codes', async () => {
    const res = await list()
    expect(res.body.status).toBe(200)
    const { records, total, page, size } = res.body.data
    expect([total, page, size]).toEqual([8, 1, 20])
    for (const r of records) expect(walletRecordSchema.safeParse(r).success).toBe(true)
    expect(records[0].id).toBe(ids.pending)
    const byType = Object.fromEntries(records.map((r: { type: number }) => [r.type, 0]))
    for (const r of records) byType[r.type]++
    expect(byType).toEqual({ 10: 2, 11: 1, 31: 1, 32: 1, 41: 1, 42: 1, 19: 1 })
    const find = (id: string) => records.find((r: { id: string }) => r.id === id)
    expect(find(ids.deposit)).toMatchObject({ type: 10, status: '10', amount: 100 })
    expect(find(ids.pending)).toMatchObject({ type: 10, status: '00', amount: 100 })
    expect(find(ids.withdrawal)).toMatchObject({ type: 11, status: '00', amount: 30 })
    expect(find(ids.transferOut)).toMatchObject({ type: 31, status: '10', amount: 5 })
    expect(find(ids.transferIn)).toMatchObject({ type: 32, status: '10', amount: 7 })
    expect(records.find((r: { type: number }) => r.type === 41)).toMatchObject({ amount: 10 })
    expect(records.find((r: { type: number }) => r.type === 42)).toMatchObject({ amount: 19.8 })
    expect(records.find((r: { type: number }) => r.type === 19)).toMatchObject({ amount: 5 })
    // The other side of a transfer sees it the other way round.
    const bRecords = (await list({}, b)).body.data.records
    expect(bRecords.map((r: { id: string; type: number }) => [r.id, r.type]).sort()).toEqual([[ids.transferIn, 31], [ids.transferOut, 32]].sort())
  })

  it('filters by type and pages', async () => {
    expect((await list({ type: '10' })).body.data.records.map((r: { id: string }) => r.id)).toEqual([ids.pending, ids.deposit])
    expect((await list({ type: '31,32' })).body.data.total).toBe(2)
    const p1 = (await list({ size: '3', page: '1' })).body.data
    const p3 = (await list({ size: '3', page: '3' })).body.data
    expect([p1.records.length, p3.records.length, p1.total, p3.total]).toEqual([3, 2, 8, 8])
    const all = [...p1.records, ...(await list({ size: '3', page: '2' })).body.data.records, ...p3.records].map((r: { id: string }) => r.id)
    expect(new Set(all).size).toBe(8)
    expect((await list({ size: '3', page: '9' })).body.data).toMatchObject({ records: [], total: 8 })
    const bads: Record<string, string>[] = [{ type: '12' }, { type: 'x' }, { size: '101' }, { page: '0' }, { from: '2026-02-30' }, { to: '26-01-01' }]
    for (const bad of bads) {
      expect((await list(bad)).http, JSON.stringify(bad)).toBe(400)
    }
  })

  it('filters by day in São Paulo, both ends included', async () => {
    // 02:30 UTC on the 10th is still the 9th in São Paulo.
    await t.db.query(`UPDATE transfers SET created_at = '2026-01-10T02:30:00Z' WHERE id = $1`, [BigInt(ids.transferOut.slice(1))])
    await t.db.query(`UPDATE transfers SET created_at = '2026-01-11T03:00:00Z' WHERE id = $1`, [BigInt(ids.transferIn.slice(1))])
    const ids9 = (await list({ from: '2026-01-09', to: '2026-01-09' })).body.data.records.map((r: { id: string }) => r.id)
    expect(ids9).toEqual([ids.transferOut])
    expect((await list({ from: '2026-01-10', to: '2026-01-10' })).body.data.total).toBe(0)
    expect((await list({ from: '2026-01-09', to: '2026-01-11' })).body.data.total).toBe(2)
    expect((await list({ from: '2026-01-11' })).body.data.records.map((r: { id: string }) => r.id)).toContain(ids.transferIn)
    expect((await list({ to: '2026-01-10' })).body.data.records.map((r: { id: string }) => r.id)).toEqual([ids.transferOut])
  })

  it('opens each record by its id, with what its source knows; never another user’s', async () => {
    const open = async (id: string, who: Player = a) => call(t, calls.record, { token: who.token, params: { id } })
    const dep = (await open(ids.deposit)).body.data
    expect(walletRecordDetailSchema.safeParse(dep).success).toBe(true)
    expect(dep).toMatchObject({ id: ids.deposit, type: 10, status: '10', amount: 100, gift: 0 })
    expect(dep.payNo).toMatch(/^[A-Z0-9]{32}$/)
    expect(dep.closedAt).toEqual(expect.any(String))
    expect((await open(ids.withdrawal)).body.data).toMatchObject({ type: 11, payCardBank: 'CPF', payCardNo: '*******4725', closedAt: null })
    const out = (await open(ids.transferOut)).body.data
    // The other side by its public uId, never the internal id.
    expect(out.counterpart.uId).toBe(b.uId)
    expect(out.counterpart.uId).not.toBe(Number(b.userId))
    expect(out.counterpart.email).toMatch(/^[a-z]{2}\*\*\*@example\.com$/)
    const ledgerId = (await list({ type: '41' })).body.data.records[0].id
    expect((await open(ledgerId)).body.data).toMatchObject({ type: 41, ref: 'dice-42', amount: 10 })
    for (const id of [ids.deposit, ids.withdrawal, ledgerId, 'D999999999']) {
      const res = await open(id, b)
      expect([res.http, res.body.status], id).toEqual([404, 3401])
    }
    expect((await open(ids.transferOut, b)).body.data.type).toBe(32)
    expect((await open('X1')).http).toBe(400)
  })
})

describe('casino bets in records', () => {
  it('a mines game shows as a bet and a win, each opening to the bet with its result code', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 10_000n)
    const started = await callKeyed(t, casino.minesStart, { token: p.token, body: { amount: '2.00', mines: 1 } })
    const betId = started.body.data.betId as string
    // While open the bet shows as 'betting' (-10).
    const open = (await call(t, calls.records, { token: p.token, query: { type: '41' } })).body.data.records
    expect(open).toHaveLength(1)
    const openDetail = (await call(t, calls.record, { token: p.token, params: { id: open[0].id } })).body.data
    expect(walletRecordDetailSchema.parse(openDetail).bet).toMatchObject({ betId, game: 'mines', result: BET_RESULT.BETTING, stake: 2 })
    // Reveal tiles until the game ends either way.
    let bet = started.body.data
    for (let tile = 0; bet.state === 'active' && tile < 25; tile++) {
      bet = (await callKeyed(t, casino.minesReveal, { token: p.token, body: { tile } })).body.data
      if (bet.state === 'active' && bet.revealed.length === 2) bet = (await callKeyed(t, casino.minesCashout, { token: p.token, body: {} })).body.data
    }
    const list = (await call(t, calls.records, { token: p.token })).body.data.records as Array<{ id: string; type: number; amount: number }>
    const betRow = list.find((r) => r.type === 41)!
    expect(betRow.amount).toBe(2)
    const detail = (await call(t, calls.record, { token: p.token, params: { id: betRow.id } })).body.data
    expect(detail.bet).toMatchObject({ betId, result: bet.state === 'won' ? BET_RESULT.WIN : BET_RESULT.LOSE, multiplier: bet.multiplier, payout: bet.payout, nonce: bet.nonce })
    const winRow = list.find((r) => r.type === 42)
    expect(Boolean(winRow)).toBe(bet.state === 'won')
    if (winRow) expect(winRow.amount).toBe(bet.payout)
  })
})
