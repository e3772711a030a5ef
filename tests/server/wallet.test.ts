import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { addWageringRequirement, countWager } from '../../src/server/wallet/wagering'
import { creditWin } from '../../src/server/wallet/wallet'
import { centavosOf } from '../centavos'
import { call, startTestApp, type TestApp } from './testApp'
import { balances, checkLedgerAfterEach, deposit, fundCash, newPlayer, packagePrice, pkg100, stake, verifiedPlayer, wageringLeft } from './walletHelpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())
checkLedgerAfterEach(() => t)

const at = () => new Date()
const bet = (userId: bigint, amount: bigint) => t.db.tx((q) => stake(q, t, userId, amount, 'round-1'))
/** A stake that counts in full toward a gift: a game outside the contribution table, aiming at 2x. */
const counted = (userId: bigint, stake: bigint) =>
  t.db.tx((q) => countWager(q, t.config.wallet, userId, { game: 'other', stake, multiplier4: 20_000n, placedAt: at() }, at()))

describe('wallet rules', () => {
  it('the wire balance is cash + bonus; only cash is withdrawable', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 5_000n)
    await fundCash(t, p.userId, 2_550n, 'bonus')
    expect((await call(t, calls.getBalance, { token: p.token })).body.data.balance).toBe(75.5)
    expect((await call(t, calls.userInfo, { token: p.token })).body.data.balance).toBe(75.5)
    expect((await call(t, calls.getWithdraw, { token: p.token })).body.data.wdAmount).toBe(50)
  })

  it('a bet spends cash first, then bonus, and refuses more than both (9999 on the wire)', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 1_000n)
    await fundCash(t, p.userId, 500n, 'bonus')
    expect(await bet(p.userId, 600n)).toEqual({ code: 'OK', fromCash: 600n, fromBonus: 0n })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 400n, bonus: 500n })
    expect(await bet(p.userId, 700n)).toEqual({ code: 'OK', fromCash: 400n, fromBonus: 300n })
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 200n })
    expect((await bet(p.userId, 201n)).code).toBe('INSUFFICIENT_BALANCE')
    expect(await balances(t, p.userId)).toMatchObject({ cash: 0n, bonus: 200n })
    await expect(bet(p.userId, 0n)).rejects.toThrow(/positive/)
  })

  it('a win goes to cash; the bonus-paid share goes back to bonus while wagering is open', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 100n)
    await fundCash(t, p.userId, 300n, 'bonus')
    await t.db.tx((q) => addWageringRequirement(q, p.userId, 4_500n, 300n, at()))
    const funding = await bet(p.userId, 400n)
    expect(funding).toEqual({ code: 'OK', fromCash: 100n, fromBonus: 300n })
    await t.db.tx((q) => creditWin(q, p.userId, 1_000n, { funding, ref: 'round-1', at: at() }))
    // 3/4 of the stake was bonus: 750 back to bonus, 250 to cash.
    expect(await balances(t, p.userId)).toMatchObject({ cash: 250n, bonus: 750n })
    expect(await t.db.tx((q) => creditWin(q, p.userId, 0n, { at: at() }))).toBeNull()
    await t.db.tx((q) => creditWin(q, p.userId, 99n, { kind: 'prize', at: at() }))
    expect((await balances(t, p.userId)).cash).toBe(349n)
  })

  it('a gift goes to bonus with 15x wagering; once wagered the bonus turns into cash', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price, gift, x } = await packagePrice(t, pkgId)
    expect(x).toBe(15)
    await deposit(t, p, pkgId, 1)
    expect(await balances(t, p.userId)).toMatchObject({ cash: price, bonus: gift })
    expect(await wageringLeft(t, p)).toBe(gift * 15n)
    // Wager all but one centavo of the requirement with stakes that are won back, so money stays.
    let left = gift * 15n
    while (left > 1n) {
      const stake = left - 1n > 5_000n ? 5_000n : left - 1n
      const f = await bet(p.userId, stake)
      await t.db.tx((q) => creditWin(q, p.userId, stake, { funding: f, at: at() }))
      await counted(p.userId, stake)
      left -= stake
    }
    expect(await wageringLeft(t, p)).toBe(1n)
    const before = await balances(t, p.userId)
    expect(before.bonus).toBeGreaterThan(0n)
    expect(centavosOf((await call(t, calls.getWithdraw, { token: p.token })).body.data.wdAmount)).toBe(before.cash)
    const last = await bet(p.userId, 1n)
    expect(await counted(p.userId, 1n)).toBe(before.bonus - last.fromBonus)
    const after = await balances(t, p.userId)
    expect(after.bonus).toBe(0n)
    expect(after.cash).toBe(before.cash + before.bonus - 1n)
    expect(await wageringLeft(t, p)).toBe(0n)
    expect(centavosOf((await call(t, calls.getWithdraw, { token: p.token })).body.data.wdAmount)).toBe(after.cash)
  })

  it('a gift declined (gift 0) credits only the price', async () => {
    const p = await verifiedPlayer(t)
    const pkgId = await pkg100(t)
    const { price } = await packagePrice(t, pkgId)
    await deposit(t, p, pkgId, 0)
    expect(await balances(t, p.userId)).toMatchObject({ cash: price, bonus: 0n })
    expect(await wageringLeft(t, p)).toBe(0n)
  })

  it('a bonus lost to nothing keeps its requirement until a new gift starts afresh', async () => {
    const p = await verifiedPlayer(t)
    await fundCash(t, p.userId, 1_000n, 'bonus')
    await t.db.tx((q) => addWageringRequirement(q, p.userId, 15_000n, 1_000n, at()))
    await bet(p.userId, 1_000n)
    await counted(p.userId, 1_000n)
    // The bet may still win: what it won back from bonus stays bonus, under the same requirement.
    expect(await wageringLeft(t, p)).toBe(14_000n)
    // A new gift while the bonus is empty: the old requirement belonged to a lost bonus.
    await deposit(t, p, await pkg100(t), 1)
    const { gift } = await packagePrice(t, await pkg100(t))
    expect(await wageringLeft(t, p)).toBe(gift * 15n)
    // A second gift while bonus remains adds up.
    await deposit(t, p, await pkg100(t), 1)
    expect(await wageringLeft(t, p)).toBe(gift * 30n)
  })

  it('wallet_bets takes one stake per player in a call: two of one player (which one UPDATE would apply once, against two sets of entries) are refused with nothing written, as is a stake that is not positive', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 1_000n)
    const before = await balances(t, p.userId)
    const entries = async () => (await t.db.query<{ n: bigint }>('SELECT count(*) AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1', [p.userId])).rows[0]!.n
    const had = await entries()
    const call = (stakes: [number, number][]) =>
      t.db.query(
        `SELECT * FROM wallet_bets(ARRAY(SELECT ROW(x.n, $1::bigint, x.stake, 0, 'twice', now(), current_date, '{}'::jsonb, 1000)::wallet_stake
           FROM unnest($2::int[], $3::bigint[]) AS x(n, stake)))`,
        [p.userId, stakes.map(([n]) => n), stakes.map(([, stake]) => stake)],
      )
    await expect(call([[1, 600], [2, 600]])).rejects.toThrow(/one positive stake per player/)
    await expect(call([[1, 0]])).rejects.toThrow(/one positive stake per player/)
    await expect(call([[1, -5]])).rejects.toThrow(/one positive stake per player/)
    expect(await balances(t, p.userId)).toEqual(before)
    expect(await entries()).toBe(had)
    // One stake of that player goes through.
    expect((await call([[1, 600]])).rows[0]).toMatchObject({ code: 'OK' })
    expect((await balances(t, p.userId)).cash).toBe(400n)
  })

  it('posts every movement as one balanced transaction (the invariant check itself can fail)', async () => {
    const p = await newPlayer(t)
    await fundCash(t, p.userId, 100n)
    const house = (await t.db.query<{ id: bigint }>(`SELECT id FROM ledger_accounts WHERE kind = 'house' AND user_id IS NULL`)).rows[0]!.id
    // Drift one balance behind the ledger's back, check the invariant catches it, then put it back.
    await t.db.query('UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [house])
    const { expectLedgerInvariant } = await import('./walletHelpers')
    await expect(expectLedgerInvariant(t.db)).rejects.toThrow()
    await t.db.query('UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [house])
  })
})
