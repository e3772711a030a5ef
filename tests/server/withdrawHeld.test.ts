import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { callKeyed, checkLedgerAfterEach, deposit, fundCash, newPlayer, pkg100, stake, verifiedPlayer, type Player } from './walletHelpers'

/**
 * getWithdraw says why the withdrawable amount (wdAmount) is below the balance: the bonus and the
 * wagering it still needs, the deposited cash its turnover holds, and beside the balance what
 * pending withdrawals hold and a MED return's debt. It also gives the verified identity, which the
 * withdrawal form fills in.
 */
let t: TestApp
beforeAll(async () => {
  // The test apps turn the deposit turnover off by default; on here, at the app's own default (1x).
  t = await startTestApp({}, { DEPOSIT_TURNOVER: '1' })
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const limits = async (p: Player) => (await call(t, calls.getWithdraw, { token: p.token })).body.data
const noneHeld = { bonus: 0, wagerLeft: 0, turnover: 0, turnoverLeft: 0, pending: 0, debt: 0 }

describe('getWithdraw: what holds the balance back', () => {
  it('a new player: nothing held, no identity yet', async () => {
    const p = await newPlayer(t)
    const l = await limits(p)
    expect(l.wdAmount).toBe(0)
    expect(l.held).toEqual({ balance: 0, ...noneHeld })
    expect(l.identity).toBeNull()
  })

  it('names the bonus and its wagering, the deposit turnover, pending withdrawals and a debt; the parts add up to the balance', async () => {
    const p = await verifiedPlayer(t, { name: 'Maria da Silva' })
    // R$ 100 with its R$ 15 gift (wagered 15x): the deposit must be staked once before it leaves.
    await deposit(t, p, await pkg100(t), 1)
    let l = await limits(p)
    expect(l.wdAmount).toBe(0)
    expect(l.held).toEqual({ balance: 115, bonus: 15, wagerLeft: 225, turnover: 100, turnoverLeft: 100, pending: 0, debt: 0 })
    expect(l.identity).toEqual({ name: 'Maria da Silva', cpf: p.cpf })

    // A R$ 10 stake (from cash) counts in full toward the turnover: R$ 90 is still held.
    await t.db.tx(async (q) => expect((await stake(q, t, p.userId, 1_000n)).code).toBe('OK'))
    // Cash that came from elsewhere (a settled win, say) owes no turnover.
    await fundCash(t, p.userId, 5_000n)
    l = await limits(p)
    expect(l.wdAmount).toBe(50)
    expect(l.held).toMatchObject({ balance: 155, bonus: 15, turnover: 90, turnoverLeft: 90, pending: 0 })
    expect(l.wdAmount + l.held.bonus + l.held.turnover).toBe(l.held.balance)

    // A withdrawal leaves the balance at once and waits, held, until it is paid.
    const res = await callKeyed(t, calls.withdraw, { token: p.token, body: { payCardBank: 'CPF', payCardNo: p.cpf, name: 'Maria da Silva', amount: '30' } })
    expect(res.body.status).toBe(200)
    l = await limits(p)
    expect(l.wdAmount).toBe(20)
    expect(l.held).toMatchObject({ balance: 125, turnover: 90, pending: 30 })

    // Stakes of all the cash (R$ 50 at most each while a gift is wagered): the turnover is met, the bonus alone is left.
    for (const amount of [5_000n, 5_000n, 1_000n]) await t.db.tx(async (q) => expect((await stake(q, t, p.userId, amount)).code).toBe('OK'))
    l = await limits(p)
    expect(l.wdAmount).toBe(0)
    expect(l.held).toMatchObject({ balance: 15, bonus: 15, turnover: 0, turnoverLeft: 0, pending: 30 })

    // A MED return's debt is named (nothing leaves while it is open).
    await t.db.query('INSERT INTO player_debts (user_id, amount, updated_at) VALUES ($1, 1234, now())', [p.userId])
    expect((await limits(p)).held.debt).toBe(12.34)
  })

  it('the turnover held is never more than the cash', async () => {
    const p = await verifiedPlayer(t)
    await deposit(t, p, await pkg100(t), 0)
    await t.db.query('UPDATE cash_turnover SET outstanding = 50000 WHERE user_id = $1', [p.userId])
    const l = await limits(p)
    expect(l.held).toEqual({ balance: 100, bonus: 0, wagerLeft: 0, turnover: 100, turnoverLeft: 500, pending: 0, debt: 0 })
    expect(l.wdAmount).toBe(0)
  })
})
